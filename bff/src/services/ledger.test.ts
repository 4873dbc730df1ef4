import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { expectLedgerInvariants } from '../testing/ledger.ts';
import { insertUserRow } from '../testing/users.ts';
import {
  InsufficientBalanceError,
  LEDGER_ACCOUNTS,
  createLedger,
  userAccount,
  type Ledger,
} from './ledger.ts';

let app: TestApp;
let ledger: Ledger;
beforeAll(async () => {
  app = await startTestApp();
  ledger = createLedger(app.db);
});
afterAll(() => app.close());

async function createUser(): Promise<string> {
  const id = await insertUserRow(app.db, 'Ledger Test');
  await ledger.ensureUserAccount(id);
  return id;
}

/** Every invariant the ledger promises, read straight from the tables. */
test('a credit moves tokens from the sale allocation to the user, once per key', async () => {
  const user = await createUser();
  const saleBefore = await ledger.balance(LEDGER_ACCOUNTS.sale);
  const key = `order:${randomUUID()}:paid`;
  const entries = [
    { account: LEDGER_ACCOUNTS.sale, amount: -500n },
    { account: userAccount(user), amount: 500n },
  ];
  const first = await ledger.post({ idempotencyKey: key, entries, metadata: { kind: 'sale' } });
  const again = await ledger.post({ idempotencyKey: key, entries, metadata: { kind: 'other' } });
  expect(first.created).toBe(true);
  expect(again).toEqual({ ...first, created: false });
  expect(await ledger.balance(userAccount(user))).toBe(500n);
  expect(await ledger.balance(LEDGER_ACCOUNTS.sale)).toBe(saleBefore - 500n);
  await expectLedgerInvariants(app.db);
});

test('a debit larger than the balance is refused and moves nothing', async () => {
  const user = await createUser();
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.sale, amount: -10n },
      { account: userAccount(user), amount: 10n },
    ],
  });
  const key = `test:${randomUUID()}`;
  await expect(
    ledger.post({
      idempotencyKey: key,
      entries: [
        { account: userAccount(user), amount: -11n },
        { account: LEDGER_ACCOUNTS.rewards, amount: 11n },
      ],
    }),
  ).rejects.toBeInstanceOf(InsufficientBalanceError);
  expect(await ledger.balance(userAccount(user))).toBe(10n);
  // The refused key was never recorded: a later, valid posting under it still applies.
  const rows = await app.db.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1', [
    key,
  ]);
  expect(rows).toEqual([]);
});

test('unbalanced or zero entries never reach the database', async () => {
  const user = await createUser();
  await expect(
    ledger.post({
      idempotencyKey: `test:${randomUUID()}`,
      entries: [
        { account: LEDGER_ACCOUNTS.sale, amount: -10n },
        { account: userAccount(user), amount: 9n },
      ],
    }),
  ).rejects.toThrow(/sum to -1/);
  // Bypassing the service does not help: the database checks the sum of every statement.
  await expect(
    app.db.transaction(async (transaction) => {
      const [row] = await app.db.query<{ id: string }>(
        `INSERT INTO ledger_transactions (idempotency_key) VALUES ($1) RETURNING id`,
        [`raw:${randomUUID()}`],
        { transaction },
      );
      await app.db.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, 5)`,
        [row?.id, LEDGER_ACCOUNTS.rewards],
        { transaction },
      );
    }),
  ).rejects.toThrow(/does not sum to zero/);
  await expectLedgerInvariants(app.db);
});

test('a posting to an unknown account is refused whole', async () => {
  const key = `test:${randomUUID()}`;
  await expect(
    ledger.post({
      idempotencyKey: key,
      entries: [
        { account: LEDGER_ACCOUNTS.sale, amount: -1n },
        { account: 'user:nobody', amount: 1n },
      ],
    }),
  ).rejects.toThrow(/unknown account/);
  expect(
    await app.db.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1', [key]),
  ).toEqual([]);
});

test('entries and transactions cannot be updated or deleted', async () => {
  const user = await createUser();
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.sale, amount: -7n },
      { account: userAccount(user), amount: 7n },
    ],
  });
  await expect(app.db.query('UPDATE ledger_entries SET amount = amount * 2')).rejects.toThrow(
    /append-only/,
  );
  await expect(app.db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
  await expect(app.db.query('TRUNCATE ledger_entries CASCADE')).rejects.toThrow(/append-only/);
  await expect(app.db.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
  expect(await ledger.balance(userAccount(user))).toBe(7n);
});

const operation = fc.record({
  kind: fc.constantFrom('credit', 'debit', 'transfer'),
  from: fc.nat({ max: 2 }),
  to: fc.nat({ max: 2 }),
  amount: fc.bigInt({ min: 1n, max: 1_000n }),
  // A small key space makes retries (a key seen before) common.
  key: fc.nat({ max: 15 }),
});

test('random credits, debits and retries keep every invariant', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
      const run = randomUUID();
      const users = [await createUser(), await createUser(), await createUser()];
      const expected = [0n, 0n, 0n];
      const applied = new Set<number>();
      await Promise.all(
        // Postings of one run race each other in pairs, as concurrent requests would.
        [0, 1].map(async (lane) => {
          for (const [index, op] of operations.entries()) {
            if (index % 2 !== lane) continue;
            const from = userAccount(users[op.from] as string);
            const to = userAccount(users[op.to] as string);
            const entries =
              op.kind === 'credit'
                ? [
                    { account: LEDGER_ACCOUNTS.sale, amount: -op.amount },
                    { account: to, amount: op.amount },
                  ]
                : op.kind === 'debit'
                  ? [
                      { account: from, amount: -op.amount },
                      { account: LEDGER_ACCOUNTS.rewards, amount: op.amount },
                    ]
                  : [
                      { account: from, amount: -op.amount },
                      { account: to, amount: op.amount },
                    ];
            try {
              const posted = await ledger.post({
                idempotencyKey: `prop:${run}:${op.key}`,
                entries,
              });
              if (posted.created) {
                expect(applied.has(op.key)).toBe(false);
                applied.add(op.key);
                if (op.kind !== 'debit') expected[op.to] = (expected[op.to] ?? 0n) + op.amount;
                if (op.kind !== 'credit') expected[op.from] = (expected[op.from] ?? 0n) - op.amount;
              }
            } catch (error) {
              expect(error).toBeInstanceOf(InsufficientBalanceError);
            }
          }
        }),
      );
      for (const [index, user] of users.entries()) {
        expect(await ledger.balance(userAccount(user))).toBe(expected[index]);
      }
      const keys = await app.db.query<{ count: string }>(
        `SELECT count(*)::text AS count FROM ledger_transactions WHERE idempotency_key LIKE $1`,
        [`prop:${run}:%`],
      );
      expect(Number(keys[0]?.count)).toBe(applied.size);
      await expectLedgerInvariants(app.db);
    }),
    { numRuns: 25 },
  );
});
