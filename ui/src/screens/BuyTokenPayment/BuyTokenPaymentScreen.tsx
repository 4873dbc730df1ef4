import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { verifyOrder, type CryptoOrder } from '@brnd/contracts/api/orders';
import {
  COPIED_MESSAGE_DURATION_MS,
  ORDER_CHECK_INTERVAL_MS,
} from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { formatClock, useNow } from '../../components/Countdown/countdown.ts';
import { QrCode } from '../../components/QrCode/QrCode.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useNavigation } from '../../navigation.tsx';
import { writeStored } from '../shared/storage.ts';
import { LOCAL_TOKENS_NUM } from '../BuyToken/buy-storage.ts';
import { isStillOpen, paymentPhase, usePaymentDeadline, walletLink } from './payment-view.ts';
import styles from './BuyTokenPaymentScreen.module.css';
import { useOrderEvents } from '../shared/live-updates.ts';

export function orderQueryOptions(api: ApiClient, uuid: string) {
  return queryOptions({
    queryKey: ['order', uuid],
    queryFn: async () => (await api.call(verifyOrder, { params: { uuid } })).response,
    // Checked every 5 s while the order can still be paid; refetchInterval also keeps 5 s
    // between requests, since the next one is scheduled after the previous answer.
    refetchInterval: (query) =>
      query.state.data && !isStillOpen(query.state.data.status) ? false : ORDER_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // The spec: any failure of the check goes to /500.
    retry: false,
  });
}

export interface BuyTokenPaymentScreenProps {
  uuid: string;
}

/** /user/buytoken/{uuid}, step 2: pay the crypto order, watched until it is paid or closed. */
export function BuyTokenPaymentScreen({ uuid }: BuyTokenPaymentScreenProps) {
  const intl = useIntl();
  const api = useApiClient();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  // Pushed while the stream is open; polled every 5 s whenever it is not.
  const live = useOrderEvents(uuid);
  const query = useQuery({
    ...orderQueryOptions(api, uuid),
    ...(live ? { refetchInterval: false as const } : {}),
  });
  const phase = query.data ? paymentPhase(query.data.status) : undefined;

  useEffect(() => {
    if (query.isError) navigation.navigate('/500', { replace: true });
  }, [query.isError, navigation]);

  useEffect(() => {
    // Paid: the balance, the transactions and the sale's raised amount have all moved.
    if (phase !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    void queryClient.invalidateQueries({ queryKey: ['sale'] });
  }, [phase, queryClient]);

  if (!query.data || phase === 'preparing') {
    return (
      <Card>
        <Spinner
          size="large"
          label={intl.formatMessage({
            id: query.data ? 'sale.payment.preparing' : 'sale.payment.loading',
          })}
        />
      </Card>
    );
  }
  const order = query.data;
  if (phase === 'paid') return <PaymentComplete order={order} />;
  if (phase === 'closed') return <PaymentClosed order={order} />;
  return <PaymentPending order={order} />;
}

function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
}

function useUsd() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });
}

/** Status 1 and 2: where and how much to pay, the QR code and the quote's clock. */
function PaymentPending({ order }: { order: CryptoOrder }) {
  const t = useT();
  const usd = useUsd();
  const navigation = useNavigation();
  const deadline = usePaymentDeadline(order.expires_at);
  const now = useNow();
  const expired = deadline <= now;
  const link = walletLink(order);
  const crypto = `${order.destination_amount} ${order.destination_currency}`;

  return (
    <div className={styles.layout}>
      <Card title={t('sale.payment.title', { currency: order.destination_currency })}>
        <p>{t('sale.payment.instructions', { amount: crypto })}</p>
        {order.status === 2 && (
          <Alert variant="info">
            {t('sale.payment.confirming', {
              count: order.confirmations,
              required: order.required_confirmations,
            })}
          </Alert>
        )}
        {order.payment_exception === 'partial' && (
          <Alert variant="warning">
            {t('sale.payment.partial', {
              paid: `${order.paid_amount} ${order.destination_currency}`,
              due: `${order.due_amount} ${order.destination_currency}`,
            })}
          </Alert>
        )}
        <dl className={styles.details}>
          <div>
            <dt>{t('sale.payment.address')}</dt>
            <dd className={styles.address}>
              <code>{order.blockchain_address}</code>
              <CopyButton text={order.blockchain_address} />
            </dd>
          </div>
          <div>
            <dt>{t('sale.payment.usdValue')}</dt>
            <dd>{usd(order.value)}</dd>
          </div>
          <div>
            <dt>{t('sale.payment.cryptoValue', { currency: order.destination_currency })}</dt>
            <dd>
              <code>{crypto}</code>
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

/** Copies the address and says so for the spec's 5 seconds. */
function CopyButton({ text }: { text: string }) {
  const t = useT();
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
        {t('sale.payment.copy')}
      </Button>
      <span role="status" className={styles.copied}>
        {copied ? t('sale.payment.copied') : ''}
      </span>
    </>
  );
}

/** Status 3: the thank-you with the tokens credited. */
function PaymentComplete({ order }: { order: CryptoOrder }) {
  const t = useT();
  useEffect(() => {
    writeStored('local', LOCAL_TOKENS_NUM, String(order.brnd_tokens));
  }, [order.brnd_tokens]);
  return (
    <Card>
      <div className={styles.result}>
        <h2>{t('sale.complete.title')}</h2>
        <p className={styles.count}>{t('sale.complete.tokens', { count: order.brnd_tokens })}</p>
        <p>{t('sale.complete.text')}</p>
        {order.payment_exception === 'overpaid' && (
          <Alert variant="info">
            {t('sale.payment.overpaid', {
              paid: `${order.paid_amount} ${order.destination_currency}`,
            })}
          </Alert>
        )}
        <ButtonLink to="/user/dashboard">{t('sale.complete.dashboard')}</ButtonLink>
      </div>
    </Card>
  );
}

/** Above 3: cancelled, refunded or expired; nothing was credited. */
function PaymentClosed({ order }: { order: CryptoOrder }) {
  const t = useT();
  return (
    <Card>
      <div className={styles.result}>
        <h2>{t('sale.closed.title')}</h2>
        <p>{t('sale.closed.status', { status: order.status })}</p>
        {order.payment_exception === 'late' && (
          <Alert variant="warning">
            {t('sale.closed.late', {
              paid: `${order.paid_amount} ${order.destination_currency}`,
            })}
          </Alert>
        )}
        <ButtonLink to="/user/buytoken">{t('sale.payment.back')}</ButtonLink>
      </div>
    </Card>
  );
}
