import { useState } from 'react';
import type { CryptoOrder } from '@brnd/contracts/api/orders';
import { ORDER_EXPIRY_MS, ORDER_STATUS } from '@brnd/contracts/domain/constants';

/** What step 2 shows for an order's status. */
export type PaymentPhase = 'preparing' | 'waiting' | 'confirming' | 'paid' | 'closed';

export function paymentPhase(status: number): PaymentPhase {
  // Status 0: the gateway has not given the order its payment details yet; nothing to show.
  if (status <= ORDER_STATUS.NEW) return 'preparing';
  if (status === ORDER_STATUS.WAITING) return 'waiting';
  if (status === ORDER_STATUS.CONFIRMING) return 'confirming';
  if (status === ORDER_STATUS.PAID) return 'paid';
  return 'closed';
}

/** Polling continues while the order can still change into paid (below 3). */
export function isStillOpen(status: number): boolean {
  return status < ORDER_STATUS.PAID;
}

/**
 * When the quote runs out. An unreadable expiry falls back to 15 minutes after the page loaded
 * (the spec), and is logged so whoever broke it can find out.
 */
export function paymentDeadline(expiresAt: string, loadedAt: number): number {
  const parsed = Date.parse(expiresAt);
  if (Number.isFinite(parsed)) return parsed;
  console.error(`Order expiry "${expiresAt}" is not a date; counting 15 minutes from page load.`);
  return loadedAt + ORDER_EXPIRY_MS;
}

/** The deadline, worked out once per expiry value (so the fallback does not move every tick). */
export function usePaymentDeadline(expiresAt: string): number {
  const [state, setState] = useState(() => ({
    expiresAt,
    deadline: paymentDeadline(expiresAt, Date.now()),
  }));
  if (state.expiresAt !== expiresAt) {
    const next = { expiresAt, deadline: paymentDeadline(expiresAt, Date.now()) };
    setState(next);
    return next.deadline;
  }
  return state.deadline;
}

const WALLET_SCHEMES: Record<CryptoOrder['destination_currency'], string> = {
  BTC: 'bitcoin:',
  ETH: 'ethereum:',
};

/**
 * The "open your wallet" link: a BIP21 URI for BTC, an EIP-681 URI for ETH. Anything else (a
 * server bug, a tampered answer) is not offered as a link: it could be `javascript:`.
 */
export function walletLink(order: Pick<CryptoOrder, 'payment_uri' | 'destination_currency'>) {
  const scheme = WALLET_SCHEMES[order.destination_currency];
  return order.payment_uri.toLowerCase().startsWith(scheme) ? order.payment_uri : null;
}
