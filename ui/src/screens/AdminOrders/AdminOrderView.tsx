import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AdminOrderDetail } from '@brnd/contracts/api/admin-orders';
import { useAmount } from '../../amounts.ts';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { ADMIN_TIME } from '../shared/admin-time.ts';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import styles from './AdminOrders.module.css';
import { ExceptionBadge, NotificationOutcome, StatusBadge } from '../shared/order-badges.tsx';
import { ResolveForm, type ResolveFormProps } from './ResolveForm.tsx';
import { TableScroll } from '../shared/TableScroll.tsx';
import { readableJson } from '../shared/readable-json.ts';

export interface AdminOrderViewProps extends Pick<ResolveFormProps, 'onResolve' | 'resolving'> {
  order: AdminOrderDetail;
  /** Reads the gateway's invoice again (only for an order with one). */
  onResync(): void;
  resyncing?: boolean;
  /** The last refusal of a decision, for its per-field messages. */
  resolveError?: unknown;
}

/** The link back to the list, above the order or its load failure. */
export function BackToOrders() {
  const intl = useIntl();
  return (
    <ButtonLink variant="secondary" to="/admin/orders">
      {intl.formatMessage({ id: 'finance.orders.back' })}
    </ButtonLink>
  );
}

/** One order with everything recorded about its payment, and the decision on an exception. */
export function AdminOrderView({
  order,
  onResync,
  resyncing = false,
  onResolve,
  resolving,
  resolveError,
}: AdminOrderViewProps) {
  const intl = useIntl();
  const amount = useAmount();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);

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
      <BackToOrders />
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

      {order.gateway_invoice_id && (
        <p>
          <Button variant="secondary" busy={resyncing} onClick={onResync}>
            {t('finance.orders.resync')}
          </Button>{' '}
          <span className={screen.muted}>{t('finance.orders.resyncHint')}</span>
        </p>
      )}

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
              <code>{readableJson(notification.body)}</code>
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
        {order.needs_decision && (
          <ResolveForm
            order={order}
            onResolve={onResolve}
            resolving={resolving}
            serverError={resolveError}
          />
        )}
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
        <TableScroll label={title}>
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
        </TableScroll>
      )}
    </section>
  );
}
