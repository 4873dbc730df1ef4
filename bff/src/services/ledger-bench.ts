import { randomUUID } from 'node:crypto';
import { type Database } from '../db/database.ts';
import { insertUserRow } from '../testing/users.ts';
import { LEDGER_ACCOUNTS, createLedger, userAccount } from './ledger.ts';
import { openBenchDatabase } from '../testing/bench-database.ts';

/**
 * Ledger throughput: idempotent, double-entry credits through `ledger.post` against the same
 * rows written with plain INSERTs (no key check, no locks, no triggers), in the same run on the
 * same database, so the ratio is the price of the ledger's guarantees.
 */

export interface LedgerBenchResult {
  credits: number;
  concurrency: number;
  ledgerPerSecond: number;
  plainPerSecond: number;
  /** ledger / plain: 1 would mean the guarantees cost nothing. */
  ratio: number;
}

export interface LedgerBenchOptions {
  credits?: number;
  concurrency?: number;
  users?: number;
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function inParallel(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
}

async function createUsers(db: Database, count: number): Promise<string[]> {
  const ledger = createLedger(db);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = await insertUserRow(db, 'Bench');
    await ledger.ensureUserAccount(id);
    ids.push(id);
  }
  return ids;
}

export async function benchLedger(options: LedgerBenchOptions = {}): Promise<LedgerBenchResult> {
  const credits = options.credits ?? 2_000;
  const concurrency = options.concurrency ?? 8;
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const bench = await openBenchDatabase({ poolMax: concurrency + 2 });
    cleanups.push(() => bench.close());
    const { db } = bench;
    await db.query(`
      CREATE TABLE bench_plain_transactions (idempotency_key text, metadata jsonb);
      CREATE TABLE bench_plain_entries (idempotency_key text, account_id text, amount numeric);
    `);

    const users = await createUsers(db, options.users ?? 50);
    const ledger = createLedger(db);
    const run = randomUUID();
    const credit = (index: number) => ({
      key: `bench:${run}:${index}`,
      user: userAccount(users[index % users.length] as string),
      amount: BigInt(1_000 + index),
    });

    const ledgerSeconds = await timed(() =>
      inParallel(credits, concurrency, async (index) => {
        const { key, user, amount } = credit(index);
        await ledger.post({
          idempotencyKey: key,
          entries: [
            { account: LEDGER_ACCOUNTS.sale, amount: -amount },
            { account: user, amount },
          ],
          metadata: { kind: 'bench' },
        });
      }),
    );

    const plainSeconds = await timed(() =>
      inParallel(credits, concurrency, async (index) => {
        const { key, user, amount } = credit(index);
        await db.transaction(async (transaction) => {
          await db.query(
            `INSERT INTO bench_plain_transactions (idempotency_key, metadata) VALUES ($1, $2)`,
            [key, JSON.stringify({ kind: 'bench' })],
            { transaction },
          );
          await db.query(
            `INSERT INTO bench_plain_entries (idempotency_key, account_id, amount)
             VALUES ($1, $2, $3), ($1, $4, $5)`,
            [key, LEDGER_ACCOUNTS.sale, (-amount).toString(), user, amount.toString()],
            { transaction },
          );
        });
      }),
    );

    const ledgerPerSecond = credits / ledgerSeconds;
    const plainPerSecond = credits / plainSeconds;
    return {
      credits,
      concurrency,
      ledgerPerSecond,
      plainPerSecond,
      ratio: ledgerPerSecond / plainPerSecond,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
