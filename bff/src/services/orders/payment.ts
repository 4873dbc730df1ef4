import { ORDER_STATUS, type OrderStatusCode } from '@brnd/contracts/domain/constants';
import { type PaymentException } from '@brnd/contracts/domain/sale';
import type { Transaction } from 'sequelize';
import {
  btcToSats,
  confirmationsOf,
  type GatewayInvoice,
  type GatewayPaymentMethod,
} from '../../providers/crypto-gateway.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, userAccount } from '../ledger.ts';
import type { OrderPaidEvent, OrderPaidHook, OrderService } from './types.ts';
import { type OrderRow, ORDER_COLUMNS } from './rows.ts';
import type { OrderContext, OrderBase } from './context.ts';

interface Change {
  status: OrderStatusCode;
  paidUnits: bigint;
  confirmations: number;
  exception: PaymentException | null;
  /** The block the full amount was first seen in; null forgets it (the balance fell back). */
  seenBlock?: bigint | null;
}

/** Changing an order under its row lock, and crediting a paid one once (the ledger posting). */
export function orderPayment(ctx: OrderBase) {
  const { deps } = ctx;
  const { db, ledger, logger } = deps;

  const now = deps.now ?? (() => new Date());

  const hooks: OrderPaidHook[] = [];

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

  return { now, hooks, lockOrder, credit, apply, invoiceChange };
}

/** What follows an order paid: the hooks run in the crediting transaction. */
export function paidHookOperations(
  ctx: OrderContext,
): Pick<OrderService, 'onOrderPaid' | 'runPaidHooks'> {
  const { hooks } = ctx;

  return {
    onOrderPaid(hook) {
      hooks.push(hook);
    },

    async runPaidHooks(event, transaction) {
      for (const hook of hooks) await hook(event, transaction);
    },
  };
}
