import type { Transaction } from '@brnd/contracts/api/orders';
import { TRANSACTION_STATUSES } from '@brnd/contracts/domain/constants';

const TYPES = ['BTC', 'ETH', 'PLN', 'PAYOUT'] as const;

/**
 * `count` transactions, newest first, one day apart, cycling through every status and type. The
 * n-th row (from 1) buys n × 250,000 tokens, so rows on different pages are told apart by it.
 */
export function sampleTransactions(count: number): Transaction[] {
  return Array.from({ length: count }, (_, index) => {
    const signature = TYPES[index % TYPES.length] as string;
    const tokens = (index + 1) * 250_000;
    const payout = signature === 'PAYOUT';
    return {
      session_id: `tx-${index + 1}`,
      created_at: new Date(Date.UTC(2026, 10, 20 - index, 10, 15)).toISOString(),
      brnd_tokens: tokens,
      token_price: payout ? 0 : 0.003,
      amount: payout ? 0 : tokens * 0.003,
      signature,
      status: TRANSACTION_STATUSES[index % TRANSACTION_STATUSES.length] ?? 'Confirmed',
      payment_situation: null,
      paid_amount: null,
    };
  });
}

/** Crypto orders whose money is explained: part paid, awaiting a decision, credited, returned. */
export function paymentSituationTransactions(): Transaction[] {
  const situations = ['partial', 'awaiting_decision', 'credited', 'refund_noted'] as const;
  return situations.map((situation, index) => ({
    session_id: `5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c1${index}`,
    created_at: new Date(Date.UTC(2026, 10, 20 - index, 10, 15)).toISOString(),
    brnd_tokens: situation === 'credited' ? 13_333 : 33_333,
    token_price: 0.003,
    amount: situation === 'credited' ? 39.99 : 100,
    signature: 'ETH',
    status:
      situation === 'partial'
        ? 'WAITING_FOR_PAYMENT'
        : situation === 'credited'
          ? 'Confirmed'
          : 'Failed',
    payment_situation: situation,
    paid_amount: '0.02',
  }));
}
