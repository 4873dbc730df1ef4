import { useIntl } from 'react-intl';
import type { HeldFile, VerificationItem } from '@brnd/contracts/api/admin-verification';
import { VERIFICATION_TIME_ZONE } from '@brnd/contracts/domain/verification';
import { Badge } from '../../components/Badge/Badge.tsx';
import { Button } from '../../components/Button/Button.tsx';
import styles from './AdminVerification.module.css';
import { ADMIN_TIME } from '../shared/admin-time.ts';
import { countryName } from '../shared/countries.ts';

export interface VerificationItemViewProps {
  item: VerificationItem;
  /** Which of this item's actions is running, if any. */
  busy?: 'approve' | 'reject' | 'revoke' | 'delete' | null;
  /** A pending item is approved or rejected; a verified one may be revoked. */
  onApprove(): void;
  onReject(): void;
  onRevoke(): void;
  /** Companies only: the terms allow deleting an account without a reason. */
  onDelete?(): void;
  /** Fetches an uploaded document with the operator's session and saves it. */
  onDownload(file: HeldFile): void;
  /** The document being downloaded, if any. */
  downloading?: number | null;
}

const STATUS_TONE = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
  revoked: 'danger',
} as const satisfies Record<VerificationItem['status'], string>;

/** One request in the queue: what we were told, what the terms still need, and the decision. */
export function VerificationItemView({
  item,
  busy = null,
  onApprove,
  onReject,
  onRevoke,
  onDelete,
  onDownload,
  downloading = null,
}: VerificationItemViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `adminVerification.${id}` }, values);
  // The promise is kept on the Provider's calendar, so its times read in Warsaw.
  const when = (iso: string) =>
    intl.formatDate(iso, { ...ADMIN_TIME, weekday: 'short', timeZone: VERIFICATION_TIME_ZONE });
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? intl.formatNumber(bytes / (1024 * 1024), {
          style: 'unit',
          unit: 'megabyte',
          maximumFractionDigits: 1,
        })
      : intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), {
          style: 'unit',
          unit: 'kilobyte',
        });
  const headingId = `verification-${item.kind}-${item.id}`;
  const held = item.documents.filter((document) => document.held).length;

  const fields: [string, string | number | null][] =
    item.kind === 'brand'
      ? [
          ['owner', item.brand.owner_name],
          ['email', item.email],
          ['website', item.brand.website],
          ['description', item.brand.description],
          ['industry', item.brand.industry],
          ['ticker', item.brand.token_ticker],
          ['employees', item.brand.no_of_employees],
          [
            'address',
            [
              item.brand.address1,
              [item.brand.postal_code, item.brand.city].filter(Boolean).join(' '),
              item.brand.state,
              item.brand.country && countryName(item.brand.country, intl.locale),
            ]
              .filter(Boolean)
              .join(', '),
          ],
          ['operatingAddress', item.brand.operating_address],
        ]
      : [
          ['email', item.email],
          ['phone', item.company.phone],
          ['vat', item.company.vat_number],
          ['employees', item.company.employees],
          ['billingAddress', item.company.billing_address],
          ['operatingAddress', item.company.operating_address],
        ];
  // What a rejected or revoked brand was told, so an operator reads the decision in one place.
  if (item.reason) fields.push(['sentReason', item.reason]);

  return (
    <article className={styles.item} aria-labelledby={headingId}>
      <header className={styles.itemHeader}>
        {item.logo_url ? (
          <img
            className={styles.logo}
            src={item.logo_url}
            alt={t('logo', { name: item.name })}
            width={64}
            height={64}
          />
        ) : (
          <p className={styles.noLogo}>{t('noLogo')}</p>
        )}
        <div className={styles.itemTitle}>
          <h3 id={headingId}>{item.name}</h3>
          <p className={styles.meta}>
            <Badge>{t(`kinds.${item.kind}`)}</Badge>
            <span>{t('submitted', { date: when(item.submitted_at) })}</span>
            {item.status === 'pending' ? (
              <span>{t('due', { date: when(item.due_at) })}</span>
            ) : (
              <>
                <Badge tone={STATUS_TONE[item.status]}>{t(`statuses.${item.status}`)}</Badge>
                {item.decided_at && <span>{t('decided', { date: when(item.decided_at) })}</span>}
              </>
            )}
            {item.overdue && <Badge tone="danger">{t('overdue')}</Badge>}
          </p>
        </div>
      </header>

      <div className={styles.columns}>
        <div>
          <h4>{t('data')}</h4>
          <dl className={styles.fields}>
            {fields
              .filter(([, value]) => value !== null && value !== '')
              .map(([key, value]) => (
                <div key={key} className={styles.field}>
                  <dt>{t(key === 'sentReason' ? key : `fields.${key}`)}</dt>
                  <dd>{typeof value === 'number' ? intl.formatNumber(value) : value}</dd>
                </div>
              ))}
          </dl>
        </div>
        <div>
          <h4>{t('documentsHeading')}</h4>
          <p className={styles.summary}>
            {t('documentsSummary', { held, total: item.documents.length })}
          </p>
          <ul className={styles.documents}>
            {item.documents.map(({ document, held: isHeld, file }) => (
              <li key={document}>
                <div className={styles.document}>
                  <span>{t(`documents.${document}`)}</span>
                  {file && (
                    <span className={styles.file}>
                      <Button
                        variant="ghost"
                        className={styles.fileName}
                        busy={downloading === file.id}
                        aria-label={t('download', {
                          document: t(`documents.${document}`),
                          name: file.file_name,
                        })}
                        onClick={() => onDownload(file)}
                      >
                        {file.file_name}
                      </Button>
                      <span className={styles.fileMeta}>
                        {size(file.size)}, {t('uploadedAt', { date: when(file.uploaded_at) })}
                      </span>
                    </span>
                  )}
                </div>{' '}
                <Badge tone={isHeld ? 'success' : 'warning'}>
                  {t(isHeld ? 'held' : 'missing')}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className={styles.actions}>
        {item.status === 'pending' && (
          <>
            <Button
              onClick={onApprove}
              busy={busy === 'approve'}
              disabled={busy !== null}
              aria-describedby={headingId}
            >
              {t('approve')}
            </Button>
            <Button
              variant="secondary"
              onClick={onReject}
              disabled={busy !== null}
              aria-describedby={headingId}
            >
              {t('reject')}
            </Button>
          </>
        )}
        {item.status === 'verified' && (
          <Button
            variant="secondary"
            onClick={onRevoke}
            busy={busy === 'revoke'}
            disabled={busy !== null}
            aria-describedby={headingId}
          >
            {t('revoke')}
          </Button>
        )}
        {onDelete && (
          <Button
            variant="danger"
            onClick={onDelete}
            busy={busy === 'delete'}
            disabled={busy !== null}
            aria-describedby={headingId}
          >
            {t('delete')}
          </Button>
        )}
      </div>
    </article>
  );
}
