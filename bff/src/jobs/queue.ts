import PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';

/**
 * Background jobs on pg-boss: the queue lives in the same PostgreSQL (schema `pgboss`), so every
 * bff instance shares it and a job survives a crash of the instance that took it.
 */

export const PAYOUT_QUEUE = 'payout-send';

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
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
