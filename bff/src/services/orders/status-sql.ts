import { ORDER_STATUS } from '@brnd/contracts/domain/constants';
import type { AdminOrderStatus } from '@brnd/contracts/api/admin-orders';

/**
 * SQL conditions on `crypto_orders.status`, built from ORDER_STATUS so the codes live in one
 * place. `column` is the status column as the query names it (e.g. `o.status`).
 */
export const orderStatusSql = {
  /** contracts/domain/orders `isAwaitingPayment`. */
  awaitingPayment: (column = 'status') => `${column} < ${ORDER_STATUS.CONFIRMING}`,
  /** Not yet paid, canceled, refunded or expired. */
  unsettled: (column = 'status') => `${column} < ${ORDER_STATUS.PAID}`,
  is: (code: keyof typeof ORDER_STATUS, column = 'status') => `${column} = ${ORDER_STATUS[code]}`,
  /** Canceled, refunded or expired. */
  closed: (column = 'status') => `${column} > ${ORDER_STATUS.PAID}`,
};

/**
 * contracts/domain/orders `isOverdueEthOrder` in SQL: an ETH order awaiting payment whose quote
 * ran out by `at` (an SQL expression, e.g. `now()` or `$1`).
 */
export function overdueEthOrderSql(at: string, prefix = ''): string {
  return `(${prefix}currency = 'ETH' AND ${orderStatusSql.awaitingPayment(`${prefix}status`)}
    AND ${prefix}expires_at <= ${at})`;
}

/** contracts/api/admin-orders `adminOrderStatus` in SQL, ETH quotes past expiry read expired. */
export function adminOrderStatusSql(prefix = ''): string {
  const status = `${prefix}status`;
  const when = (condition: string, answer: AdminOrderStatus) =>
    `WHEN ${condition} THEN '${answer}'`;
  return `CASE ${when(overdueEthOrderSql('now()', prefix), 'expired')}
      ${when(orderStatusSql.awaitingPayment(status), 'waiting')}
      ${when(orderStatusSql.is('CONFIRMING', status), 'confirming')}
      ${when(orderStatusSql.is('PAID', status), 'paid')}
      ${when(orderStatusSql.is('CANCELED', status), 'canceled')}
      ${when(orderStatusSql.is('REFUNDED', status), 'refunded')} ELSE 'expired' END`;
}
