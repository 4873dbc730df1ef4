import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
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

const createUser = () => insertUserRow(app.db, 'Asset Test');

/** A brand token's platform accounts: an external source and a pool that may not overdraw. */
async function newAsset() {
  const asset = randomUUID();
  const source = `test:${asset}:source`;
  const pool = `test:${asset}:pool`;
  await ledger.ensureAccounts([
    { id: source, kind: 'external', asset, allowNegative: true },
    { id: pool, kind: 'treasury', asset },
  ]);
  return { asset, source, pool };
}

test('a user has one account per asset, and BRND keeps its account of before', async () => {
  const user = await createUser();
  const { asset } = await newAsset();
  const brnd = await ledger.ensureUserAccount(user);
  const token = await ledger.ensureUserAccount(user, { asset });
  expect(brnd).toBe(userAccount(user));
  expect(token).toBe(userAccount(user, asset));
  expect(token).not.toBe(brnd);
  // Created twice at once, still one account per (user, asset).
  await Promise.all([1, 2, 3].map(() => ledger.ensureUserAccount(user, { asset })));
  const rows = await app.db.query<{ asset: string }>(
    'SELECT asset FROM ledger_accounts WHERE user_id = $1 ORDER BY asset',
    [user],
  );
  expect(rows.map((row) => row.asset).sort()).toEqual(['BRND', asset].sort());
});

test('a transaction must balance in each asset: BRND never pays for brand tokens', async () => {
  const user = await createUser();
  const { asset, source } = await newAsset();
  const account = await ledger.ensureUserAccount(user, { asset });
  await expect(
    ledger.post({
      idempotencyKey: `test:${randomUUID()}`,
      entries: [
        { account: LEDGER_ACCOUNTS.sale, amount: -10n },
        { account, amount: 10n },
      ],
    }),
  ).rejects.toThrow(/does not sum to zero in/);
  expect(await ledger.balance(account)).toBe(0n);
  expect(await ledger.balance(source)).toBe(0n);
});

test('two assets in one transaction are fine when each balances on its own', async () => {
  const user = await createUser();
  await ledger.ensureUserAccount(user);
  const { asset, source } = await newAsset();
  const account = await ledger.ensureUserAccount(user, { asset });
  const saleBefore = await ledger.balance(LEDGER_ACCOUNTS.sale);
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.sale, amount: -7n },
      { account: userAccount(user), amount: 7n },
      { account: source, amount: -3n },
      { account, amount: 3n },
    ],
  });
  expect(await ledger.balance(userAccount(user))).toBe(7n);
  expect(await ledger.balance(account)).toBe(3n);
  expect(await ledger.balance(LEDGER_ACCOUNTS.sale)).toBe(saleBefore - 7n);
});

test('a brand-token pool cannot overdraw, and a refused posting moves nothing', async () => {
  const user = await createUser();
  const { asset, source, pool } = await newAsset();
  const account = await ledger.ensureUserAccount(user, { asset });
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: source, amount: -100n },
      { account: pool, amount: 100n },
    ],
  });
  await expect(
    ledger.post({
      idempotencyKey: `test:${randomUUID()}`,
      entries: [
        { account: pool, amount: -101n },
        { account, amount: 101n },
      ],
    }),
  ).rejects.toBeInstanceOf(InsufficientBalanceError);
  expect(await ledger.balance(pool)).toBe(100n);
  expect(await ledger.balance(account)).toBe(0n);
});

test('an account keeps its asset and kind for life', async () => {
  const { pool } = await newAsset();
  await expect(
    app.db.query(`UPDATE ledger_accounts SET asset = 'BRND' WHERE id = $1`, [pool]),
  ).rejects.toThrow(/cannot change its asset/);
  await expect(
    app.db.query(`UPDATE ledger_accounts SET kind = 'external' WHERE id = $1`, [pool]),
  ).rejects.toThrow(/cannot change its asset/);
});

test('BRND accounts are never created through ensureAccounts', async () => {
  await expect(
    ledger.ensureAccounts([{ id: 'test:brnd', kind: 'treasury', asset: 'BRND' }]),
  ).rejects.toThrow(/migrations/);
});
