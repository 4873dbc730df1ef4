import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrder,
  resolveOrder,
  resyncOrder,
  type AdminOrderDetail,
  type ResolutionDecision,
} from '@brnd/contracts/api/admin-orders';
import type { ApiClient } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';
import { useAmount } from '../../i18n.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText, serverFieldErrors } from '../shared/api-error.ts';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import styles from './AdminOrders.module.css';
import { ExceptionBadge, NotificationOutcome, StatusBadge } from './order-badges.tsx';
import { ADMIN_TIME } from '../shared/admin-time.ts';

export function adminOrderQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'detail', id],
    queryFn: async () => (await api.call(adminOrder, { params: { id } })).order,
  });
}

/** One order with everything recorded about its payment, and the decision on an exception. */
export function AdminOrderScreen({ id }: { id: string }) {
  const intl = useIntl();
  const amount = useAmount();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const query = useQuery(adminOrderQueryOptions(useApiClient(), id));

  const back = (
    <ButtonLink variant="secondary" to="/admin/orders">
      {t('finance.orders.back')}
    </ButtonLink>
  );
  if (query.isPending) return <LoadingPage label={t('common.loading')} />;
  if (query.isError) {
    return (
      <>
        {back}
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const order = query.data;
  const usd = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });
  const when = (value: string) => intl.formatDate(value, ADMIN_TIME);
  const txLink = (hash: string) =>
    order.explorer_tx_url ? (
      <a href={order.explorer_tx_url.replace('{hash}', hash)} target="_blank" rel="noreferrer">
        <code>{hash}</code>
      </a>
    ) : (
      <code>{hash}</code>
    );

  return (
    <Card title={t('finance.orders.detailHeading', { id: order.id })}>
      {back}
      <h3>{t('finance.orders.summary')}</h3>
      <dl className={styles.facts}>
        <dt>{t('finance.orders.buyer')}</dt>
        <dd>{order.user_email}</dd>
        <dt>{t('finance.orders.created')}</dt>
        <dd>{when(order.created_at)}</dd>
        <dt>{t('finance.orders.method')}</dt>
        <dd>{order.method}</dd>
        <dt>{t('finance.orders.status')}</dt>
        <dd>
          <StatusBadge status={order.status} />{' '}
          <ExceptionBadge
            exception={order.payment_exception}
            needsDecision={order.needs_decision}
          />
        </dd>
        <dt>{t('finance.orders.usd')}</dt>
        <dd>{usd(order.usd)}</dd>
        <dt>{t('finance.orders.price')}</dt>
        <dd>{t('finance.orders.priceValue', { price: amount(order.token_price, 'USD') })}</dd>
        <dt>{t('finance.orders.tokens')}</dt>
        <dd>{intl.formatNumber(order.brnd_tokens)}</dd>
      </dl>

      <h3>{t('finance.orders.payment')}</h3>
      <dl className={styles.facts}>
        <dt>{t('finance.orders.expected')}</dt>
        <dd>{amount(order.expected_amount, order.currency)}</dd>
        <dt>{t('finance.orders.received')}</dt>
        <dd>{amount(order.paid_amount, order.currency)}</dd>
        <dt>{t('finance.orders.due')}</dt>
        <dd>{amount(order.due_amount, order.currency)}</dd>
        {order.address && (
          <>
            <dt>{t('finance.orders.address')}</dt>
            <dd>
              <code>{order.address}</code>
            </dd>
          </>
        )}
        {order.gateway_invoice_id && (
          <>
            <dt>{t('finance.orders.invoice')}</dt>
            <dd>{order.gateway_invoice_id}</dd>
          </>
        )}
        {order.status_code !== null && (
          <>
            <dt>{t('finance.orders.confirmations')}</dt>
            <dd>{`${order.confirmations} / ${order.required_confirmations}`}</dd>
          </>
        )}
        {order.expires_at && (
          <>
            <dt>{t('finance.orders.expires')}</dt>
            <dd>{when(order.expires_at)}</dd>
          </>
        )}
        {order.paid_at && (
          <>
            <dt>{t('finance.orders.paidAt')}</dt>
            <dd>{when(order.paid_at)}</dd>
          </>
        )}
      </dl>

      {order.method === 'ETH' && (
        <RecordTable
          id="order-deposits"
          title={t('finance.orders.deposits')}
          emptyText={t('finance.orders.noDeposits')}
          columns={[
            t('finance.orders.block'),
            t('finance.orders.balance'),
            t('finance.orders.change'),
            t('finance.orders.transactions'),
          ]}
          rows={order.deposits.map((deposit) => (
            <tr key={`${deposit.block}-${deposit.balance}`}>
              <td>{deposit.block}</td>
              <td>{amount(deposit.balance, 'ETH')}</td>
              <td>{amount(deposit.change, 'ETH', { signDisplay: 'exceptZero' })}</td>
              <td className={table.long}>
                {deposit.transactions.length === 0
                  ? t('finance.orders.noTransfer')
                  : deposit.transactions.map((transfer) => (
                      <p key={transfer.hash}>
                        {txLink(transfer.hash)} {amount(transfer.value, 'ETH')}{' '}
                        {t('finance.orders.fromAddress', { address: transfer.from })}
                      </p>
                    ))}
              </td>
            </tr>
          ))}
        />
      )}

      {order.gateway_invoice_id && <ResyncButton order={order} />}

      <RecordTable
        id="order-notifications"
        title={t('finance.orders.notifications')}
        emptyText={t('finance.orders.noNotifications')}
        columns={[
          t('finance.orders.received_at'),
          t('finance.orders.provider'),
          t('finance.orders.outcome'),
          t('finance.orders.body'),
        ]}
        rows={order.notifications.map((notification) => (
          <tr key={notification.id}>
            <td>{when(notification.received_at)}</td>
            <td>{t(`finance.orders.providers.${notification.provider}`)}</td>
            <td>
              <NotificationOutcome notification={notification} />
            </td>
            <td className={table.long}>
              <code>{notification.body}</code>
            </td>
          </tr>
        ))}
      />

      <section aria-labelledby="order-decisions">
        <h3 id="order-decisions">{t('finance.orders.decisions')}</h3>
        {order.resolutions.length === 0 ? (
          <p className={screen.muted}>{t('finance.orders.noDecisions')}</p>
        ) : (
          <ul>
            {order.resolutions.map((resolution) => (
              <li key={resolution.id}>
                {resolution.decision === 'credit'
                  ? t('finance.orders.decisionCredit', {
                      tokens: resolution.brnd_tokens,
                      usd: usd(resolution.usd),
                      amount: amount(resolution.paid_amount, order.currency),
                    })
                  : t('finance.orders.decisionRefund', {
                      amount: amount(resolution.paid_amount, order.currency),
                      reference: resolution.reference ?? '',
                    })}
                <p className={screen.muted}>
                  {t('finance.orders.decidedBy', {
                    email: resolution.operator_email,
                    date: when(resolution.created_at),
                  })}
                </p>
                {resolution.note && <p>{resolution.note}</p>}
              </li>
            ))}
          </ul>
        )}
        {order.needs_decision && <ResolveForm order={order} />}
      </section>
    </Card>
  );
}

/** A part of the order's record: its rows in a table, or a line saying there are none. */
function RecordTable({
  id,
  title,
  emptyText,
  columns,
  rows,
}: {
  id: string;
  title: string;
  emptyText: string;
  columns: string[];
  rows: ReactNode[];
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className={screen.muted}>{emptyText}</p>
      ) : (
        <div className={table.scroll}>
          <table className={table.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * "Fetch from the provider again": the gateway's invoice read back through the webhooks' own code
 * path, for an order whose webhooks were lost (docs/decisions/027).
 */
function ResyncButton({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const resync = useMutation({
    mutationFn: () => api.call(resyncOrder, { params: { id: order.id } }),
    onSuccess: ({ order: updated }) => {
      toast.success(
        t('finance.orders.resynced', { status: t(`finance.statuses.${updated.status}`) }),
      );
      queryClient.setQueryData(['admin', 'orders', 'detail', order.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
    onError: (error) => toast.danger(apiErrorText(error, intl)),
  });
  return (
    <p>
      <Button variant="secondary" busy={resync.isPending} onClick={() => resync.mutate()}>
        {t('finance.orders.resync')}
      </Button>{' '}
      <span className={screen.muted}>{t('finance.orders.resyncHint')}</span>
    </p>
  );
}

/** The decision on the payment as it stands: credit at the order's price, or a noted refund. */
function ResolveForm({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const amount = useAmount();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canCredit = order.credit_preview !== null;
  const [decision, setDecision] = useState<ResolutionDecision>(canCredit ? 'credit' : 'refund');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const usd = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });

  const resolve = useMutation({
    mutationFn: () =>
      api.call(resolveOrder, {
        params: { id: order.id },
        body: {
          decision,
          paid_amount: order.paid_amount,
          ...(reference.trim() ? { reference } : {}),
          ...(note.trim() ? { note } : {}),
        },
      }),
    onSuccess: ({ resolution, order: updated }) => {
      toast.success(
        resolution.decision === 'credit'
          ? t('finance.orders.resolvedCredit', {
              tokens: resolution.brnd_tokens,
              email: updated.user_email,
            })
          : t('finance.orders.resolvedRefund', { id: updated.id }),
      );
      setConfirming(false);
      queryClient.setQueryData(['admin', 'orders', 'detail', order.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
    onError: (error) => {
      setConfirming(false);
      if (serverFieldErrors(error)) return;
      toast.danger(apiErrorText(error, intl));
      // Someone decided first, or more money came: show the order as it is now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      }
    },
  });
  const referenceError =
    localError ??
    (serverFieldErrors(resolve.error)?.reference
      ? t(serverFieldErrors(resolve.error)?.reference as string)
      : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (decision === 'refund' && !reference.trim()) {
      setLocalError(t('finance.orders.errors.referenceRequired'));
      return;
    }
    setLocalError(undefined);
    // A decision can't be changed: it is confirmed in a dialog that says what it does.
    setConfirming(true);
  }

  const tokens = order.credit_preview?.brnd_tokens ?? 0;
  const received = { amount: amount(order.paid_amount, order.currency) };

  return (
    <form className={styles.decision} onSubmit={submit} aria-labelledby="order-resolve" noValidate>
      <h4 id="order-resolve">{t('finance.orders.resolve')}</h4>
      <p>
        {t('finance.orders.resolveIntro', {
          amount: amount(order.paid_amount, order.currency),
          exception: order.payment_exception
            ? t(`finance.exceptions.${order.payment_exception}`)
            : '',
        })}
      </p>
      <fieldset>
        <legend>{t('finance.orders.decision')}</legend>
        <label className={styles.option}>
          <input
            type="radio"
            name="decision"
            value="credit"
            checked={decision === 'credit'}
            disabled={!canCredit}
            onChange={() => setDecision('credit')}
          />
          <span>
            <strong>{t('finance.orders.credit')}</strong>
            <br />
            {order.credit_preview
              ? t('finance.orders.creditHint', {
                  tokens: order.credit_preview.brnd_tokens,
                  usd: usd(order.credit_preview.usd),
                  price: amount(order.token_price, 'USD'),
                })
              : t('finance.orders.creditNothing')}
          </span>
        </label>
        <label className={styles.option}>
          <input
            type="radio"
            name="decision"
            value="refund"
            checked={decision === 'refund'}
            onChange={() => setDecision('refund')}
          />
          <span>
            <strong>{t('finance.orders.refund')}</strong>
            <br />
            {t('finance.orders.refundHint')}
          </span>
        </label>
      </fieldset>
      {decision === 'refund' && (
        <TextField
          label={t('finance.orders.reference')}
          value={reference}
          maxLength={200}
          error={referenceError}
          onChange={(event) => setReference(event.target.value)}
        />
      )}
      <label className={styles.note}>
        {t('finance.orders.note')}
        <textarea value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div>
        <Button type="submit" busy={resolve.isPending}>
          {t('finance.orders.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!resolve.isPending) setConfirming(open);
        }}
        title={
          decision === 'credit'
            ? t('finance.orders.confirmCreditTitle', { tokens, email: order.user_email })
            : t('finance.orders.confirmRefundTitle', received)
        }
        confirmLabel={
          decision === 'credit'
            ? t('finance.orders.confirmCreditButton', { tokens })
            : t('finance.orders.confirmRefundButton')
        }
        busy={resolve.isPending}
        onConfirm={() => resolve.mutate()}
      >
        <p>
          {decision === 'credit'
            ? t('finance.orders.confirmCredit', { ...received, tokens })
            : t('finance.orders.confirmRefund', { ...received, reference: reference.trim() })}
        </p>
      </ConfirmDialog>
    </form>
  );
}
