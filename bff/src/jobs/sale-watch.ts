import type { Block, JsonRpcProvider } from 'ethers';
import type { Logger } from '../logger.ts';
import type { DepositTransfer, OrderService } from '../services/orders/service.ts';

/**
 * The ETH deposit watcher and the expiry sweep: every tick reads the balance of each watched
 * deposit address at the latest block and at the order's required depth (what a reorg of fewer
 * blocks cannot undo) and hands both to the order service, which decides under
 * the order's row lock (so several bff instances watching together still credit once).
 * Expired orders stay watched for a day, so late money is recorded (never credited).
 */

export const LATE_PAYMENT_WINDOW_MS = 24 * 60 * 60_000;
const BALANCE_READS_IN_PARALLEL = 16;
/**
 * How far back the watcher looks for the transfers behind a balance change (the console shows
 * them). The balance alone decides the order; the transfers only explain it, so a change older
 * than this (a watcher down for a while) is recorded without them.
 */
export const TRANSFER_SEARCH_BLOCKS = 50;

export interface SaleWatcher {
  /** One pass: expire overdue orders, then look at every watched address. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startSaleWatcher({
  orders,
  provider,
  logger,
  intervalMs,
  onPass,
}: {
  orders: OrderService;
  /** Unset: no chain, only the expiry sweep runs. */
  provider?: JsonRpcProvider;
  logger: Logger;
  /** 0: no timer (tests call tick()). */
  intervalMs: number;
  /** After each completed pass, with the head block it read (none: nothing was watched). */
  onPass?: (block: number | undefined) => void;
}): SaleWatcher {
  let running: Promise<void> | undefined;
  let stopped = false;
  /** The block of the previous pass: transfers since then explain this pass's changes. */
  let previousBlock: number | undefined;

  /** Transfers into `address` in blocks (from, to], each block fetched once per pass. */
  async function transfersTo(
    address: string,
    from: number,
    to: number,
    blocks: Map<number, Promise<Block | null>>,
  ): Promise<DepositTransfer[]> {
    if (!provider) return [];
    const found: DepositTransfer[] = [];
    const target = address.toLowerCase();
    for (let number = Math.max(from + 1, 0); number <= to; number += 1) {
      let block = blocks.get(number);
      if (!block) {
        block = provider.getBlock(number, true);
        blocks.set(number, block);
      }
      for (const tx of (await block)?.prefetchedTransactions ?? []) {
        if (tx.to?.toLowerCase() === target && tx.value > 0n) {
          found.push({ hash: tx.hash, from: tx.from, value: tx.value.toString() });
        }
      }
    }
    return found;
  }

  async function pass() {
    await orders.expireOverdue();
    if (!provider) return onPass?.(undefined);
    const watched = await orders.watchedEthOrders(LATE_PAYMENT_WINDOW_MS);
    if (watched.length === 0) return onPass?.(undefined);
    const block = await provider.getBlockNumber();
    const at = new Date();
    const searchFrom = Math.max(previousBlock ?? -1, block - TRANSFER_SEARCH_BLOCKS);
    const blocks = new Map<number, Promise<Block | null>>();
    for (let start = 0; start < watched.length; start += BALANCE_READS_IN_PARALLEL) {
      await Promise.all(
        watched.slice(start, start + BALANCE_READS_IN_PARALLEL).map(async (order) => {
          const depth = Math.max(0, block - Math.max(1, order.requiredConfirmations) + 1);
          const [balance, settledBalance] = await Promise.all([
            provider.getBalance(order.address, block),
            depth === block ? undefined : provider.getBalance(order.address, depth),
          ]);
          const transfers =
            balance === order.paidUnits
              ? undefined
              : await transfersTo(order.address, searchFrom, block, blocks).catch(
                  (error: unknown) => {
                    logger.warn('could not read the transfers behind a deposit', { err: error });
                    return undefined;
                  },
                );
          await orders.applyEthObservation(order.uuid, {
            balance,
            block,
            settledBalance: settledBalance ?? balance,
            at,
            ...(transfers ? { transfers } : {}),
          });
        }),
      );
    }
    previousBlock = block;
    onPass?.(block);
  }

  function tick(): Promise<void> {
    // One pass at a time per instance; a slow chain does not pile up overlapping passes.
    running ??= pass()
      .catch((error: unknown) => logger.warn('sale watcher pass failed', { err: error }))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          if (!stopped) void tick();
        }, intervalMs)
      : undefined;
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
