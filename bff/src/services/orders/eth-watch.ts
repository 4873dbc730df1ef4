import { orderStatusSql, overdueEthOrderSql } from './status-sql.ts';
import { CARD_PAYMENT_WINDOW_MS, ORDER_STATUS } from '@brnd/contracts/domain/constants';
import type { OrderService } from './types.ts';
import { GATEWAY_RESYNC_MS } from './rows.ts';
import type { OrderContext } from './context.ts';

/** ETH orders watched on the chain: observations, the watched list and the overdue sweep. */
export function ethWatchOperations(
  ctx: OrderContext,
): Pick<OrderService, 'applyEthObservation' | 'watchedEthOrders' | 'expireOverdue'> {
  const { deps, now, lockOrder, apply, syncInvoice } = ctx;
  const { db, logger } = deps;

  return {
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
        await syncInvoice(order.uuid).catch((error: unknown) => {
          logger.warn('could not reconcile a BTC order with the gateway', {
            order: order.uuid,
            err: error,
          });
        });
      }
      return rows.length + overdue.length;
    },
  };
}
