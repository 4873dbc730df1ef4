import {
  ORDER_STATUS,
  TOKEN_PRICE_USD,
  type OrderStatusCode,
  type TransactionStatus,
} from './constants.ts';
import type { SaleTierDefinition } from './sale-tiers.ts';

/**
 * The token sale's fixed facts and pure rules, shared by the bff (which stores the live
 * configuration as data), the mocks and the screens. Dates and the active tier are data, not
 * constants: see `GET /api/sale` (contracts/api/sale.ts).
 */

// Their own module: the copy's figures read them on the first page (decision 060).
export * from './sale-tiers.ts';

/** A tier's total in USD, rounded to cents (0.0015 × 80,000,000 = 120,000). */
export function tierTotalUsd(tier: Pick<SaleTierDefinition, 'tokens' | 'price'>): number {
  return Math.round(tier.tokens * tier.price * 100) / 100;
}

/** The spec's stages, in order. */
export const SALE_STAGE_NAMES = ['Pre ICO', 'Round I', 'Round II', 'Hard Cap', 'Soft Cap'] as const;
export type SaleStageName = (typeof SALE_STAGE_NAMES)[number];

/** The price when no tier is active (1 USD = 333 BRND). */
export const DEFAULT_TOKEN_PRICE_USD = TOKEN_PRICE_USD;

/**
 * Whole BRND bought for `usd` at `price`: rounded down, so a buyer never gets a token they did not
 * pay for. Computed in integer micro-units so 100 / 0.003 gives 33,333 and not 33,332.
 */
export function tokensForUsd(usd: number, price: number): number {
  const usdMicros = Math.round(usd * 1_000_000);
  const priceNanos = Math.round(price * 1_000_000_000);
  if (priceNanos <= 0) throw new Error('tokensForUsd: the price must be positive');
  return Math.floor((usdMicros * 1000) / priceNanos);
}

/**
 * Whole BRND a card payment of `pln` buys: floor(pln / (plnPerUsd × price)), computed once, in
 * integers (grosze, the rate in 10⁻⁶ PLN, the price in 10⁻⁹ USD), with no rounding to USD cents
 * on the way. The one rule for card orders (docs/decisions/027): the buy page's quote, the
 * amount sent to the card provider, the ledger's credit and every display use it, so what is
 * quoted is what is credited.
 */
export function tokensForPln(pln: number, plnPerUsd: number, price: number): number {
  const grosze = BigInt(Math.round(pln * 100));
  const rateMicros = BigInt(Math.round(plnPerUsd * 1_000_000));
  const priceNanos = BigInt(Math.round(price * 1_000_000_000));
  if (rateMicros <= 0n || priceNanos <= 0n) {
    throw new Error('tokensForPln: the rate and the price must be positive');
  }
  // pln / (rate × price) = (grosze / 10²) / (rateMicros / 10⁶ × priceNanos / 10⁹)
  return Number((grosze * 10n ** 13n) / (rateMicros * priceNanos));
}

/** Waiting below PAID (incl. confirming), PAID is success, above PAID nothing is credited. */
export function isOrderOpen(status: OrderStatusCode): boolean {
  return status < ORDER_STATUS.PAID;
}

/** A crypto order's row in the transactions list. */
export function orderTransactionStatus(status: OrderStatusCode): TransactionStatus {
  if (status <= ORDER_STATUS.WAITING) return 'WAITING_FOR_PAYMENT';
  if (status === ORDER_STATUS.CONFIRMING) return 'Pending';
  if (status === ORDER_STATUS.PAID) return 'Confirmed';
  if (status === ORDER_STATUS.EXPIRED) return 'Failed';
  return 'Canceled';
}

/**
 * What went differently from "paid exactly, in time". The order's status says whether tokens
 * were credited; this says why a payment was not (or not fully) taken:
 * - `partial`: less than the quote arrived; the order keeps waiting (status < 3) for the rest.
 * - `overpaid`: more than the quote arrived; the order is paid for its value, the excess is
 *   recorded for a refund.
 * - `late`: money arrived after the quote expired; recorded, never credited at the stale price.
 */
export const PAYMENT_EXCEPTIONS = ['partial', 'overpaid', 'late'] as const;
export type PaymentException = (typeof PAYMENT_EXCEPTIONS)[number];

/** Card orders: the provider's second step either charges the card or fails. */
export const CARD_ORDER_STATUSES = ['pending', 'paid', 'failed'] as const;
export type CardOrderStatus = (typeof CARD_ORDER_STATUSES)[number];

/**
 * Our record of a card order: the provider's status, or `expired` when no answer came within
 * CARD_PAYMENT_WINDOW_MS. A `paid` callback after that still credits it (the provider took the
 * money at the order's price); nothing is left "pending" for ever.
 */
export type CardOrderState = CardOrderStatus | 'expired';

export const CARD_TRANSACTION_STATUS: Record<CardOrderState, TransactionStatus> = {
  pending: 'Pending',
  paid: 'Confirmed',
  failed: 'Failed',
  expired: 'Canceled',
};

/** EIP-681: `ethereum:<address>@<chainId>?value=<wei>`; wallets fill the transfer from it. */
export function ethPaymentUri(address: string, chainId: number, wei: bigint | string): string {
  return `ethereum:${address}@${chainId}?value=${wei.toString()}`;
}

/** BIP21: `bitcoin:<address>?amount=<BTC>`. */
export function btcPaymentUri(address: string, btcAmount: string): string {
  return `bitcoin:${address}?amount=${btcAmount}`;
}

/** An operator's decision on money an order could not take by itself (docs/decisions/016). */
export const RESOLUTION_DECISIONS = ['credit', 'refund'] as const;
export type ResolutionDecision = (typeof RESOLUTION_DECISIONS)[number];

/** What a crypto order's payment looks like to the rule below. */
export interface PaymentFacts {
  status: OrderStatusCode;
  exception: PaymentException | null;
  /** Some crypto arrived (paid_units > 0). */
  received: boolean;
  /** An ETH quote past its expiry that the sweep has not closed yet (it can no longer be paid). */
  quoteOver: boolean;
}

/**
 * Money an operator has to decide on (credit or refund): the order can no longer change by itself
 * and holds money it did not simply take. Expired, cancelled or refunded with money received,
 * paid with more than the quote, or an ETH quote past its expiry. A partial payment on an open
 * quote may still be completed, so it is not (yet) a case.
 */
export function paymentNeedsDecision(facts: PaymentFacts): boolean {
  if (!facts.exception || !facts.received) return false;
  if (facts.status === ORDER_STATUS.PAID) return facts.exception === 'overpaid';
  if (facts.status > ORDER_STATUS.PAID) return true;
  return facts.quoteOver && facts.status < ORDER_STATUS.CONFIRMING;
}

/**
 * What a buyer is told about money beyond "paid exactly, in time":
 * - `partial`: part arrived, the quote is still open; paying the rest completes the order.
 * - `awaiting_decision`: money arrived that the order could not take (too little before expiry,
 *   after expiry, more than asked, to a closed order); an operator will credit or refund it.
 * - `credited` / `refund_noted`: the operator decided on the money as it stands.
 */
export const PAYMENT_SITUATIONS = [
  'partial',
  'awaiting_decision',
  'credited',
  'refund_noted',
] as const;
export type PaymentSituation = (typeof PAYMENT_SITUATIONS)[number];

export function paymentSituation(
  facts: PaymentFacts,
  /** The decision taken on the amount received as it stands now, if any. */
  decided: ResolutionDecision | null,
): PaymentSituation | null {
  if (paymentNeedsDecision(facts)) {
    if (decided === 'credit') return 'credited';
    if (decided === 'refund') return 'refund_noted';
    return 'awaiting_decision';
  }
  if (facts.received && facts.exception === 'partial' && facts.status < ORDER_STATUS.PAID) {
    return 'partial';
  }
  return null;
}
