import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { HeldFile, VerificationItem } from '@brnd/contracts/api/admin-verification';
import {
  VERIFICATION_BUSINESS_DAYS,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@brnd/contracts/domain/verification';
import { Card } from '../../components/Card/Card.tsx';
import { Tabs } from '../../components/Tabs/Tabs.tsx';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import screen from '../shared/screen.module.css';
import styles from './AdminVerification.module.css';
import { VerificationItemView, type VerificationItemViewProps } from './VerificationItemView.tsx';

export interface AdminVerificationViewProps {
  /** The open tab: the requests in this status are listed. */
  status: VerificationStatus;
  onStatusChange(status: VerificationStatus): void;
  /** The open tab's requests; undefined while they load or after a failed load. */
  items: readonly VerificationItem[] | undefined;
  /** Why the requests could not be loaded; null when nothing failed. */
  loadError: Error | null;
  onRetry(): void;
  /** Which of an item's actions is running, if any. */
  runningAction(item: VerificationItem): VerificationItemViewProps['busy'];
  /** The document being downloaded, if any. */
  downloading: number | null;
  onApprove(item: VerificationItem): void;
  onReject(item: VerificationItem): void;
  onRevoke(item: VerificationItem): void;
  /** Offered for companies only. */
  onDelete(item: VerificationItem): void;
  onDownload(file: HeldFile): void;
  /** The open dialog, if any. */
  children?: ReactNode;
}

/** The verification queue by status, each request with its documents and decisions. */
export function AdminVerificationView({
  status,
  onStatusChange,
  items,
  loadError,
  onRetry,
  runningAction,
  downloading,
  onApprove,
  onReject,
  onRevoke,
  onDelete,
  onDownload,
  children,
}: AdminVerificationViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `adminVerification.${id}` }, values);

  let body;
  if (loadError) {
    body = <LoadFailure error={loadError} onRetry={onRetry} />;
  } else if (items === undefined) {
    body = <LoadingPage label={t('loading')} />;
  } else if (items.length === 0) {
    body = (
      <p className={screen.muted}>{t(status === 'pending' ? 'empty' : `emptyStatus.${status}`)}</p>
    );
  } else {
    body = (
      <>
        <p className={styles.count}>
          {t(status === 'pending' ? 'count' : 'countDecided', { count: items.length })}
        </p>
        <div className={styles.queue}>
          {items.map((item) => (
            <VerificationItemView
              key={`${item.kind}-${item.id}`}
              item={item}
              busy={runningAction(item)}
              onApprove={() => onApprove(item)}
              onReject={() => onReject(item)}
              onRevoke={() => onRevoke(item)}
              onDelete={item.kind === 'company' ? () => onDelete(item) : undefined}
              onDownload={onDownload}
              downloading={downloading}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <Card title={t('heading')}>
      <p className={screen.muted}>{t('intro', { days: VERIFICATION_BUSINESS_DAYS })}</p>
      <Tabs
        label={t('statusTabs')}
        value={status}
        onValueChange={(value) => onStatusChange(value as VerificationStatus)}
        tabs={VERIFICATION_STATUSES.map((value) => ({
          value,
          label: t(`statuses.${value}`),
          // Only the open tab's list is loaded.
          content: value === status ? body : null,
        }))}
      />
      {children}
    </Card>
  );
}
