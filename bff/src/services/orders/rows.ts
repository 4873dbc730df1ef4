import { type CryptoPayMethod, type OrderStatusCode } from '@brnd/contracts/domain/constants';
import { type PaymentException, type ResolutionDecision } from '@brnd/contracts/domain/sale';
import { satsToBtc } from '../../providers/crypto-gateway.ts';

/**
 * Token sale orders: crypto orders (ETH to a per-order deposit address watched on the chain, BTC
 * through the payment gateway) and card orders (PLN through the cash-exchange provider).
 *
 * Every change to an order happens in one database transaction holding the order's row lock,
 * and the credit of a paid order is a ledger posting with the order's own idempotency key in
 * that same transaction: however many webhooks, callbacks or watcher ticks arrive, in parallel
 * or late, an order is credited once. See docs/decisions/007 and 008.
 */

export interface OrderRow {
  uuid: string;
  user_id: string;
  currency: CryptoPayMethod;
  status: OrderStatusCode;
  usd: string;
  token_price: string;
  tokens: string;
  expected_units: string;
  paid_units: string;
  deposit_address: string;
  checkout_url: string | null;
  payment_uri: string;
  shop_order_id: string;
  confirmations: number;
  required_confirmations: number;
  seen_block: string | null;
  payment_exception: PaymentException | null;
  payment_seen_at: Date | null;
  expires_at: Date;
  created_at: Date;
}

/** The operator's latest decision on an order (decisions only come for larger amounts). */
export interface DecisionColumns {
  decided: ResolutionDecision | null;
  decided_units: string | null;
  decided_tokens: string | null;
  decided_reference: string | null;
  decided_at: Date | null;
}

export const ORDER_COLUMNS = `uuid::text, user_id::text, currency, status, usd::text, token_price::text,
  tokens::text, expected_units::text, paid_units::text, deposit_address, checkout_url, payment_uri,
  shop_order_id::text, confirmations, required_confirmations, seen_block::text, payment_exception,
  payment_seen_at, expires_at, created_at`;

export const DECISION_COLUMNS = `d.decided, d.decided_units, d.decided_tokens, d.decided_reference,
  d.decided_at`;

/** Joins `d`, the latest decision on `crypto_orders`' row (names that cannot clash with it). */
export const LATEST_DECISION = `LEFT JOIN LATERAL (
    SELECT r.decision AS decided, r.paid_units::text AS decided_units,
      r.tokens::text AS decided_tokens, r.reference AS decided_reference,
      r.created_at AS decided_at
    FROM payment_resolutions r
    WHERE r.order_uuid = crypto_orders.uuid ORDER BY r.id DESC LIMIT 1) d ON true`;

export const WEI_PER_ETH = 10n ** 18n;
/** ETH quotes are rounded up to 6 decimals, so the amount to send is readable. */
export const ETH_QUOTE_STEP = 10n ** 12n;
/** A notification body is kept up to this length: enough for any real one, bounded for forged ones. */
export const NOTIFICATION_BODY_CHARS = 4_000;
/** An open BTC order not read back from the gateway for this long is read by the sweep. */
export const GATEWAY_RESYNC_MS = 60_000;

export type NotificationOutcome = 'accepted' | 'refused' | 'ignored';

/** What a notification turned out to be, learnt while it is checked (kept even if refused). */
export interface NotificationMeta {
  eventType: string | null;
  deliveryId: string | null;
  redelivery: boolean;
  signatureValid: boolean;
}

export interface NotificationResult {
  orderRef: string | null;
  outcome: Exclude<NotificationOutcome, 'refused'>;
}

export function formatUnits(units: bigint, currency: CryptoPayMethod): string {
  if (currency === 'BTC') return satsToBtc(units);
  const whole = units / WEI_PER_ETH;
  const fraction = (units % WEI_PER_ETH).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** ceil(usd / usdPerEth) in wei, rounded up to the quote step. */
export function quoteWei(usd: number, usdPerEth: number): bigint {
  const usdMicros = BigInt(Math.round(usd * 1_000_000));
  const rateMicros = BigInt(Math.round(usdPerEth * 1_000_000));
  if (rateMicros <= 0n) throw new Error('the ETH rate must be positive');
  const wei = (usdMicros * WEI_PER_ETH + rateMicros - 1n) / rateMicros;
  return ((wei + ETH_QUOTE_STEP - 1n) / ETH_QUOTE_STEP) * ETH_QUOTE_STEP;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
