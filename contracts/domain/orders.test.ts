import { describe, expect, test } from 'vitest';
import { ORDER_STATUS } from './constants.ts';
import { isAwaitingPayment, isOverdueEthOrder } from './orders.ts';

const now = Date.UTC(2026, 0, 1, 12);

describe('isOverdueEthOrder', () => {
  test('an ETH order awaiting payment is overdue once its quote has run out', () => {
    const order = { currency: 'ETH', status: ORDER_STATUS.WAITING, expiresAt: now };
    expect(isOverdueEthOrder(order, now)).toBe(true);
    expect(isOverdueEthOrder({ ...order, expiresAt: new Date(now + 1) }, now)).toBe(false);
  });

  test('a payment seen in time, or a BTC order, is never overdue by the quote', () => {
    const past = now - 60_000;
    expect(
      isOverdueEthOrder({ currency: 'ETH', status: ORDER_STATUS.CONFIRMING, expiresAt: past }, now),
    ).toBe(false);
    expect(
      isOverdueEthOrder({ currency: 'BTC', status: ORDER_STATUS.NEW, expiresAt: past }, now),
    ).toBe(false);
  });

  test('only new and waiting orders await payment', () => {
    expect(Object.values(ORDER_STATUS).filter(isAwaitingPayment)).toEqual([
      ORDER_STATUS.NEW,
      ORDER_STATUS.WAITING,
    ]);
  });
});
