import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { expectLedgerInvariants } from '../testing/ledger.ts';
import { insertUserRow } from '../testing/users.ts';
import {
  InsufficientBalanceError,
  LEDGER_ACCOUNTS,
  ONE_TOKEN,
  createLedger,
  userAccount,
  type Ledger,
  type PostInput,
} from './ledger.ts';

/**
 * Postings in batches (decision 080): postings made outside a caller's transaction that arrive
 * together leave as one `ledger_post_batch` statement, and each keeps every guarantee of a
 * posting sent alone.
 */

let app: TestApp;
let ledger: Ledger;
beforeAll(async () => {
  app = await startTestApp();
  ledger = createLedger(app.db);
});
afterAll(async () => {
  await app?.close();
});

async function createUser(): Promise<string> {
  const id = await insertUserRow(app.db, 'Batch Test');
  await ledger.ensureUserAccount(id);
  return id;
}

/** A ledger that gathers for 50 ms, one statement at a time, and counts its statements. */
function gatheringLedger() {
  const counter = { statements: 0 };
  const db = new Proxy(app.db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return (sql: string, ...rest: unknown[]) => {
        if (sql.includes('ledger_post_batch')) counter.statements += 1;
        return (target.query as (...args: unknown[]) => unknown)(sql, ...rest);
      };
    },
  }) as Database;
  return {
    counter,
    ledger: createLedger(db, { batching: { gatherMs: 50, maxBatch: 64, inFlight: 1 } }),
  };
}

function credit(from: string, user: string, tokens: bigint, key = `test:${randomUUID()}`) {
  return {
    idempotencyKey: key,
    entries: [
      { account: from, amount: -tokens * ONE_TOKEN },
      { account: userAccount(user), amount: tokens * ONE_TOKEN },
    ],
    metadata: { kind: 'test', tokens: String(tokens) },
  } satisfies PostInput;
}

test('postings arriving together share one statement, and each caller gets its own answer', async () => {
  const [first, second, third] = [await createUser(), await createUser(), await createUser()];
  const earlier = await ledger.post(credit(LEDGER_ACCOUNTS.sale, third, 7n));
  const saleBefore = await ledger.balance(LEDGER_ACCOUNTS.sale);
  const supplyBefore = await ledger.balance(LEDGER_ACCOUNTS.supply);
  const { counter, ledger: gathering } = gatheringLedger();

  const repeated = credit(LEDGER_ACCOUNTS.sale, first, 2n);
  const answers = await Promise.all([
    gathering.post(repeated),
    gathering.post(repeated),
    gathering.post(credit(LEDGER_ACCOUNTS.supply, second, 3n)),
    gathering.post(credit(LEDGER_ACCOUNTS.sale, third, 7n, earlier.idempotencyKey)),
    gathering.post(credit(LEDGER_ACCOUNTS.sale, third, 5n)),
  ]);

  expect(counter.statements).toBe(1);
  expect(answers.map((answer) => answer.created)).toEqual([true, false, true, false, true]);
  expect(answers[1]!.id).toBe(answers[0]!.id);
  expect(answers[3]!.id).toBe(earlier.id);
  expect(answers[2]!.metadata).toEqual({ kind: 'test', tokens: '3' });
  expect(new Set(answers.map((answer) => answer.id)).size).toBe(4);
  expect(await ledger.balance(userAccount(first))).toBe(2n * ONE_TOKEN);
  expect(await ledger.balance(userAccount(second))).toBe(3n * ONE_TOKEN);
  expect(await ledger.balance(userAccount(third))).toBe(12n * ONE_TOKEN);
  expect(await ledger.balance(LEDGER_ACCOUNTS.sale)).toBe(saleBefore - 7n * ONE_TOKEN);
  expect(await ledger.balance(LEDGER_ACCOUNTS.supply)).toBe(supplyBefore - 3n * ONE_TOKEN);
  await expectLedgerInvariants(app.db);
});

test('one overdraft in a batch is refused to its caller alone; the others are posted once', async () => {
  const [rich, poor, payee] = [await createUser(), await createUser(), await createUser()];
  await ledger.post(credit(LEDGER_ACCOUNTS.sale, rich, 10n));
  await ledger.post(credit(LEDGER_ACCOUNTS.sale, poor, 1n));
  const { counter, ledger: gathering } = gatheringLedger();
  const transfer = (from: string, tokens: bigint) => ({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: userAccount(from), amount: -tokens * ONE_TOKEN },
      { account: userAccount(payee), amount: tokens * ONE_TOKEN },
    ],
  });

  const outcomes = await Promise.allSettled([
    gathering.post(transfer(rich, 4n)),
    gathering.post(transfer(poor, 2n)),
    gathering.post(transfer(rich, 6n)),
  ]);

  // The batch rolled back as a whole, then each posting was sent alone.
  expect(counter.statements).toBe(4);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
  expect(await ledger.balance(userAccount(rich))).toBe(0n);
  expect(await ledger.balance(userAccount(poor))).toBe(ONE_TOKEN);
  expect(await ledger.balance(userAccount(payee))).toBe(10n * ONE_TOKEN);
  await expectLedgerInvariants(app.db);
});

test('a transaction’s entries must balance in the statement that writes them', async () => {
  const user = await createUser();
  await expect(
    app.db.transaction(async (transaction) => {
      const [row] = await app.db.query<{ id: string }>(
        `INSERT INTO ledger_transactions (idempotency_key) VALUES ($1) RETURNING id`,
        [`raw:${randomUUID()}`],
        { transaction },
      );
      // Each half alone is refused, even though the two would balance at commit.
      await app.db.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, -5)`,
        [row?.id, LEDGER_ACCOUNTS.supply],
        { transaction },
      );
      await app.db.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, 5)`,
        [row?.id, userAccount(user)],
        { transaction },
      );
    }),
  ).rejects.toThrow(/does not sum to zero/);
  expect(await ledger.balance(userAccount(user))).toBe(0n);
  await expectLedgerInvariants(app.db);
});
