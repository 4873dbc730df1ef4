import type { Logger } from '../logger.ts';
import type { PayoutService } from '../services/payouts.ts';
import { PAYOUT_QUEUE, PAYOUT_RECONCILE_QUEUE, type JobQueue } from './queue.ts';

interface PayoutJob {
  payoutId: string;
}

/** Sends one payout per job; a throw lets pg-boss retry it later with backoff. */
export async function startPayoutWorker(
  queue: JobQueue,
  payouts: PayoutService,
  logger: Logger,
): Promise<void> {
  await queue.boss.work<PayoutJob>(
    PAYOUT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      const status = await payouts.process(job.data.payoutId);
      logger.debug('payout job done', { payoutId: job.data.payoutId, status });
    },
  );
  await queue.boss.schedule(PAYOUT_RECONCILE_QUEUE, '* * * * *');
  await queue.boss.work(PAYOUT_RECONCILE_QUEUE, { pollingIntervalSeconds: 30 }, () =>
    reconcilePayouts(payouts, logger),
  );
}

export function enqueuePayout(queue: JobQueue) {
  return async (payoutId: string) => {
    await queue.boss.send(PAYOUT_QUEUE, { payoutId } satisfies PayoutJob);
  };
}

/**
 * After a crash: every payout not yet confirmed or failed is processed again. Those already
 * signed are only looked up (and re-broadcast) by their stored hash, never signed anew.
 */
export async function reconcilePayouts(payouts: PayoutService, logger: Logger): Promise<void> {
  for (const payoutId of await payouts.unfinished()) {
    try {
      const status = await payouts.process(payoutId);
      logger.info('reconciled a payout', { payoutId, status });
    } catch (error) {
      logger.warn('payout not reconciled yet; its job retries', { err: error, payoutId });
    }
  }
}
