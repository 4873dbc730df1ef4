import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderMethod,
  AdminOrderStatus,
  Resolution,
  ResolutionDecision,
} from '@brnd/contracts/api/admin-orders';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderStatus,
  type NotificationOutcome,
  type PaymentNotification,
} from '@brnd/contracts/api/admin-orders';
import {
  ORDER_STATUS,
  type CryptoPayMethod,
  type OrderStatusCode,
} from '@brnd/contracts/domain/constants';
import {
  paymentNeedsDecision,
  type CardOrderState,
  type PaymentException,
} from '@brnd/contracts/domain/sale';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import type { Language } from '../db/models.ts';
import type { Logger } from '../logger.ts';
import { satsToBtc, btcToSats } from '../providers/crypto-gateway.ts';
import type { AuditLog } from './audit-log.ts';
import { DomainError } from './errors.ts';
import type { Notifications } from './notifications.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, userAccount, type Ledger } from './ledger.ts';
import type { OrderService } from './orders/service.ts';
import { adminOrderStatusSql, orderStatusSql, overdueEthOrderSql } from './orders/status-sql.ts';
import { isOverdueEthOrder } from '@brnd/contracts/domain/orders';

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

interface CryptoRow {
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

interface ResolutionRow {
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

const WEI_PER_ETH = 10n ** 18n;
const UNIQUE_VIOLATION = '23505';

export function formatUnits(units: bigint, currency: CryptoPayMethod): string {
  if (currency === 'BTC') return satsToBtc(units);
  const whole = units / WEI_PER_ETH;
  const fraction = (units % WEI_PER_ETH).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A decimal coin amount as the operator saw it, in wei or satoshi; null if it is not one. */
function parseUnits(amount: string, currency: CryptoPayMethod): bigint | null {
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
function scaled(decimal: string, scale: number): bigint {
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
function usdFor(tokens: bigint, row: Pick<CryptoRow, 'token_price'>): number {
  const micros = tokens * scaled(row.token_price, 6);
  return Number(micros / 10_000n) / 100;
}

/**
 * An exception is decidable once the order can no longer change on its own: expired, cancelled
 * or refunded with money received, paid with an overpayment, or an ETH quote past its expiry
 * (the sweep may not have run yet). A partial payment on an open order may still be completed.
 */
function decidable(row: CryptoRow, now: Date): boolean {
  return paymentNeedsDecision({
    status: row.status as OrderStatusCode,
    exception: row.payment_exception,
    received: BigInt(row.paid_units) > 0n,
    quoteOver: row.currency === 'ETH' && row.expires_at <= now,
  });
}

/** The same rule in SQL, for the list's `needs_decision` and its filter. */
const DECIDABLE_SQL = `(o.payment_exception IS NOT NULL AND o.paid_units > 0
  AND ((${orderStatusSql.is('PAID', 'o.status')} AND o.payment_exception = 'overpaid')
    OR ${orderStatusSql.closed('o.status')} OR ${overdueEthOrderSql('now()', 'o.')})
  AND NOT EXISTS (SELECT 1 FROM payment_resolutions r
    WHERE r.order_uuid = o.uuid AND r.paid_units = o.paid_units))`;

/** Crypto and card orders in one shape; ETH quotes past expiry read as expired, as buyers see. */
const ALL_ORDERS_SQL = `
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

interface ListRow {
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

interface NotificationRow extends Omit<PaymentNotification, 'received_at'> {
  received_at: Date;
}

const NOTIFICATION_COLUMNS = `id::text, provider, received_at, order_ref, event_type, delivery_id,
  redelivery, signature_valid, outcome, http_status, reason, body`;

function toNotification(row: NotificationRow): PaymentNotification {
  return { ...row, received_at: row.received_at.toISOString() };
}

function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function toResolution(row: ResolutionRow, currency: CryptoPayMethod): Resolution {
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

export function createPaymentDesk(deps: {
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
}): PaymentDesk {
  const { db, ledger, audit, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const explorerTxUrl = deps.explorerTxUrl ?? null;

  const CRYPTO_COLUMNS = `o.uuid::text, o.user_id::text, u.email AS user_email, o.currency,
    o.status, o.usd::text, o.token_price::text, o.tokens::text, o.expected_units::text,
    o.paid_units::text, o.deposit_address, o.gateway_invoice_id, o.confirmations,
    o.required_confirmations, o.payment_exception, o.expires_at, o.paid_at, o.created_at`;

  async function cryptoRow(
    uuid: string,
    transaction?: Transaction,
  ): Promise<CryptoRow | undefined> {
    const [row] = await db.query<CryptoRow>(
      `SELECT ${CRYPTO_COLUMNS} FROM crypto_orders o JOIN users u ON u.id = o.user_id
       WHERE o.uuid = $1 ${transaction ? 'FOR UPDATE OF o' : ''}`,
      [uuid],
      transaction ? { transaction } : {},
    );
    return row;
  }

  async function resolutions(uuid: string, transaction?: Transaction): Promise<ResolutionRow[]> {
    return db.query<ResolutionRow>(
      `SELECT id::text, decision, paid_units::text, tokens::text, usd::text, reference, note,
         operator_email, created_at
       FROM payment_resolutions WHERE order_uuid = $1 ORDER BY id`,
      [uuid],
      transaction ? { transaction } : {},
    );
  }

  /** BRND this order has credited so far: the paid order itself, then each credit decision. */
  function credited(row: CryptoRow, decided: ResolutionRow[]): bigint {
    const own = row.status === ORDER_STATUS.PAID ? BigInt(row.tokens) : 0n;
    return decided.reduce(
      (sum, decision) => sum + (decision.decision === 'credit' ? BigInt(decision.tokens) : 0n),
      own,
    );
  }

  async function cryptoDetail(row: CryptoRow): Promise<AdminOrderDetail> {
    const [decided, deposits, notifications] = await Promise.all([
      resolutions(row.uuid),
      db.query<{
        block: string;
        balance: string;
        change: string;
        transactions: { hash: string; from: string; value: string }[];
        observed_at: Date;
      }>(
        `SELECT block::text, balance::text, change::text, transactions, observed_at
         FROM eth_deposit_observations WHERE order_uuid = $1 ORDER BY id`,
        [row.uuid],
      ),
      notificationsOf(row.uuid),
    ]);
    const expected = BigInt(row.expected_units);
    const paid = BigInt(row.paid_units);
    const open =
      decidable(row, now()) && !decided.some((decision) => BigInt(decision.paid_units) === paid);
    const preview = tokensForReceived(row, paid, expected) - credited(row, decided);
    const overdue = isOverdueEthOrder(
      { currency: row.currency, status: row.status, expiresAt: row.expires_at },
      now(),
    );
    const signed = (units: bigint) =>
      units < 0n ? `-${formatUnits(-units, row.currency)}` : formatUnits(units, row.currency);
    return {
      id: row.uuid,
      method: row.currency,
      user_email: row.user_email,
      status: overdue ? 'expired' : adminOrderStatus(row.status),
      usd: Number(row.usd),
      token_price: Number(row.token_price),
      brnd_tokens: Number(row.tokens),
      payment_exception: row.payment_exception,
      needs_decision: open,
      created_at: row.created_at.toISOString(),
      status_code: row.status,
      currency: row.currency,
      expected_amount: formatUnits(expected, row.currency),
      paid_amount: formatUnits(paid, row.currency),
      due_amount: formatUnits(paid >= expected ? 0n : expected - paid, row.currency),
      address: row.deposit_address,
      gateway_invoice_id: row.gateway_invoice_id,
      confirmations: row.confirmations,
      required_confirmations: row.required_confirmations,
      expires_at: row.expires_at.toISOString(),
      paid_at: row.paid_at ? row.paid_at.toISOString() : null,
      credit_preview:
        open && preview > 0n ? { brnd_tokens: Number(preview), usd: usdFor(preview, row) } : null,
      deposits: deposits.map((deposit) => ({
        block: Number(deposit.block),
        balance: formatUnits(BigInt(deposit.balance), 'ETH'),
        change: signed(BigInt(deposit.change)),
        transactions: deposit.transactions.map((transfer) => ({
          hash: transfer.hash,
          from: transfer.from,
          value: formatUnits(BigInt(transfer.value), 'ETH'),
        })),
        observed_at: deposit.observed_at.toISOString(),
      })),
      notifications,
      resolutions: decided.map((decision) => toResolution(decision, row.currency)),
      explorer_tx_url: explorerTxUrl,
    };
  }

  async function notificationsOf(ref: string): Promise<AdminOrderDetail['notifications']> {
    const rows = await db.query<NotificationRow>(
      `SELECT ${NOTIFICATION_COLUMNS} FROM payment_notifications WHERE order_ref = $1 ORDER BY id`,
      [ref],
    );
    return rows.map(toNotification);
  }

  async function cardDetail(hash: string): Promise<AdminOrderDetail | undefined> {
    const [row] = await db.query<{
      cash_tx_hash: string;
      user_email: string;
      status: CardOrderState;
      pln: string;
      usd: string;
      token_price: string;
      tokens: string;
      paid_at: Date | null;
      created_at: Date;
    }>(
      `SELECT c.cash_tx_hash, u.email AS user_email, c.status, c.pln::text, c.usd::text,
         c.token_price::text, c.tokens::text, c.paid_at, c.created_at
       FROM card_orders c JOIN users u ON u.id = c.user_id WHERE c.cash_tx_hash = $1`,
      [hash],
    );
    if (!row) return undefined;
    const paid = row.status === 'paid';
    return {
      id: row.cash_tx_hash,
      method: 'PLN',
      user_email: row.user_email,
      status: row.status === 'pending' ? 'waiting' : row.status,
      usd: Number(row.usd),
      token_price: Number(row.token_price),
      brnd_tokens: Number(row.tokens),
      payment_exception: null,
      needs_decision: false,
      created_at: row.created_at.toISOString(),
      status_code: null,
      currency: 'PLN',
      expected_amount: row.pln,
      paid_amount: paid ? row.pln : '0',
      due_amount: paid ? '0' : row.pln,
      address: null,
      gateway_invoice_id: null,
      confirmations: 0,
      required_confirmations: 0,
      expires_at: null,
      paid_at: row.paid_at ? row.paid_at.toISOString() : null,
      credit_preview: null,
      deposits: [],
      notifications: await notificationsOf(row.cash_tx_hash),
      resolutions: [],
      explorer_tx_url: explorerTxUrl,
    };
  }

  /**
   * Tells the buyer, in their language, what was decided on their money: queued in the
   * decision's transaction (decision 056), so the decision and its mail stand or fall together.
   */
  async function mailBuyer(
    uuid: string,
    resolution: Resolution,
    currency: CryptoPayMethod,
    transaction: Transaction,
  ) {
    const notifications = deps.notifications;
    if (!notifications) return;
    const [buyer] = await db.query<{
      email: string;
      name: string;
      language: Language;
      shop_order_id: string;
    }>(
      `SELECT u.email, u.name, u.language, o.shop_order_id::text
       FROM crypto_orders o JOIN users u ON u.id = o.user_id WHERE o.uuid = $1`,
      [uuid],
      { transaction },
    );
    if (!buyer) return;
    await notifications.mail(
      {
        kind: 'paymentDecision',
        to: buyer.email,
        language: buyer.language,
        props: {
          name: buyer.name,
          decision: resolution.decision,
          order: buyer.shop_order_id,
          paid: `${resolution.paid_amount} ${currency}`,
          tokens: resolution.brnd_tokens,
          reference: resolution.reference ?? '',
          orderUuid: uuid,
        },
      },
      { transaction },
    );
  }

  async function detail(id: string): Promise<AdminOrderDetail> {
    if (isUuid(id)) {
      const row = await cryptoRow(id);
      if (row) return cryptoDetail(row);
    }
    const card = await cardDetail(id);
    if (!card) throw new DomainError(404, 'errors.notFound');
    return card;
  }

  return {
    async notifications(filter) {
      const conditions: string[] = [];
      const bind: unknown[] = [];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        bind.push(value);
        conditions.push(sql(`$${bind.length}`));
      };
      if (filter.order) add((p) => `lower(order_ref) = lower(${p})`, filter.order);
      if (filter.provider) add((p) => `provider = ${p}`, filter.provider);
      if (filter.outcome) add((p) => `outcome = ${p}`, filter.outcome);
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const [rows, [total]] = await Promise.all([
        db.query<NotificationRow>(
          `SELECT ${NOTIFICATION_COLUMNS} FROM payment_notifications ${where}
           ORDER BY id DESC LIMIT ${ADMIN_NOTIFICATIONS_PAGE_SIZE} OFFSET $${bind.length + 1}`,
          [...bind, filter.offset ?? 0],
        ),
        db.query<{ count: string }>(
          `SELECT count(*) AS count FROM payment_notifications ${where}`,
          bind,
        ),
      ]);
      return { notifications: rows.map(toNotification), count: Number(total?.count ?? 0) };
    },

    async resync(operator, id) {
      const before = isUuid(id) ? await cryptoRow(id) : undefined;
      if (!before) throw new DomainError(404, 'errors.notFound');
      if (!before.gateway_invoice_id) {
        throw new DomainError(409, 'finance.orders.errors.notGatewayOrder');
      }
      try {
        // The code path of every webhook: read the invoice back, apply it under the row lock.
        await deps.orders.syncInvoice(id);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        logger.warn('operator could not read an invoice back', { order: id, err: error });
        throw new DomainError(503, 'orders.errors.gatewayUnavailable');
      }
      const order = await detail(id);
      await audit.record({
        actorId: operator.id,
        actorEmail: operator.email,
        action: 'order.resync',
        subject: id,
        details: {
          invoice: before.gateway_invoice_id,
          status_before: before.status,
          status_after: order.status_code,
          paid_before: formatUnits(BigInt(before.paid_units), before.currency),
          paid_after: order.paid_amount,
        },
      });
      return order;
    },

    async search(filter) {
      const conditions: string[] = [];
      const bind: unknown[] = [];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        bind.push(value);
        conditions.push(sql(`$${bind.length}`));
      };
      if (filter.email)
        add((p) => `user_email ILIKE '%' || ${p} || '%'`, likeLiteral(filter.email));
      if (filter.id) add((p) => `lower(id) = lower(${p})`, filter.id);
      if (filter.status) add((p) => `status = ${p}`, filter.status);
      if (filter.method) add((p) => `method = ${p}`, filter.method);
      if (filter.undecided) conditions.push('needs_decision');
      if (filter.from) add((p) => `created_at >= ${p}::date`, filter.from);
      // Inclusive: the whole last day.
      if (filter.to) add((p) => `created_at < ${p}::date + 1`, filter.to);
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const matching = `FROM (${ALL_ORDERS_SQL}) AS all_orders ${where}`;
      const [rows, [total]] = await Promise.all([
        db.query<ListRow>(
          `SELECT * ${matching} ORDER BY created_at DESC, id
           LIMIT ${ADMIN_ORDERS_PAGE_SIZE} OFFSET $${bind.length + 1}`,
          [...bind, filter.offset ?? 0],
        ),
        db.query<{ count: string }>(`SELECT count(*) AS count ${matching}`, bind),
      ]);
      return {
        count: Number(total?.count ?? 0),
        orders: rows.map((row) => ({
          id: row.id,
          method: row.method,
          user_email: row.user_email,
          status: row.status,
          usd: Number(row.usd),
          token_price: Number(row.token_price),
          brnd_tokens: Number(row.tokens),
          payment_exception: row.payment_exception,
          needs_decision: row.needs_decision,
          created_at: row.created_at.toISOString(),
        })),
      };
    },

    detail,

    async resolve(operator, id, input) {
      if (!isUuid(id)) throw new DomainError(404, 'errors.notFound');
      const resolution = await db
        .transaction(async (transaction) => {
          const row = await cryptoRow(id, transaction);
          if (!row) throw new DomainError(404, 'errors.notFound');
          const paid = BigInt(row.paid_units);
          const decided = await resolutions(id, transaction);
          if (decided.some((decision) => BigInt(decision.paid_units) === paid)) {
            throw new DomainError(409, 'finance.orders.errors.alreadyResolved');
          }
          if (!decidable(row, now())) {
            throw new DomainError(409, 'finance.orders.errors.notDecidable');
          }
          const seen = parseUnits(input.paid_amount, row.currency);
          if (seen !== paid) throw new DomainError(409, 'finance.orders.errors.paymentChanged');

          let tokens = 0n;
          let usd = 0;
          let ledgerTransactionId: string | null = null;
          if (input.decision === 'credit') {
            tokens =
              tokensForReceived(row, paid, BigInt(row.expected_units)) - credited(row, decided);
            if (tokens <= 0n) throw new DomainError(409, 'finance.orders.errors.nothingToCredit');
            usd = usdFor(tokens, row);
            await ledger.ensureUserAccount(row.user_id, { transaction });
            const posted = await ledger.post(
              {
                // One credit per order and amount received, whatever the caller retries.
                idempotencyKey: `order:${row.uuid}:resolution:${paid}`,
                entries: [
                  { account: LEDGER_ACCOUNTS.sale, amount: -tokens * ONE_TOKEN },
                  { account: userAccount(row.user_id), amount: tokens * ONE_TOKEN },
                ],
                metadata: {
                  kind: 'sale-resolution',
                  order: row.uuid,
                  method: row.currency,
                  exception: row.payment_exception,
                  usd: usd.toFixed(2),
                  paid_units: paid.toString(),
                  operator_id: operator.id,
                  operator_email: operator.email,
                },
              },
              { transaction },
            );
            if (!posted.created)
              throw new DomainError(409, 'finance.orders.errors.alreadyResolved');
            ledgerTransactionId = posted.id;
          }
          const [inserted] = await db.query<ResolutionRow>(
            `INSERT INTO payment_resolutions (order_uuid, decision, paid_units, tokens, usd,
               reference, note, operator_id, operator_email, ledger_transaction_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING id::text, decision, paid_units::text, tokens::text, usd::text, reference,
               note, operator_email, created_at`,
            [
              row.uuid,
              input.decision,
              paid.toString(),
              tokens.toString(),
              usd.toFixed(2),
              input.reference ?? null,
              input.note ?? null,
              operator.id,
              operator.email,
              ledgerTransactionId,
            ],
            { transaction },
          );
          if (!inserted) throw new Error('the decision was not recorded');
          if (tokens > 0n) {
            // The referral share follows this credit as it follows a paid order, once: its
            // subject names the decision.
            await deps.orders.runPaidHooks(
              {
                orderId: `${row.uuid}:resolution:${inserted.id}`,
                kind: 'crypto',
                method: row.currency,
                userId: row.user_id,
                usd,
                tokens: Number(tokens),
              },
              transaction,
            );
          }
          await audit.record(
            {
              actorId: operator.id,
              actorEmail: operator.email,
              action: `order.resolve.${input.decision}`,
              subject: row.uuid,
              details: {
                exception: row.payment_exception,
                paid_amount: formatUnits(paid, row.currency),
                currency: row.currency,
                brnd_tokens: Number(tokens),
                usd,
                ...(input.reference ? { reference: input.reference } : {}),
                ...(input.note ? { note: input.note } : {}),
                ...(ledgerTransactionId ? { ledger_transaction: ledgerTransactionId } : {}),
              },
            },
            transaction,
          );
          const resolution = toResolution(inserted, row.currency);
          await mailBuyer(id, resolution, row.currency, transaction);
          return resolution;
        })
        .catch((error: unknown) => {
          // Two decisions racing past the checks meet at the unique (order, amount) key.
          if ((error as { parent?: { code?: string } }).parent?.code === UNIQUE_VIOLATION) {
            throw new DomainError(409, 'finance.orders.errors.alreadyResolved');
          }
          throw error;
        });
      logger.info('order exception resolved', {
        order: id,
        decision: resolution.decision,
        tokens: resolution.brnd_tokens,
        operator: operator.email,
      });
      return { resolution, order: await detail(id) };
    },
  };
}
