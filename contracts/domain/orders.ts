import { ORDER_STATUS } from './constants.ts';

/** Nothing of the payment has been seen yet: the order is new or waiting for it. */
export function isAwaitingPayment(status: number): boolean {
  return status < ORDER_STATUS.CONFIRMING;
}

/**
 * An ETH order whose quote ran out before any payment was seen is over (it reads as expired),
 * even before the watcher's pass stores that. A BTC order's expiry is the gateway's call, so
 * this rule is for ETH only. The bff's SQL form is `overdueEthOrderSql` (bff orders/status-sql).
 */
export function isOverdueEthOrder(
  order: { currency: string; status: number; expiresAt: Date | number },
  now: Date | number,
): boolean {
  return (
    order.currency === 'ETH' &&
    isAwaitingPayment(order.status) &&
    Number(order.expiresAt) <= Number(now)
  );
}
