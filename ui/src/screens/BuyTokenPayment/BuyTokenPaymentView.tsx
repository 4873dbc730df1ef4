import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { CryptoOrder } from '@brnd/contracts/api/orders';
import { COPIED_MESSAGE_DURATION_MS } from '@brnd/contracts/domain/constants';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { formatClock, useNow } from '../../components/Countdown/countdown.ts';
import { QrCode } from '../../components/QrCode/QrCode.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useAmount } from '../../amounts.ts';
import { useNavigation } from '../../navigation.tsx';
import { usePaymentDeadline, walletLink } from './payment-view.ts';
import styles from './BuyTokenPaymentScreen.module.css';

/*
 * The payment page's views: each phase of an order as props in, nothing fetched or stored here
 * (BuyTokenPaymentScreen watches the order and picks the view).
 */

/** Before the first answer, or while the gateway prepares the address. */
export function PaymentLoading({ notice, preparing }: { notice: ReactNode; preparing: boolean }) {
  const t = useT();
  return (
    <Card>
      {notice}
      <Spinner
        size="large"
        label={t(preparing ? 'sale.payment.preparing' : 'sale.payment.loading')}
      />
    </Card>
  );
}

/** A check failed for another reason than a missing order. */
export function ReconnectingNotice() {
  const t = useT();
  return <Alert variant="warning">{t('sale.payment.reconnecting')}</Alert>;
}

export function OrderNotFound() {
  const t = useT();
  return (
    <Card>
      <div className={styles.result}>
        <h2>{t('sale.payment.notFoundTitle')}</h2>
        <p>{t('sale.payment.notFoundText')}</p>
        <ClosedOrderActions />
      </div>
    </Card>
  );
}

export function OrderUnreachable({ onCheck }: { onCheck: () => void }) {
  const t = useT();
  return (
    <Card>
      <div className={styles.result}>
        <h2>{t('sale.payment.unreachableTitle')}</h2>
        <Alert variant="warning">{t('sale.payment.reconnecting')}</Alert>
        <div className={styles.actions}>
          <Button onClick={onCheck}>{t('sale.payment.checkNow')}</Button>
        </div>
      </div>
    </Card>
  );
}

/** Where a buyer goes from an order that can no longer be paid: a new order, or their list. */
function ClosedOrderActions() {
  const t = useT();
  return (
    <div className={styles.actions}>
      <ButtonLink to="/user/buytoken">{t('sale.payment.newOrder')}</ButtonLink>
      <ButtonLink to="/user/transactions" variant="secondary">
        {t('sale.payment.transactions')}
      </ButtonLink>
    </div>
  );
}

function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
}

function useDateTime() {
  const intl = useIntl();
  return (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function useUsd() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });
}

/** Status 1 and 2: where and how much to pay, the QR code and the quote's clock. */
export function PaymentPending({ order, notice }: { order: CryptoOrder; notice: ReactNode }) {
  const t = useT();
  const usd = useUsd();
  const dateTime = useDateTime();
  const navigation = useNavigation();
  const deadline = usePaymentDeadline(order.expires_at);
  const now = useNow();
  const expired = deadline <= now;
  const link = walletLink(order);
  const partial = order.payment_situation === 'partial';
  // After a partial payment everything asks for the rest: text, amount, copy button, QR, link.
  const toSend = partial ? order.due_amount : order.destination_amount;
  const amount = useAmount();
  const crypto = amount(toSend, order.destination_currency);

  return (
    <div className={styles.layout}>
      <Card title={t('sale.payment.title', { currency: order.destination_currency })}>
        {notice}
        <p>
          {t(partial ? 'sale.payment.instructionsRest' : 'sale.payment.instructions', {
            amount: crypto,
          })}
        </p>
        {order.status === 2 && (
          <Alert variant="info">
            {t('sale.payment.confirming', {
              count: order.confirmations,
              required: order.required_confirmations,
            })}
          </Alert>
        )}
        {partial && (
          <Alert variant="warning">
            {t('sale.payment.partial', {
              paid: amount(order.paid_amount, order.destination_currency),
              due: amount(order.due_amount, order.destination_currency),
              time: dateTime(order.payment_seen_at),
            })}
          </Alert>
        )}
        <dl className={styles.details}>
          <div>
            <dt>{t('sale.payment.address')}</dt>
            <dd className={styles.address}>
              <code>{order.blockchain_address}</code>
              <CopyButton
                text={order.blockchain_address}
                label={t('sale.payment.copy')}
                done={t('sale.payment.copied')}
              />
            </dd>
          </div>
          <div>
            <dt>{t('sale.payment.usdValue')}</dt>
            <dd>{usd(order.value)}</dd>
          </div>
          <div>
            <dt>
              {t(partial ? 'sale.payment.dueValue' : 'sale.payment.cryptoValue', {
                currency: order.destination_currency,
              })}
            </dt>
            <dd className={styles.address}>
              <code>{crypto}</code>
              <CopyButton
                text={toSend}
                label={t('sale.payment.copyAmount')}
                done={t('sale.payment.amountCopied')}
              />
            </dd>
          </div>
          <div>
            <dt>{t('sale.payment.tokens')}</dt>
            <dd>{t('sale.tokens', { count: order.brnd_tokens })}</dd>
          </div>
          <div>
            <dt>{t('sale.payment.orderId')}</dt>
            <dd>{order.shop_order_id}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          {link && (
            <a href={link} className={styles.walletLink}>
              {t('sale.payment.openWallet')}
            </a>
          )}
          {order.checkout_url && (
            <a href={order.checkout_url} className={styles.checkoutLink}>
              {t('sale.payment.checkout')}
            </a>
          )}
          <Button variant="ghost" onClick={() => navigation.navigate('/user/buytoken')}>
            {t('sale.payment.back')}
          </Button>
        </div>
      </Card>
      <Card title={t('sale.payment.scanTitle')}>
        <div className={styles.qr}>
          <QrCode value={order.payment_uri} label={t('sale.payment.qrLabel', { amount: crypto })} />
        </div>
        <p className={styles.clockLabel} id="payment-clock-label">
          {t('sale.payment.timeLeft')}
        </p>
        <p role="timer" aria-labelledby="payment-clock-label" className={styles.clock}>
          {formatClock(deadline - now)}
        </p>
        {expired && <Alert variant="warning">{t('sale.payment.expired')}</Alert>}
        <p className={styles.muted}>{t('sale.payment.autoCheck')}</p>
      </Card>
    </div>
  );
}

/** Copies the address or the amount and says so for the spec's 5 seconds. */
function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true));
        }}
      >
        {label}
      </Button>
      <span role="status" className={styles.copied} data-transient>
        {copied ? done : ''}
      </span>
    </>
  );
}

/** Status 3: the thank-you with the tokens credited. */
export function PaymentComplete({ order }: { order: CryptoOrder }) {
  const t = useT();
  return (
    <Card>
      <div className={styles.result}>
        <h2>{t('sale.complete.title')}</h2>
        <p className={styles.count}>{t('sale.complete.tokens', { count: order.brnd_tokens })}</p>
        <p>{t('sale.complete.text')}</p>
        <PaymentReceived order={order} />
        <ButtonLink to="/user/dashboard">{t('sale.complete.dashboard')}</ButtonLink>
      </div>
    </Card>
  );
}

/**
 * Above 3: cancelled, refunded or expired. Says which, and, when money arrived anyway, where it
 * is: waiting for an operator, credited, or being returned. Never "refunded" unless it was.
 */
export function PaymentClosed({ order }: { order: CryptoOrder }) {
  const t = useT();
  const status = order.status as 4 | 5 | 6;
  return (
    <Card>
      <div className={styles.result}>
        <h2>{t(`sale.closed.title.${status}`)}</h2>
        {order.payment_situation ? (
          <PaymentReceived order={order} />
        ) : (
          <p>{t(`sale.closed.nothing.${status}`)}</p>
        )}
        <ClosedOrderActions />
      </div>
    </Card>
  );
}

/**
 * Money the order could not simply take: what arrived and when, why it was not credited by
 * itself, and what happens next (or what an operator decided).
 */
function PaymentReceived({ order }: { order: CryptoOrder }) {
  const t = useT();
  const amount = useAmount();
  const dateTime = useDateTime();
  const situation = order.payment_situation;
  if (!situation || situation === 'partial') return null;
  const reason =
    order.payment_exception === 'partial' ||
    order.payment_exception === 'late' ||
    order.payment_exception === 'overpaid'
      ? order.payment_exception
      : 'closed';
  const decision = order.decision;
  return (
    <Alert
      variant={situation === 'awaiting_decision' ? 'warning' : 'info'}
      title={t('sale.received.heading')}
      className={styles.received}
    >
      <p>
        {t('sale.received.arrived', {
          paid: amount(order.paid_amount, order.destination_currency),
          time: dateTime(order.payment_seen_at),
        })}
      </p>
      <p>{t(`sale.received.reason.${reason}`)}</p>
      {situation === 'awaiting_decision' && <p>{t('sale.received.next')}</p>}
      {situation === 'credited' && decision && (
        <p>
          {t('sale.received.credited', {
            date: dateTime(decision.decided_at),
            tokens: decision.brnd_tokens,
          })}
        </p>
      )}
      {situation === 'refund_noted' && decision && (
        <p>
          {t('sale.received.refunded', {
            date: dateTime(decision.decided_at),
            reference: decision.reference ?? '',
          })}
        </p>
      )}
    </Alert>
  );
}
