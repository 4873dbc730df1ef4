import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Referral } from '@brnd/contracts/api/referrals';
import {
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
} from '@brnd/contracts/domain/constants';
import { referralAccountCode } from '@brnd/contracts/domain/referrals';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Badge } from '../../components/Badge/Badge.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { referralLink } from '../shared/referral-link.ts';
import styles from './ReferralsScreen.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

export type CopyState = { code: string; outcome: 'copied' | 'failed' } | null;

export interface ReferralsViewProps {
  /** The user's links; undefined while loading or after a failed load. */
  rows: readonly Referral[] | undefined;
  failed?: boolean;
  onRetry(): void;
  /** The site's origin the links are written with. */
  origin: string;
  onCopy(code: string): void;
  /** The last copy's outcome, said for a moment under the table. */
  copy: CopyState;
  onEdit(referral: Referral): void;
  /** Archive or delete one of the user's further links (never the account's own). */
  onRemove(referral: Referral, action: 'archive' | 'delete'): void;
  onAdd(): void;
  /** The open dialog, if any. */
  children?: ReactNode;
}

/**
 * A link the user added, not their account's own (whose code is the account's): only these can
 * be archived or deleted. Delete is offered while the link has brought no sign-up or reward.
 */
function isFurtherLink(row: Referral): boolean {
  return referralAccountCode(row.code) !== row.code.toUpperCase();
}

/** The referrals tab: the user's links with their counts, copy, edit and 'add a new link'. */
export function ReferralsView({
  rows,
  failed = false,
  onRetry,
  origin,
  onCopy,
  copy,
  onEdit,
  onRemove,
  onAdd,
  children,
}: ReferralsViewProps) {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(Math.floor(value));

  let body;
  if (rows === undefined && !failed) {
    body = <Spinner size="large" label={intl.formatMessage({ id: 'referrals.loading' })} />;
  } else if (failed) {
    body = (
      <div className={styles.failed}>
        <Alert variant="danger">{intl.formatMessage({ id: 'referrals.fetchFailed' })}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {intl.formatMessage({ id: 'referrals.retry' })}
        </Button>
      </div>
    );
  } else if (rows!.length === 0) {
    body = <p>{intl.formatMessage({ id: 'referrals.empty' })}</p>;
  } else {
    body = (
      <TableScroll
        label={intl.formatMessage({ id: 'referrals.table.caption' })}
        className={styles.scroll}
      >
        <table className={styles.table}>
          <caption className="visually-hidden">
            {intl.formatMessage({ id: 'referrals.table.caption' })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'referrals.table.link' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'referrals.table.description' })}</th>
              <th scope="col" className={styles.number}>
                {intl.formatMessage({ id: 'referrals.table.clicks' })}
              </th>
              <th scope="col" className={styles.number}>
                {intl.formatMessage({ id: 'referrals.table.signups' })}
              </th>
              <th scope="col" className={styles.number}>
                {intl.formatMessage({ id: 'referrals.table.tokens' })}
              </th>
              <th scope="col">{intl.formatMessage({ id: 'referrals.table.options' })}</th>
            </tr>
          </thead>
          <tbody>
            {rows!.map((row) => (
              <tr key={row.code}>
                <td className={styles.link}>{referralLink(origin, row.code)}</td>
                <td className={styles.description}>
                  {row.description || (
                    <span className={styles.muted}>
                      {intl.formatMessage({ id: 'referrals.table.noDescription' })}
                    </span>
                  )}
                  {row.archived && (
                    <Badge tone="neutral">
                      {intl.formatMessage({ id: 'referrals.archivedBadge' })}
                    </Badge>
                  )}
                </td>
                <td className={styles.number}>{number(row.clicks)}</td>
                <td className={styles.number}>{number(row.signups)}</td>
                <td className={styles.number}>{number(row.tokens)}</td>
                <td>
                  <div className={styles.options}>
                    <Button variant="secondary" onClick={() => onCopy(row.code)}>
                      {intl.formatMessage({ id: 'referrals.copy' }, { code: row.code })}
                    </Button>
                    <Button variant="ghost" onClick={() => onEdit(row)}>
                      {intl.formatMessage({ id: 'referrals.edit' }, { code: row.code })}
                    </Button>
                    {isFurtherLink(row) && !row.archived && (
                      <Button variant="ghost" onClick={() => onRemove(row, 'archive')}>
                        {intl.formatMessage({ id: 'referrals.archive' }, { code: row.code })}
                      </Button>
                    )}
                    {isFurtherLink(row) && row.signups === 0 && row.tokens === 0 && (
                      <Button variant="ghost" onClick={() => onRemove(row, 'delete')}>
                        {intl.formatMessage({ id: 'referrals.delete' }, { code: row.code })}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="referrals-banner">
      <div className={styles.banner}>
        <h2 id="referrals-banner">{intl.formatMessage({ id: 'referrals.banner.title' })}</h2>
        <p>
          {intl.formatMessage(
            { id: 'referrals.banner.text' },
            {
              userReward: REFERRAL_REWARD_USER_BRND,
              brandReward: REFERRAL_REWARD_BRAND_BRND,
              saleShare: REFERRAL_SALE_SHARE,
            },
          )}
        </p>
      </div>
      <div className={styles.toolbar}>
        <Button onClick={onAdd}>{intl.formatMessage({ id: 'referrals.addLink' })}</Button>
      </div>
      {body}
      <p role="status" className={styles.status} data-transient>
        {copy?.outcome === 'copied' && intl.formatMessage({ id: 'referrals.copied' })}
        {copy?.outcome === 'failed' && intl.formatMessage({ id: 'referrals.copyFailed' })}
      </p>
      {children}
    </section>
  );
}
