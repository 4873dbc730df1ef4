import { useState } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_PAGE_SIZE,
  activity,
  type ActivityRow,
  type ActivitySource,
} from '@brnd/contracts/api/activity';
import type { ApiClient } from '@brnd/contracts/api/client';
import { wholeTokens } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { Link } from '../../navigation.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import styles from './TransactionsView.module.css';
import screen from '../shared/screen.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

export function activityQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ['activity', page],
    queryFn: async () =>
      (
        await api.call(activity, {
          query: { limit: ACTIVITY_PAGE_SIZE, offset: page * ACTIVITY_PAGE_SIZE },
        })
      ).activity,
    placeholderData: keepPreviousData,
  });
}

/** Where a movement's row leads; a card order has no page of its own. */
const SOURCE_PATHS: Partial<Record<ActivitySource, (id: string) => string>> = {
  order: (id) => `/user/buytoken/${id}`,
  brand: (id) => `/brand/${id}`,
  referrals: () => '/user/referrals',
  payout: () => '/user/wallet',
};

/**
 * Every movement of the user's BRND balance (purchases, operators' credits, rewards, payouts),
 * each opening its source, so the balance can be explained row by row.
 */
export function ActivitySection() {
  const intl = useIntl();
  const api = useApiClient();
  const [page, setPage] = useState(0);
  const query = useQuery(activityQueryOptions(api, page));
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);

  return (
    <Card title={t('transactions.activity.heading')}>
      <p className={screen.muted}>{t('transactions.activity.intro')}</p>
      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>
      ) : query.data.count === 0 ? (
        <p className={screen.muted}>{t('transactions.activity.empty')}</p>
      ) : (
        <>
          <TableScroll label={t('transactions.activity.heading')} className={styles.scroll}>
            <table className={styles.table} aria-busy={query.isPlaceholderData}>
              <thead>
                <tr>
                  <th scope="col">{t('transactions.activity.date')}</th>
                  <th scope="col">{t('transactions.activity.what')}</th>
                  <th scope="col" className={styles.number}>
                    {t('transactions.activity.tokens')}
                  </th>
                  <th scope="col">{t('transactions.activity.source')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.rows.map((row) => (
                  <ActivityRowView key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination
            label={t('transactions.activity.pagination')}
            page={page}
            pages={Math.max(1, Math.ceil(query.data.count / ACTIVITY_PAGE_SIZE))}
            onPageChange={setPage}
            busy={query.isPlaceholderData}
          />
        </>
      )}
    </Card>
  );
}

function ActivityRowView({ row }: { row: ActivityRow }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const date = intl.formatDate(row.at, { dateStyle: 'medium', timeStyle: 'short' });
  const what = t(`transactions.activity.kinds.${row.kind}`);
  const path = row.source && SOURCE_PATHS[row.source.type]?.(row.source.id);
  const action = row.source && path ? t(`transactions.activity.open.${row.source.type}`) : null;
  return (
    <tr>
      <td>{date}</td>
      <td>{what}</td>
      <td className={styles.number}>
        {intl.formatNumber(wholeTokens(row.brnd_tokens), { signDisplay: 'exceptZero' })}
      </td>
      <td>
        {path && action && (
          <Link to={path} aria-label={t('transactions.activity.openLabel', { action, what, date })}>
            {action}
          </Link>
        )}
      </td>
    </tr>
  );
}
