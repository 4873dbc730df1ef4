import { useIntl } from 'react-intl';
import type { AdminOrderStatus } from '@brnd/contracts/api/admin-orders';
import type { PaymentException } from '@brnd/contracts/domain/sale';
import styles from './AdminOrders.module.css';

const TONE: Record<AdminOrderStatus, string | undefined> = {
  waiting: styles.waiting,
  confirming: styles.waiting,
  paid: styles.good,
  canceled: styles.bad,
  refunded: styles.bad,
  expired: styles.bad,
  failed: styles.bad,
};

export function StatusBadge({ status }: { status: AdminOrderStatus }) {
  const intl = useIntl();
  return (
    <span className={`${styles.badge} ${TONE[status] ?? ''}`}>
      {intl.formatMessage({ id: `finance.statuses.${status}` })}
    </span>
  );
}

/** The payment's exception, and whether it still waits for an operator. */
export function ExceptionBadge({
  exception,
  needsDecision,
}: {
  exception: PaymentException | null;
  needsDecision: boolean;
}) {
  const intl = useIntl();
  if (!exception) return null;
  return (
    <>
      <span className={`${styles.badge} ${styles.waiting}`}>
        {intl.formatMessage({ id: `finance.exceptions.${exception}` })}
      </span>{' '}
      {needsDecision && (
        <strong>{intl.formatMessage({ id: 'finance.orders.needsDecision' })}</strong>
      )}
    </>
  );
}
