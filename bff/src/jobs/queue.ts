import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Transaction } from 'sequelize';
import { withMigrationLock } from '../db/migrate.ts';
import { currentRequestId, withRequestId, type Logger } from '../logger.ts';

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

/** Where a job's originating request id travels inside its data; workers never see it. */
const REQUEST_ID_KEY = '__requestId';

type Handler = (jobs: PgBoss.Job<object>[]) => Promise<unknown>;

/**
 * Every job carries the id of the request that queued it and its worker runs under that id, so
 * the job's log lines (and the provider calls it makes) can be joined to the request. A job
 * queued outside a request (a schedule) runs under its own job id. Failed attempts are counted.
 */
function traceJobs(boss: PgBoss, onFailure?: (queue: string) => void): void {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  boss.send = ((...args: unknown[]) => {
    const requestId = currentRequestId();
    if (requestId && typeof args[0] === 'string' && typeof args[1] === 'object' && args[1]) {
      args[1] = { ...args[1], [REQUEST_ID_KEY]: requestId };
    }
    return send(...args);
  }) as PgBoss['send'];
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    const traced: Handler = async (jobs) => {
      const first = jobs[0];
      const data = first?.data as Record<string, unknown> | undefined;
      const requestId =
        typeof data?.[REQUEST_ID_KEY] === 'string' ? data[REQUEST_ID_KEY] : `job-${first?.id}`;
      for (const job of jobs) {
        if (job.data && REQUEST_ID_KEY in job.data) {
          const { [REQUEST_ID_KEY]: _, ...clean } = job.data as Record<string, unknown>;
          job.data = clean;
        }
      }
      try {
        return await withRequestId(requestId, () => handler(jobs));
      } catch (error) {
        onFailure?.(name);
        throw error;
      }
    };
    return work(name, ...rest, traced);
  }) as PgBoss['work'];
}

/**
 * pg-boss's connection option that stores a job through a Sequelize transaction's own connection:
 * the job is committed, or rolled back, with everything else that transaction wrote (the
 * transactional outbox of decision 056). pg-boss's tables live in the same database.
 */
export function inTransaction(transaction: Transaction): PgBoss.Db {
  // Sequelize keeps the transaction's pg client on it (not in its typings); a raw client query
  // takes pg-boss's positional parameters as they are, where Sequelize's bind would rewrite them.
  const client = (transaction as unknown as { connection?: pg.ClientBase }).connection;
  if (!client) throw new Error('the transaction has no connection yet');
  return {
    executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
  };
}

/**
 * How long a mail or SMS send may hold its job. A send takes a second or two; a job held longer
 * belongs to an instance that died, and is handed out again once it expires.
 */
export const MESSAGE_SEND_EXPIRY_SECONDS = 30;

export async function startJobQueue(
  url: string,
  logger: Logger,
  onFailure?: (queue: string) => void,
): Promise<JobQueue> {
  // A job held by an instance that crashed is retried once it expires and a maintenance pass
  // sees it. Each replica asks every 10 s, but a pass runs only once the last is 10 s old, so with
  // several replicas passes can fall up to 20 s apart (decision 055): a mail or SMS code caught in
  // a crash is sent again within a minute and a half at worst.
  const boss = new PgBoss({ connectionString: url, max: 4, maintenanceIntervalSeconds: 10 });
  boss.on('error', (error: unknown) => logger.error('job queue error', { err: error }));
  traceJobs(boss, onFailure);
  // Replicas starting together create the same queues (a table partition each): pg-boss's
  // CREATE statements then deadlock and a replica fails to start. One at a time, under the lock
  // migrations take.
  const createQueue = boss.createQueue.bind(boss);
  boss.createQueue = (name, options) => withMigrationLock(url, () => createQueue(name, options));
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
