import { useIntl } from 'react-intl';
import type { AdminOrderStatus, PaymentNotification } from '@brnd/contracts/api/admin-orders';
import type { PaymentException } from '@brnd/contracts/domain/sale';
import screen from './screen.module.css';
import styles from './order-badges.module.css';

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

const OUTCOME_TONE: Record<PaymentNotification['outcome'], string | undefined> = {
  accepted: styles.good,
  refused: styles.bad,
  ignored: styles.waiting,
};

/**
 * What came in and what we did: the outcome with our answer, the event type, whether the
 * signature was valid and whether the provider sent it again, and why it was refused.
 */
export function NotificationOutcome({ notification }: { notification: PaymentNotification }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const facts = [
    notification.event_type,
    `${t('finance.orders.signature')}: ${t(
      notification.signature_valid
        ? 'finance.orders.signatureValid'
        : 'finance.orders.signatureInvalid',
    )}`,
    notification.redelivery ? t('finance.orders.redelivered') : null,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <>
      <span className={`${styles.badge} ${OUTCOME_TONE[notification.outcome] ?? ''}`}>
        {t(`finance.orders.outcomes.${notification.outcome}`)}
      </span>{' '}
      {t('finance.orders.answer', { status: notification.http_status })}
      <p>{facts.join(' · ')}</p>
      {notification.reason && (
        <p className={screen.muted}>
          {intl.messages[notification.reason] ? t(notification.reason) : notification.reason}
        </p>
      )}
    </>
  );
}
