import { isOverdueEthOrder } from '@brnd/contracts/domain/orders';
import { orderStatusSql, overdueEthOrderSql } from './status-sql.ts';
import { randomUUID } from 'node:crypto';
import {
  CardProviderCallbackSchema,
  CARD_CALLBACK_TOLERANCE_SECONDS,
} from '@brnd/contracts/api/card-provider';
import type { CryptoOrder } from '@brnd/contracts/api/orders';
import {
  CARD_MIN_PLN,
  CARD_PAYMENT_WINDOW_MS,
  CARD_RETRY_GAP_MS,
  MAX_OPEN_ORDERS_PER_METHOD,
  ORDER_EXPIRY_MS,
  REFUSED_NOTIFICATIONS_KEPT_MAX,
  ORDER_STATUS,
  ORDER_TEXT_STATUS,
  type CryptoPayMethod,
  type OrderStatusCode,
} from '@brnd/contracts/domain/constants';
import {
  CARD_TRANSACTION_STATUS,
  btcPaymentUri,
  ethPaymentUri,
  orderTransactionStatus,
  tokensForPln,
  paymentSituation,
  tokensForUsd,
  type CardOrderState,
  type PaymentException,
  type ResolutionDecision,
} from '@brnd/contracts/domain/sale';
import * as v from 'valibot';
import type { Transaction } from 'sequelize';
import type { CardExchange } from '../../providers/card-exchange.ts';
import {
  btcToSats,
  confirmationsOf,
  parseGatewayWebhook,
  satsToBtc,
  type CryptoGateway,
  type GatewayInvoice,
  type GatewayPaymentMethod,
} from '../../providers/crypto-gateway.ts';
import { DomainError, tooManyAttempts } from '../errors.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, userAccount } from '../ledger.ts';
import type { OrderPaidEvent, OrderPaidHook, OrderService, OrderServiceDeps } from './types.ts';

export type {
  OrderPaidEvent,
  OrderPaidHook,
  DepositTransfer,
  EthObservation,
  OrderService,
  OrderServiceDeps,
} from './types.ts';

/**
 * Token sale orders: crypto orders (ETH to a per-order deposit address watched on the chain, BTC
 * through the payment gateway) and card orders (PLN through the cash-exchange provider).
 *
 * Every change to an order happens in one database transaction holding the order's row lock,
 * and the credit of a paid order is a ledger posting with the order's own idempotency key in
 * that same transaction: however many webhooks, callbacks or watcher ticks arrive, in parallel
 * or late, an order is credited once. See docs/decisions/007 and 008.
 */

interface OrderRow {
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
interface DecisionColumns {
  decided: ResolutionDecision | null;
  decided_units: string | null;
  decided_tokens: string | null;
  decided_reference: string | null;
  decided_at: Date | null;
}

const ORDER_COLUMNS = `uuid::text, user_id::text, currency, status, usd::text, token_price::text,
  tokens::text, expected_units::text, paid_units::text, deposit_address, checkout_url, payment_uri,
  shop_order_id::text, confirmations, required_confirmations, seen_block::text, payment_exception,
  payment_seen_at, expires_at, created_at`;

const DECISION_COLUMNS = `d.decided, d.decided_units, d.decided_tokens, d.decided_reference,
  d.decided_at`;

/** Joins `d`, the latest decision on `crypto_orders`' row (names that cannot clash with it). */
const LATEST_DECISION = `LEFT JOIN LATERAL (
    SELECT r.decision AS decided, r.paid_units::text AS decided_units,
      r.tokens::text AS decided_tokens, r.reference AS decided_reference,
      r.created_at AS decided_at
    FROM payment_resolutions r
    WHERE r.order_uuid = crypto_orders.uuid ORDER BY r.id DESC LIMIT 1) d ON true`;

const WEI_PER_ETH = 10n ** 18n;
/** ETH quotes are rounded up to 6 decimals, so the amount to send is readable. */
const ETH_QUOTE_STEP = 10n ** 12n;
/** A notification body is kept up to this length: enough for any real one, bounded for forged ones. */
const NOTIFICATION_BODY_CHARS = 4_000;
/** An open BTC order not read back from the gateway for this long is read by the sweep. */
const GATEWAY_RESYNC_MS = 60_000;

type NotificationOutcome = 'accepted' | 'refused' | 'ignored';

/** What a notification turned out to be, learnt while it is checked (kept even if refused). */
interface NotificationMeta {
  eventType: string | null;
  deliveryId: string | null;
  redelivery: boolean;
  signatureValid: boolean;
}

interface NotificationResult {
  orderRef: string | null;
  outcome: Exclude<NotificationOutcome, 'refused'>;
}

function formatUnits(units: bigint, currency: CryptoPayMethod): string {
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

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function createOrderService(deps: OrderServiceDeps): OrderService {
  const { db, ledger, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const hooks: OrderPaidHook[] = [];

  /**
   * What the buyer sees: an open ETH order past its expiry reads as expired before the sweep
   * runs. A BTC order's expiry is the gateway's call (a payment made in time may settle after
   * it), so it shows what the gateway last said.
   */
  function view(row: OrderRow & Partial<DecisionColumns>): CryptoOrder {
    const expected = BigInt(row.expected_units);
    const paid = BigInt(row.paid_units);
    const due = paid >= expected ? 0n : expected - paid;
    const overdue = isOverdueEthOrder(
      { currency: row.currency, status: row.status, expiresAt: row.expires_at },
      now(),
    );
    const status = overdue ? ORDER_STATUS.EXPIRED : row.status;
    const decidedNow =
      row.decided && row.decided_units !== null && BigInt(row.decided_units ?? -1) === paid
        ? row.decided
        : null;
    return {
      uuid: row.uuid,
      status,
      value: Number(row.usd),
      destination_currency: row.currency,
      destination_amount: formatUnits(expected, row.currency),
      blockchain_address: row.deposit_address,
      shop_order_id: row.shop_order_id,
      expires_at: row.expires_at.toISOString(),
      text_status: ORDER_TEXT_STATUS[status],
      created_at: row.created_at.toISOString(),
      token_price: Number(row.token_price),
      brnd_tokens: Number(row.tokens),
      payment_uri: paid > 0n && due > 0n ? dueUri(row, due) : row.payment_uri,
      paid_amount: formatUnits(paid, row.currency),
      due_amount: formatUnits(due, row.currency),
      confirmations: row.confirmations,
      required_confirmations: row.required_confirmations,
      payment_exception: row.payment_exception,
      checkout_url: row.checkout_url,
      payment_seen_at: row.payment_seen_at ? row.payment_seen_at.toISOString() : null,
      payment_situation: paymentSituation(
        {
          status,
          exception: row.payment_exception,
          received: paid > 0n,
          quoteOver: overdue,
        },
        decidedNow,
      ),
      decision:
        row.decided && row.decided_at
          ? {
              decision: row.decided,
              paid_amount: formatUnits(BigInt(row.decided_units ?? 0), row.currency),
              brnd_tokens: Number(row.decided_tokens ?? 0),
              reference: row.decided_reference ?? null,
              decided_at: row.decided_at.toISOString(),
            }
          : null,
    };
  }

  /**
   * After a partial payment the wallet link and QR code ask for the rest: a buyer who scans
   * again must not send the whole amount a second time.
   */
  function dueUri(row: OrderRow, due: bigint): string {
    if (row.currency === 'ETH') return ethPaymentUri(row.deposit_address, deps.chainId, due);
    return btcPaymentUri(row.deposit_address, satsToBtc(due));
  }

  async function lockOrder(uuid: string, transaction: Transaction): Promise<OrderRow | undefined> {
    const [row] = await db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM crypto_orders WHERE uuid = $1 FOR UPDATE`,
      [uuid],
      { transaction },
    );
    return row;
  }

  /** The one place tokens for a sale are credited: inside the caller's transaction. */
  async function credit(event: OrderPaidEvent, transaction: Transaction) {
    await ledger.ensureUserAccount(event.userId, { transaction });
    const amount = BigInt(event.tokens) * ONE_TOKEN;
    const posted = await ledger.post(
      {
        idempotencyKey: `order:${event.orderId}:paid`,
        entries: [
          { account: LEDGER_ACCOUNTS.sale, amount: -amount },
          { account: userAccount(event.userId), amount },
        ],
        metadata: {
          kind: 'sale',
          usd: event.usd.toFixed(2),
          order: event.orderId,
          method: event.method,
        },
      },
      { transaction },
    );
    // A repeated key means this order was credited before: its hooks ran then.
    if (!posted.created) return;
    for (const hook of hooks) await hook(event, transaction);
  }

  interface Change {
    status: OrderStatusCode;
    paidUnits: bigint;
    confirmations: number;
    exception: PaymentException | null;
    /** The block the full amount was first seen in; null forgets it (the balance fell back). */
    seenBlock?: bigint | null;
  }

  /** Writes a change under the row lock; moving to PAID credits in the same transaction. */
  async function apply(row: OrderRow, change: Change, transaction: Transaction) {
    // Paid and final states never move back; they only record more money arriving, which an
    // operator then credits or refunds (never ignored: docs/decisions/038).
    let next = change;
    if (row.status >= ORDER_STATUS.PAID) {
      if (change.paidUnits <= BigInt(row.paid_units)) return;
      next = {
        ...change,
        status: row.status,
        confirmations: Math.max(change.confirmations, row.confirmations),
        exception:
          row.status === ORDER_STATUS.PAID
            ? 'overpaid'
            : row.status === ORDER_STATUS.EXPIRED
              ? 'late'
              : change.exception,
      };
      if (row.status > ORDER_STATUS.PAID && !next.exception) next.exception = 'late';
    }
    const moreMoney = next.paidUnits > BigInt(row.paid_units);
    const paid = next.status === ORDER_STATUS.PAID && row.status !== ORDER_STATUS.PAID;
    await db.query(
      `UPDATE crypto_orders SET status = $2, paid_units = $3, confirmations = $4,
         payment_exception = $5,
         seen_block = CASE WHEN $8 THEN NULL ELSE coalesce($6, seen_block) END,
         paid_at = CASE WHEN $7 THEN now() ELSE paid_at END,
         payment_seen_at = CASE WHEN $9 THEN now() ELSE payment_seen_at END, updated_at = now()
       WHERE uuid = $1`,
      [
        row.uuid,
        next.status,
        next.paidUnits.toString(),
        next.confirmations,
        next.exception,
        next.seenBlock?.toString() ?? null,
        paid,
        next.seenBlock === null,
        moreMoney,
      ],
      { transaction },
    );
    if (paid) {
      await credit(
        {
          orderId: row.uuid,
          kind: 'crypto',
          method: row.currency,
          userId: row.user_id,
          usd: Number(row.usd),
          tokens: Number(row.tokens),
        },
        transaction,
      );
      logger.info('order paid', { order: row.uuid, method: row.currency, usd: row.usd });
    }
  }

  function invoiceChange(
    row: OrderRow,
    invoice: GatewayInvoice,
    method: GatewayPaymentMethod,
  ): Change {
    const paidUnits = btcToSats(method.totalPaid);
    const confirmations = confirmationsOf(method, row.required_confirmations);
    const extra = invoice.additionalStatus;
    switch (invoice.status) {
      case 'Settled':
        // A settlement of money that came after expiry is still late: never at a stale price.
        if (extra === 'PaidLate') {
          return { status: ORDER_STATUS.EXPIRED, paidUnits, confirmations, exception: 'late' };
        }
        return {
          status: ORDER_STATUS.PAID,
          paidUnits,
          confirmations,
          exception: extra === 'PaidOver' ? 'overpaid' : null,
        };
      case 'Processing':
        return {
          status: ORDER_STATUS.CONFIRMING,
          paidUnits,
          confirmations,
          exception: extra === 'PaidOver' ? 'overpaid' : null,
        };
      case 'Expired':
        return {
          status: ORDER_STATUS.EXPIRED,
          paidUnits,
          confirmations,
          exception: extra === 'PaidLate' ? 'late' : paidUnits > 0n ? 'partial' : null,
        };
      case 'Invalid':
        return { status: ORDER_STATUS.CANCELED, paidUnits, confirmations, exception: null };
      default:
        return {
          status: ORDER_STATUS.WAITING,
          paidUnits,
          confirmations,
          exception: extra === 'PaidPartial' || paidUnits > 0n ? 'partial' : row.payment_exception,
        };
    }
  }

  function requireGateway(): CryptoGateway {
    if (!deps.gateway) throw new DomainError(503, 'orders.errors.gatewayUnavailable');
    return deps.gateway;
  }

  function requireCard(): CardExchange {
    if (!deps.card) throw new DomainError(503, 'orders.errors.gatewayUnavailable');
    return deps.card;
  }

  async function insertOrder(values: {
    uuid: string;
    userId: string;
    currency: CryptoPayMethod;
    usd: number;
    price: number;
    tokens: number;
    expectedUnits: bigint;
    address: string;
    depositIndex: bigint | null;
    invoiceId: string | null;
    checkoutUrl: string | null;
    paymentUri: string;
    requiredConfirmations: number;
    expiresAt: Date;
  }): Promise<OrderRow> {
    return db.transaction(async (transaction) => {
      // Serialises one user's order creation, so parallel requests cannot pass the cap together.
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`orders:${values.userId}`], {
        transaction,
      });
      await refuseTooManyOpen(values.userId, values.currency, transaction);
      return insertOrderRow(values, transaction);
    });
  }

  /** Waiting orders of the method whose quote still holds: at most MAX_OPEN_ORDERS_PER_METHOD. */
  async function refuseTooManyOpen(
    userId: string,
    currency: CryptoPayMethod,
    transaction?: Transaction,
  ) {
    const [open] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM crypto_orders
       WHERE user_id = $1 AND currency = $2 AND ${orderStatusSql.awaitingPayment()}
         AND expires_at > now()`,
      [userId, currency],
      transaction ? { transaction } : {},
    );
    if ((open?.count ?? 0) >= MAX_OPEN_ORDERS_PER_METHOD) {
      throw new DomainError(409, 'orders.errors.tooManyOpenOrders', {
        values: { limit: MAX_OPEN_ORDERS_PER_METHOD },
      });
    }
  }

  async function insertOrderRow(
    values: Parameters<typeof insertOrder>[0],
    transaction: Transaction,
  ): Promise<OrderRow> {
    const [row] = await db.query<OrderRow>(
      `INSERT INTO crypto_orders (uuid, user_id, currency, usd, token_price, tokens, expected_units,
         deposit_address, deposit_index, gateway_invoice_id, checkout_url, payment_uri,
         required_confirmations, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${ORDER_COLUMNS}`,
      [
        values.uuid,
        values.userId,
        values.currency,
        values.usd.toFixed(2),
        values.price,
        values.tokens,
        values.expectedUnits.toString(),
        values.address,
        values.depositIndex?.toString() ?? null,
        values.invoiceId,
        values.checkoutUrl,
        values.paymentUri,
        values.requiredConfirmations,
        values.expiresAt,
      ],
      { transaction },
    );
    if (!row) throw new Error('crypto order insert returned no row');
    return row;
  }

  async function settleCard(
    cashTxHash: string,
    callback: v.InferOutput<typeof CardProviderCallbackSchema>,
  ) {
    await db.transaction(async (transaction) => {
      const [order] = await db.query<{
        user_id: string;
        status: CardOrderState;
        pln: string;
        usd: string;
        tokens: string;
        provider_tokens: string;
      }>(
        `SELECT user_id::text, status, pln::text, usd::text, tokens::text, provider_tokens::text
         FROM card_orders WHERE cash_tx_hash = $1 FOR UPDATE`,
        [cashTxHash],
        { transaction },
      );
      if (!order) throw new DomainError(404, 'orders.errors.cardUnknown');
      const samePln =
        Math.round(callback.quotedCurrencyAmount * 100) === Math.round(Number(order.pln) * 100);
      const sameTokens =
        Math.round(callback.baseCurrencyAmount * 1e6) ===
        Math.round(Number(order.provider_tokens) * 1e6);
      if (!samePln || !sameTokens) {
        logger.warn('card callback amounts differ from the recorded order', { cashTxHash });
        throw new DomainError(409, 'orders.errors.amountMismatch');
      }
      if (order.status === callback.status) return;
      // An expired order still takes the provider's word: money it took is credited, never lost.
      if (order.status !== 'pending' && order.status !== 'expired') {
        throw new DomainError(409, 'orders.errors.cardNotPending');
      }
      await db.query(
        `UPDATE card_orders SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() END,
           updated_at = now() WHERE cash_tx_hash = $1`,
        [cashTxHash, callback.status],
        { transaction },
      );
      if (callback.status === 'paid') {
        await credit(
          {
            orderId: cashTxHash,
            kind: 'card',
            method: 'PLN',
            userId: order.user_id,
            usd: Number(order.usd),
            tokens: Number(order.tokens),
          },
          transaction,
        );
      }
    });
  }

  async function cardCallback(
    rawBody: Buffer,
    signature: string | undefined,
    meta: NotificationMeta,
  ): Promise<NotificationResult> {
    const card = requireCard();
    const signedAt = card.verifyCallback(rawBody, signature);
    if (signedAt === null) throw new DomainError(401, 'orders.errors.badSignature');
    meta.signatureValid = true;
    if (Math.abs(now().getTime() / 1000 - signedAt) > CARD_CALLBACK_TOLERANCE_SECONDS) {
      throw new DomainError(400, 'orders.errors.staleTimestamp');
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new DomainError(400, 'errors.validation');
    }
    const parsed = v.safeParse(CardProviderCallbackSchema, body);
    if (!parsed.success) throw new DomainError(400, 'errors.validation');
    meta.eventType = parsed.output.status;
    await settleCard(parsed.output.cashTxHash, parsed.output);
    return { orderRef: parsed.output.cashTxHash, outcome: 'accepted' };
  }

  async function gatewayWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    meta: NotificationMeta,
  ): Promise<NotificationResult> {
    const gateway = requireGateway();
    if (!gateway.verifyWebhook(rawBody, signature)) {
      throw new DomainError(401, 'orders.errors.badSignature');
    }
    meta.signatureValid = true;
    const event = parseGatewayWebhook(rawBody);
    if (!event) throw new DomainError(400, 'errors.validation');
    meta.eventType = event.type;
    meta.deliveryId = event.deliveryId;
    meta.redelivery = event.isRedelivery;
    // The timestamp is not checked: a redelivery keeps the first delivery's (BTCPay retries for
    // about an hour, an operator may redeliver days later), and the body is only a hint to read
    // the invoice back, so an old one can change nothing the gateway does not confirm.
    if (!event.invoiceId || (event.storeId && event.storeId !== gateway.storeId)) {
      return { orderRef: event.invoiceId ?? null, outcome: 'ignored' };
    }
    const [order] = await db.query<{ uuid: string }>(
      'SELECT uuid::text FROM crypto_orders WHERE gateway_invoice_id = $1',
      [event.invoiceId],
    );
    // Another invoice of the store, or InvoiceCreated arriving before the order row exists.
    if (!order) return { orderRef: event.invoiceId, outcome: 'ignored' };
    await service.syncInvoice(order.uuid);
    return { orderRef: order.uuid, outcome: 'accepted' };
  }

  /**
   * Every provider notification is kept with what we answered (docs/decisions/016 and 027), in
   * its own statement after the work: a refusal rolls its work back but is still recorded.
   */
  async function recordNotification(
    provider: 'gateway' | 'card',
    rawBody: Buffer,
    work: (meta: NotificationMeta) => Promise<NotificationResult>,
  ): Promise<void> {
    const meta: NotificationMeta = {
      eventType: null,
      deliveryId: null,
      redelivery: false,
      signatureValid: false,
    };
    let result: NotificationResult;
    try {
      result = await work(meta);
    } catch (error) {
      const status = error instanceof DomainError ? error.status : 500;
      const reason = error instanceof DomainError ? error.messageId : 'errors.server';
      await storeNotification(provider, rawBody, meta, {
        orderRef: refOf(provider, rawBody),
        outcome: 'refused',
        httpStatus: status,
        reason,
      }).catch((storeError: unknown) => {
        logger.error('could not record a refused notification', { err: storeError });
      });
      throw error;
    }
    await storeNotification(provider, rawBody, meta, {
      orderRef: result.orderRef,
      outcome: result.outcome,
      httpStatus: 200,
      reason: null,
    });
  }

  /** What a notification's body names, read without trusting it (it may be forged). */
  function refOf(provider: 'gateway' | 'card', rawBody: Buffer): string | null {
    try {
      const body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      const ref = provider === 'card' ? body.cashTxHash : body.invoiceId;
      return typeof ref === 'string' ? ref.slice(0, 200) : null;
    } catch {
      return null;
    }
  }

  async function storeNotification(
    provider: 'gateway' | 'card',
    rawBody: Buffer,
    meta: NotificationMeta,
    answer: {
      orderRef: string | null;
      outcome: NotificationOutcome;
      httpStatus: number;
      reason: string | null;
    },
  ) {
    // A gateway notification names its invoice; the console looks orders up by uuid.
    let ref = answer.orderRef;
    if (provider === 'gateway' && ref && !isUuid(ref)) {
      const [order] = await db.query<{ uuid: string }>(
        'SELECT uuid::text FROM crypto_orders WHERE gateway_invoice_id = $1',
        [ref],
      );
      ref = order?.uuid ?? ref;
    }
    await db.query(
      `INSERT INTO payment_notifications (provider, order_ref, outcome, http_status, reason, body,
         event_type, delivery_id, redelivery, signature_valid)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        provider,
        ref,
        answer.outcome,
        answer.httpStatus,
        answer.reason,
        rawBody.toString('utf8').slice(0, NOTIFICATION_BODY_CHARS),
        meta.eventType?.slice(0, 100) ?? null,
        meta.deliveryId?.slice(0, 100) ?? null,
        meta.redelivery,
        meta.signatureValid,
      ],
    );
    if (answer.outcome === 'refused') {
      // Forged or broken notifications cannot fill the table: the newest ones are kept.
      await db.query(
        `DELETE FROM payment_notifications WHERE outcome = 'refused' AND id <= (
           SELECT id FROM payment_notifications WHERE outcome = 'refused'
           ORDER BY id DESC OFFSET $1 LIMIT 1)`,
        [REFUSED_NOTIFICATIONS_KEPT_MAX],
      );
    }
  }

  const service: OrderService = {
    onOrderPaid(hook) {
      hooks.push(hook);
    },

    async runPaidHooks(event, transaction) {
      for (const hook of hooks) await hook(event, transaction);
    },

    async buyTokens(userId, { usd, currency }) {
      const terms = await deps.sale.terms();
      if (terms.endsAt && terms.endsAt <= now())
        throw new DomainError(409, 'orders.errors.saleEnded');
      const roundedUsd = Math.round(usd * 100) / 100;
      const tokens = tokensForUsd(roundedUsd, terms.price);
      if (tokens < 1) {
        throw new DomainError(400, 'validation.amount', {
          fields: { amount: 'validation.amount' },
        });
      }

      const uuid = randomUUID();
      if (currency === 'ETH') {
        const [next] = await db.query<{ index: string }>(
          "SELECT nextval('deposit_address_index_seq')::text AS index",
        );
        const index = BigInt(next?.index ?? '0');
        const address = deps.deposits.address(index);
        const wei = quoteWei(roundedUsd, await deps.usdPerEth());
        const row = await insertOrder({
          uuid,
          userId,
          currency,
          usd: roundedUsd,
          price: terms.price,
          tokens,
          expectedUnits: wei,
          address,
          depositIndex: index,
          invoiceId: null,
          checkoutUrl: null,
          paymentUri: ethPaymentUri(address, deps.chainId, wei),
          requiredConfirmations: deps.ethConfirmations,
          expiresAt: new Date(now().getTime() + (deps.ethQuoteMs ?? ORDER_EXPIRY_MS)),
        });
        return view(row);
      }
      const gateway = requireGateway();
      // Checked again with the insert; this first look spares a gateway invoice.
      await refuseTooManyOpen(userId, currency);
      let invoice: GatewayInvoice;
      let method: GatewayPaymentMethod;
      try {
        invoice = await gateway.createInvoice({
          orderId: uuid,
          usd: roundedUsd.toFixed(2),
          expirationMinutes: ORDER_EXPIRY_MS / 60_000,
          redirectUrl: `${deps.appUrl}/user/buytoken/${uuid}`,
        });
        method = await gateway.paymentMethod(invoice.id);
      } catch (error) {
        logger.error('gateway invoice failed', { err: error });
        throw new DomainError(503, 'orders.errors.gatewayUnavailable');
      }
      const row = await insertOrder({
        uuid,
        userId,
        currency,
        usd: roundedUsd,
        price: terms.price,
        tokens,
        expectedUnits: btcToSats(method.amount),
        address: method.destination,
        depositIndex: null,
        invoiceId: invoice.id,
        checkoutUrl: invoice.checkoutLink,
        paymentUri: method.paymentLink,
        requiredConfirmations: gateway.requiredConfirmations,
        expiresAt: new Date(invoice.expirationTime * 1000),
      });
      return view(row);
    },

    async verify(userId, uuid) {
      if (!isUuid(uuid)) throw new DomainError(404, 'errors.notFound');
      const [row] = await db.query<OrderRow & DecisionColumns>(
        `SELECT ${ORDER_COLUMNS}, ${DECISION_COLUMNS} FROM crypto_orders ${LATEST_DECISION}
         WHERE uuid = $1 AND user_id = $2`,
        [uuid, userId],
      );
      if (!row) throw new DomainError(404, 'errors.notFound');
      return view(row);
    },

    async transactions(userId) {
      const [crypto, card] = await Promise.all([
        // With what operators credited on the order's partial, over- or late payments.
        db.query<OrderRow & DecisionColumns & { credited_tokens: string; credited_usd: string }>(
          `SELECT ${ORDER_COLUMNS}, ${DECISION_COLUMNS}, credit.credited_tokens,
             credit.credited_usd
           FROM crypto_orders ${LATEST_DECISION},
             LATERAL (SELECT coalesce(sum(tokens), 0)::text AS credited_tokens,
                        coalesce(sum(usd), 0)::text AS credited_usd
                      FROM payment_resolutions
                      WHERE order_uuid = crypto_orders.uuid AND decision = 'credit') AS credit
           WHERE user_id = $1 ORDER BY created_at DESC`,
          [userId],
        ),
        db.query<{
          cash_tx_hash: string;
          status: CardOrderState;
          usd: string;
          token_price: string;
          tokens: string;
          created_at: Date;
        }>(
          `SELECT cash_tx_hash, status, usd::text, token_price::text, tokens::text, created_at
           FROM card_orders WHERE user_id = $1 ORDER BY created_at DESC`,
          [userId],
        ),
      ]);
      return [
        ...crypto.map((row) => {
          const shown = view(row);
          const credited = Number(row.credited_tokens);
          // An operator's credit on a partial, over- or late payment brought the buyer tokens:
          // the row shows what the order credited in all.
          const paid = shown.status === ORDER_STATUS.PAID;
          return {
            session_id: row.uuid,
            created_at: shown.created_at,
            brnd_tokens: credited ? (paid ? shown.brnd_tokens : 0) + credited : shown.brnd_tokens,
            token_price: shown.token_price,
            amount: credited ? (paid ? shown.value : 0) + Number(row.credited_usd) : shown.value,
            signature: row.currency,
            status: credited ? 'Confirmed' : orderTransactionStatus(shown.status),
            payment_situation: shown.payment_situation,
            paid_amount: shown.paid_amount,
          };
        }),
        ...card.map((row) => ({
          session_id: row.cash_tx_hash,
          created_at: row.created_at.toISOString(),
          brnd_tokens: Number(row.tokens),
          token_price: Number(row.token_price),
          amount: Number(row.usd),
          signature: 'PLN',
          status: CARD_TRANSACTION_STATUS[row.status],
          payment_situation: null,
          paid_amount: null,
        })),
      ];
    },

    async recordCardOrder(userId, cashTxHash) {
      const card = requireCard();
      const attempt = await deps.limiter.hit(`card:${userId}`, 1, CARD_RETRY_GAP_MS);
      if (!attempt.allowed)
        throw tooManyAttempts(attempt.retryAfterSeconds, 'orders.errors.cardRetry');
      let record;
      try {
        record = await card.transaction(cashTxHash);
      } catch (error) {
        logger.error('card provider read failed', { err: error });
        throw new DomainError(503, 'orders.errors.gatewayUnavailable');
      }
      if (!record) throw new DomainError(404, 'orders.errors.cardUnknown');
      if (record.status !== 'pending') throw new DomainError(409, 'orders.errors.cardNotPending');
      // The provider's amounts, never the browser's.
      const pln = record.quotedCurrencyAmount;
      if (!(pln >= CARD_MIN_PLN)) {
        throw new DomainError(400, 'validation.cardMinimum', {
          fields: { amount: 'validation.cardMinimum' },
        });
      }
      const terms = await deps.sale.terms();
      if (terms.endsAt && terms.endsAt <= now())
        throw new DomainError(409, 'orders.errors.saleEnded');
      // USD (cents) is for display and the sale's raised figure; the tokens come from the PLN.
      const usd = Math.round((pln / terms.plnPerUsd) * 100) / 100;
      const tokens = tokensForPln(pln, terms.plnPerUsd, terms.price);
      const inserted = await db.query<{ cash_tx_hash: string }>(
        `INSERT INTO card_orders (cash_tx_hash, user_id, pln, usd, token_price, tokens,
           provider_tokens, second_step_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (cash_tx_hash) DO NOTHING RETURNING cash_tx_hash`,
        [
          cashTxHash,
          userId,
          pln.toFixed(2),
          usd.toFixed(2),
          terms.price,
          tokens,
          record.baseCurrencyAmount,
          record.secondStepUrl,
        ],
      );
      if (inserted.length === 0) throw new DomainError(409, 'orders.errors.cardAlreadyRecorded');
      return { secondStepUrl: record.secondStepUrl };
    },

    async handleCardCallback(rawBody, signature) {
      await recordNotification('card', rawBody, (meta) => cardCallback(rawBody, signature, meta));
    },

    async handleGatewayWebhook(rawBody, signature) {
      await recordNotification('gateway', rawBody, (meta) =>
        gatewayWebhook(rawBody, signature, meta),
      );
    },

    async syncInvoice(uuid) {
      const gateway = requireGateway();
      const [found] = await db.query<{ gateway_invoice_id: string | null }>(
        'SELECT gateway_invoice_id FROM crypto_orders WHERE uuid = $1',
        [uuid],
      );
      if (!found?.gateway_invoice_id) throw new DomainError(404, 'errors.notFound');
      // Read outside the transaction: no row lock is held across a network call.
      const [invoice, method] = await Promise.all([
        gateway.getInvoice(found.gateway_invoice_id),
        gateway.paymentMethod(found.gateway_invoice_id),
      ]);
      await db.transaction(async (transaction) => {
        const row = await lockOrder(uuid, transaction);
        if (!row) return;
        await db.query(
          'UPDATE crypto_orders SET gateway_synced_at = now() WHERE uuid = $1',
          [uuid],
          {
            transaction,
          },
        );
        await apply(row, invoiceChange(row, invoice, method), transaction);
      });
    },

    async applyEthObservation(uuid, seen) {
      await db.transaction(async (transaction) => {
        const row = await lockOrder(uuid, transaction);
        if (!row || row.currency !== 'ETH') return;
        const known = BigInt(row.paid_units);
        // A paid or closed order only records more money arriving; a lower balance is the
        // deposit being swept, not a change to the order.
        if (row.status >= ORDER_STATUS.PAID && seen.balance <= known) return;
        if (seen.balance !== known) {
          // Under the row lock: of several watchers, only the first to see a change records it.
          await db.query(
            `INSERT INTO eth_deposit_observations (order_uuid, block, balance, change, transactions, observed_at)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              uuid,
              seen.block,
              seen.balance.toString(),
              (seen.balance - known).toString(),
              JSON.stringify(seen.transfers ?? []),
              seen.at,
            ],
            { transaction },
          );
        }
        const expected = BigInt(row.expected_units);
        const expired = row.expires_at <= seen.at;
        const partial = seen.balance > 0n ? 'partial' : null;
        if (row.status > ORDER_STATUS.PAID || seen.balance < expected) {
          const status =
            row.status > ORDER_STATUS.PAID || expired ? ORDER_STATUS.EXPIRED : ORDER_STATUS.WAITING;
          if (
            row.status === status &&
            BigInt(row.paid_units) === seen.balance &&
            row.seen_block === null
          ) {
            return;
          }
          // The full amount is gone (a reorg, or a watcher that saw a block later undone): the
          // block it was seen in is forgotten, so confirmations restart from the money's return.
          await apply(
            row,
            {
              status,
              paidUnits: seen.balance,
              confirmations: 0,
              exception: partial,
              seenBlock: null,
            },
            transaction,
          );
          return;
        }
        // The full amount is there. First seen after expiry: late, never at the stale price.
        const seenBlock = row.seen_block === null ? BigInt(seen.block) : BigInt(row.seen_block);
        if (row.seen_block === null && expired) {
          await apply(
            row,
            {
              status: ORDER_STATUS.EXPIRED,
              paidUnits: seen.balance,
              confirmations: 0,
              exception: 'late',
            },
            transaction,
          );
          return;
        }
        // Paid only when the amount is there at the required depth, whatever was seen earlier:
        // the count shown while confirming never reaches the requirement before that.
        const settled = seen.settledBalance >= expected;
        const status = settled ? ORDER_STATUS.PAID : ORDER_STATUS.CONFIRMING;
        const confirmations = settled
          ? Math.max(row.required_confirmations, seen.block - Number(seenBlock) + 1)
          : Math.min(
              row.required_confirmations - 1,
              Math.max(0, seen.block - Number(seenBlock) + 1),
            );
        if (
          status === row.status &&
          confirmations === row.confirmations &&
          BigInt(row.paid_units) === seen.balance
        ) {
          return;
        }
        await apply(
          row,
          {
            status,
            paidUnits: seen.balance,
            confirmations,
            exception: seen.balance > expected ? 'overpaid' : null,
            seenBlock,
          },
          transaction,
        );
      });
    },

    async watchedEthOrders(lateWindowMs) {
      const rows = await db.query<{
        uuid: string;
        address: string;
        paid_units: string;
        required_confirmations: number;
      }>(
        `SELECT uuid::text, deposit_address AS address, paid_units::text, required_confirmations
         FROM crypto_orders
         WHERE currency = 'ETH' AND (${orderStatusSql.unsettled()}
           OR (${orderStatusSql.is('EXPIRED')} AND expires_at > now() - $1 * interval '1 millisecond')
           OR (${orderStatusSql.is('PAID')} AND paid_at > now() - $1 * interval '1 millisecond'))`,
        [lateWindowMs],
      );
      return rows.map((row) => ({
        uuid: row.uuid,
        address: row.address,
        paidUnits: BigInt(row.paid_units),
        requiredConfirmations: row.required_confirmations,
      }));
    },

    async expireOverdue(at = now()) {
      // Card orders the provider never answered within its window (docs/decisions/027).
      await db.query(
        `UPDATE card_orders SET status = 'expired', updated_at = now()
         WHERE status = 'pending' AND created_at <= $1::timestamptz - $2 * interval '1 millisecond'`,
        [at, CARD_PAYMENT_WINDOW_MS],
      );
      const rows = await db.query<{ uuid: string }>(
        `UPDATE crypto_orders SET status = ${ORDER_STATUS.EXPIRED}, updated_at = now()
         WHERE ${overdueEthOrderSql('$1')} RETURNING uuid::text`,
        [at],
      );
      if (!deps.gateway) return rows.length;
      // Overdue BTC orders, and open ones not read back for a while: a webhook may be lost.
      const overdue = await db.query<{ uuid: string }>(
        `SELECT uuid::text FROM crypto_orders
         WHERE currency = 'BTC' AND ${orderStatusSql.unsettled()} AND (expires_at <= $1
           OR coalesce(gateway_synced_at, created_at) <= $1::timestamptz - $2 * interval '1 millisecond')
         ORDER BY coalesce(gateway_synced_at, created_at) LIMIT 100`,
        [at, GATEWAY_RESYNC_MS],
      );
      for (const order of overdue) {
        await service.syncInvoice(order.uuid).catch((error: unknown) => {
          logger.warn('could not reconcile a BTC order with the gateway', {
            order: order.uuid,
            err: error,
          });
        });
      }
      return rows.length + overdue.length;
    },
  };
  return service;
}
