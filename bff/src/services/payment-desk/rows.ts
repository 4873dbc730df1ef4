import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderMethod,
  AdminOrderStatus,
  Resolution,
  ResolutionDecision,
} from '@brnd/contracts/api/admin-orders';
import {
  type NotificationOutcome,
  type PaymentNotification,
} from '@brnd/contracts/api/admin-orders';
import { type CryptoPayMethod, type OrderStatusCode } from '@brnd/contracts/domain/constants';
import { paymentNeedsDecision, type PaymentException } from '@brnd/contracts/domain/sale';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { satsToBtc, btcToSats } from '../../providers/crypto-gateway.ts';
import type { AuditLog } from '../audit-log.ts';
import type { Notifications } from '../notifications.ts';
import { type Ledger } from '../ledger.ts';
import type { OrderService } from '../orders/service.ts';
import { adminOrderStatusSql, orderStatusSql, overdueEthOrderSql } from '../orders/status-sql.ts';

/**
 * The console's orders and payments (docs/decisions/016): searching every order, what we
 * recorded about its payment, and an operator's decision on a partial, over- or late payment.
 *
 * A credit decision gives the BRND the crypto actually received buys at the order's own price,
 * less what the order already credited; it is one ledger posting whose key names the order and
 * the amount received, written with its decision row and audit entry in one transaction under
 * the order's row lock. So a double click, two operators or a retried request decide once, and
 * the referral share follows the credit exactly once, through the same paid hooks as a paid order.
 */

export interface OrderSearch {
  email?: string | undefined;
  id?: string | undefined;
  status?: AdminOrderStatus | undefined;
  method?: AdminOrderMethod | undefined;
  undecided?: boolean | undefined;
  /** `YYYY-MM-DD`, inclusive, UTC. */
  from?: string | undefined;
  to?: string | undefined;
  offset?: number | undefined;
}

export interface ResolveInput {
  decision: ResolutionDecision;
  paid_amount: string;
  reference?: string | undefined;
  note?: string | undefined;
}

export interface NotificationSearch {
  order?: string | undefined;
  provider?: 'gateway' | 'card' | undefined;
  outcome?: NotificationOutcome | undefined;
  offset?: number | undefined;
}

export interface PaymentDesk {
  notifications(
    filter: NotificationSearch,
  ): Promise<{ notifications: PaymentNotification[]; count: number }>;
  /** Reads a BTC order's invoice from the gateway again, as a webhook would; audited. */
  resync(operator: { id: string; email: string }, id: string): Promise<AdminOrderDetail>;
  search(filter: OrderSearch): Promise<{ orders: AdminOrder[]; count: number }>;
  detail(id: string): Promise<AdminOrderDetail>;
  resolve(
    operator: { id: string; email: string },
    id: string,
    input: ResolveInput,
  ): Promise<{ resolution: Resolution; order: AdminOrderDetail }>;
}

export interface CryptoRow {
  uuid: string;
  user_id: string;
  user_email: string;
  currency: CryptoPayMethod;
  status: number;
  usd: string;
  token_price: string;
  tokens: string;
  expected_units: string;
  paid_units: string;
  deposit_address: string;
  gateway_invoice_id: string | null;
  confirmations: number;
  required_confirmations: number;
  payment_exception: PaymentException | null;
  expires_at: Date;
  paid_at: Date | null;
  created_at: Date;
}

export interface ResolutionRow {
  id: string;
  decision: ResolutionDecision;
  paid_units: string;
  tokens: string;
  usd: string;
  reference: string | null;
  note: string | null;
  operator_email: string;
  created_at: Date;
}

export const WEI_PER_ETH = 10n ** 18n;

export function formatUnits(units: bigint, currency: CryptoPayMethod): string {
  if (currency === 'BTC') return satsToBtc(units);
  const whole = units / WEI_PER_ETH;
  const fraction = (units % WEI_PER_ETH).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A decimal coin amount as the operator saw it, in wei or satoshi; null if it is not one. */
export function parseUnits(amount: string, currency: CryptoPayMethod): bigint | null {
  if (currency === 'BTC') {
    try {
      return btcToSats(amount);
    } catch {
      return null;
    }
  }
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(amount);
  if (!match) return null;
  return BigInt(match[1] ?? '0') * WEI_PER_ETH + BigInt((match[2] ?? '').padEnd(18, '0'));
}

/** Exact decimal text (`100.00`, `0.003000`) in integer units of 10^-scale. */
export function scaled(decimal: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale));
}

/**
 * Whole BRND that `paid` of `expected` buys at the order's price: floor(usd × paid / expected /
 * price), all in integers (cents and micro-USD), so 100 USD at 0.003 is 33,333 as tokensForUsd.
 */
export function tokensForReceived(
  row: Pick<CryptoRow, 'usd' | 'token_price'>,
  paid: bigint,
  expected: bigint,
): bigint {
  const cents = scaled(row.usd, 2);
  const priceMicros = scaled(row.token_price, 6);
  if (expected <= 0n || priceMicros <= 0n) return 0n;
  return (cents * 10_000n * paid) / (expected * priceMicros);
}

/** USD a number of tokens stands for at the order's price, rounded down to cents. */
export function usdFor(tokens: bigint, row: Pick<CryptoRow, 'token_price'>): number {
  const micros = tokens * scaled(row.token_price, 6);
  return Number(micros / 10_000n) / 100;
}

/**
 * An exception is decidable once the order can no longer change on its own: expired, cancelled
 * or refunded with money received, paid with an overpayment, or an ETH quote past its expiry
 * (the sweep may not have run yet). A partial payment on an open order may still be completed.
 */
export function decidable(row: CryptoRow, now: Date): boolean {
  return paymentNeedsDecision({
    status: row.status as OrderStatusCode,
    exception: row.payment_exception,
    received: BigInt(row.paid_units) > 0n,
    quoteOver: row.currency === 'ETH' && row.expires_at <= now,
  });
}

/** The same rule in SQL, for the list's `needs_decision` and its filter. */
export const DECIDABLE_SQL = `(o.payment_exception IS NOT NULL AND o.paid_units > 0
  AND ((${orderStatusSql.is('PAID', 'o.status')} AND o.payment_exception = 'overpaid')
    OR ${orderStatusSql.closed('o.status')} OR ${overdueEthOrderSql('now()', 'o.')})
  AND NOT EXISTS (SELECT 1 FROM payment_resolutions r
    WHERE r.order_uuid = o.uuid AND r.paid_units = o.paid_units))`;

/** Crypto and card orders in one shape; ETH quotes past expiry read as expired, as buyers see. */
export const ALL_ORDERS_SQL = `
  SELECT o.uuid::text AS id, o.currency AS method, u.email AS user_email,
    ${adminOrderStatusSql('o.')} AS status,
    o.usd::text, o.token_price::text, o.tokens::text, o.payment_exception,
    ${DECIDABLE_SQL} AS needs_decision, o.created_at
  FROM crypto_orders o JOIN users u ON u.id = o.user_id
  UNION ALL
  SELECT c.cash_tx_hash, 'PLN', u.email,
    CASE c.status WHEN 'pending' THEN 'waiting' WHEN 'paid' THEN 'paid'
      WHEN 'expired' THEN 'expired' ELSE 'failed' END,
    c.usd::text, c.token_price::text, c.tokens::text, NULL, false, c.created_at
  FROM card_orders c JOIN users u ON u.id = c.user_id`;

export interface ListRow {
  id: string;
  method: AdminOrderMethod;
  user_email: string;
  status: AdminOrderStatus;
  usd: string;
  token_price: string;
  tokens: string;
  payment_exception: PaymentException | null;
  needs_decision: boolean;
  created_at: Date;
}

export interface NotificationRow extends Omit<PaymentNotification, 'received_at'> {
  received_at: Date;
}

export const NOTIFICATION_COLUMNS = `id::text, provider, received_at, order_ref, event_type, delivery_id,
  redelivery, signature_valid, outcome, http_status, reason, body`;

export function toNotification(row: NotificationRow): PaymentNotification {
  return { ...row, received_at: row.received_at.toISOString() };
}

export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function toResolution(row: ResolutionRow, currency: CryptoPayMethod): Resolution {
  return {
    id: String(row.id),
    decision: row.decision,
    paid_amount: formatUnits(BigInt(row.paid_units), currency),
    brnd_tokens: Number(row.tokens),
    usd: Number(row.usd),
    reference: row.reference,
    note: row.note,
    operator_email: row.operator_email,
    created_at: row.created_at.toISOString(),
  };
}

/** What the payment desk works with. */
export interface PaymentDeskDeps {
  db: Database;
  ledger: Ledger;
  orders: OrderService;
  audit: AuditLog;
  logger: Logger;
  /** A chain explorer's transaction page with `{hash}`; unset: no links. */
  explorerTxUrl?: string | undefined;
  /** Unset: buyers are not told of decisions by e-mail (tests that do not look). */
  notifications?: Notifications | undefined;
  now?: () => Date;
}
