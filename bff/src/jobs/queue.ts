import PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';

/**
 * Background jobs on pg-boss: the queue lives in the same PostgreSQL (schema `pgboss`), so every
 * bff instance shares it and a job survives a crash of the instance that took it.
 */

export const PAYOUT_QUEUE = 'payout-send';
/** Every minute: payouts whose job ran out of retries, or was lost, are picked up again. */
export const PAYOUT_RECONCILE_QUEUE = 'payout-reconcile';

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobQueue(url: string, logger: Logger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (error: unknown) => logger.error('job queue error', { err: error }));
  await boss.start();
  await boss.createQueue(PAYOUT_QUEUE, {
    name: PAYOUT_QUEUE,
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });
  await boss.createQueue(PAYOUT_RECONCILE_QUEUE, {
    name: PAYOUT_RECONCILE_QUEUE,
    policy: 'singleton',
  });
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
