import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
} from './ledger.ts';

/** Decision 024: postings to the supply never queue on one balance row. */

let app: TestApp;
let other: TestApp;
let ledger: Ledger;
let otherLedger: Ledger;
beforeAll(async () => {
  app = await startTestApp();
  // A second instance on the same database, as a second bff behind a load balancer.
  other = await startTestApp({ databaseUrl: app.db.url });
  ledger = createLedger(app.db);
  otherLedger = createLedger(other.db);
});
afterAll(async () => {
  await other.close();
  await app.close();
});

async function createUser(): Promise<string> {
  const id = await insertUserRow(app.db, 'Sub-account Test');
  await ledger.ensureUserAccount(id);
  return id;
}

function voteLikeCredit(user: string, key: string) {
  return {
    idempotencyKey: key,
    entries: [
      { account: LEDGER_ACCOUNTS.supply, amount: -ONE_TOKEN },
      { account: userAccount(user), amount: ONE_TOKEN },
    ],
  };
}

test('a posting to the supply does not wait for another transaction that holds one', async () => {
  const [first, second] = [await createUser(), await createUser()];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let posted!: () => void;
  const firstPosted = new Promise<void>((resolve) => (posted = resolve));
  // The first credit stays uncommitted (a vote whose transaction has not finished) …
  const open = app.db.transaction(async (transaction) => {
    await ledger.post(voteLikeCredit(first, `test:${randomUUID()}`), { transaction });
    posted();
    await held;
  });
  await firstPosted;
  // … while the second, from another instance, completes: it booked on another sub-account.
  const result = await otherLedger.post(voteLikeCredit(second, `test:${randomUUID()}`));
  expect(result.created).toBe(true);
  release();
  await open;
  expect(await ledger.balance(userAccount(first))).toBe(ONE_TOKEN);
  expect(await ledger.balance(userAccount(second))).toBe(ONE_TOKEN);
});

test('parallel credits from two instances each post once and the supply sums them all', async () => {
  const supplyBefore = await ledger.balance(LEDGER_ACCOUNTS.supply);
  const users = await Promise.all(Array.from({ length: 20 }, () => createUser()));
  const keys = users.map(() => `test:${randomUUID()}`);
  // Every key is sent three times, from both instances at once: a retry storm.
  const results = await Promise.all(
    [0, 1, 2].flatMap((round) =>
      users.map((user, index) =>
        (round % 2 === 0 ? ledger : otherLedger).post(voteLikeCredit(user, keys[index]!)),
      ),
    ),
  );
  expect(results.filter((result) => result.created)).toHaveLength(users.length);
  for (const user of users) expect(await ledger.balance(userAccount(user))).toBe(ONE_TOKEN);
  expect(await ledger.balance(LEDGER_ACCOUNTS.supply)).toBe(
    supplyBefore - BigInt(users.length) * ONE_TOKEN,
  );
  // The parent's own row was left alone while sub-accounts were free. (Which sub-accounts is
  // chance: postings that arrive together share a batch and its one sub-account, so a few
  // batches may all draw the same one of 32; the first test shows held ones are passed over.)
  const booked = await app.db.query<{ account_id: string }>(
    `SELECT DISTINCT e.account_id FROM ledger_entries e
     JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE t.idempotency_key = ANY($1::text[]) AND e.account_id LIKE 'external:supply%'`,
    [keys],
  );
  expect(booked.length).toBeGreaterThan(0);
  for (const { account_id } of booked) expect(account_id).toMatch(/^external:supply\/\d{2}$/);
  await expectLedgerInvariants(app.db);
});

test('when every sub-account is held, a posting books on the parent instead of waiting', async () => {
  const user = await createUser();
  const supplyBefore = await ledger.balance(LEDGER_ACCOUNTS.supply);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const allLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = app.db.transaction(async (transaction) => {
    await app.db.query(
      `SELECT id FROM ledger_accounts WHERE parent_id = $1 FOR NO KEY UPDATE`,
      [LEDGER_ACCOUNTS.supply],
      { transaction },
    );
    locked();
    await held;
  });
  await allLocked;
  const key = `test:${randomUUID()}`;
  await otherLedger.post(voteLikeCredit(user, key));
  release();
  await holder;
  const [entry] = await app.db.query<{ account_id: string }>(
    `SELECT e.account_id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE t.idempotency_key = $1 AND e.amount < 0`,
    [key],
  );
  expect(entry?.account_id).toBe(LEDGER_ACCOUNTS.supply);
  expect(await ledger.balance(LEDGER_ACCOUNTS.supply)).toBe(supplyBefore - ONE_TOKEN);
  await expectLedgerInvariants(app.db);
});

test('a sub-account keeps its parent, and no user account is split', async () => {
  await expect(
    app.db.query(`UPDATE ledger_accounts SET parent_id = NULL WHERE parent_id = $1`, [
      LEDGER_ACCOUNTS.supply,
    ]),
  ).rejects.toThrow(/cannot change/);
  const user = await createUser();
  await expect(
    app.db.query(
      `INSERT INTO ledger_accounts (id, kind, user_id, asset, parent_id)
       VALUES ($1, 'user', $2, 'split-test', $3)`,
      [`${userAccount(user)}/01`, user, userAccount(user)],
    ),
  ).rejects.toThrow(/sub_account_check/);
});

/** Credits a fresh user from the sale and moves `amounts` on to payouts in flight, one by one. */
async function fillInFlight(amounts: bigint[]): Promise<void> {
  const user = await createUser();
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.sale, amount: -total },
      { account: userAccount(user), amount: total },
    ],
  });
  await Promise.all(
    amounts.map((amount) =>
      ledger.post({
        idempotencyKey: `test:${randomUUID()}`,
        entries: [
          { account: userAccount(user), amount: -amount },
          { account: LEDGER_ACCOUNTS.payoutsInFlight, amount },
        ],
      }),
    ),
  );
}

async function drainInFlight(amount: bigint, to: string) {
  return ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -amount },
      { account: userAccount(to), amount },
    ],
  });
}

test('a debit no single sub-account can pay is paid from several, and never beyond the total', async () => {
  const fundedSubAccounts = async () => {
    const [row] = await app.db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM ledger_accounts WHERE parent_id = $1 AND balance > 0`,
      [LEDGER_ACCOUNTS.payoutsInFlight],
    );
    return Number(row?.count);
  };
  const start = await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight);
  // A batch of credits lands on one sub-account picked at random, and the four concurrent
  // credits may share a batch: credit again until the balance is spread over two or more.
  let credited = 0n;
  do {
    await fillInFlight([10n, 10n, 10n, 10n]);
    credited += 40n;
  } while ((await fundedSubAccounts()) < 2 && credited < 400n);
  expect(await fundedSubAccounts()).toBeGreaterThan(1);
  const total = start + credited;
  const to = await createUser();
  await expect(drainInFlight(total + 1n, to)).rejects.toBeInstanceOf(InsufficientBalanceError);
  expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(total);
  await drainInFlight(total, to);
  expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(0n);
  expect(await ledger.balance(userAccount(to))).toBe(total);
  await expectLedgerInvariants(app.db);
});

test('racing debits of a split account with a floor stop exactly at its balance', async () => {
  const start = await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight);
  if (start > 0n) await drainInFlight(start, await createUser());
  await fillInFlight(Array.from({ length: 10 }, () => 7n));
  const to = await createUser();
  // 70 tokens in flight, spread over sub-accounts; 30 debits of 5 from two instances.
  const outcomes = await Promise.allSettled(
    Array.from({ length: 30 }, (_, index) =>
      (index % 2 === 0 ? ledger : otherLedger).post({
        idempotencyKey: `test:${randomUUID()}`,
        entries: [
          { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -5n },
          { account: userAccount(to), amount: 5n },
        ],
      }),
    ),
  );
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
  for (const outcome of refused) {
    expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
  }
  expect(outcomes.length - refused.length).toBe(14);
  expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(0n);
  expect(await ledger.balance(userAccount(to))).toBe(70n);
  await expectLedgerInvariants(app.db);
});
