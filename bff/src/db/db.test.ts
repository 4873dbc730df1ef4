import { Transaction, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ARGON2_COST, createPasswordHasher } from '../services/passwords.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { createMigrator, migrateUp, migrations } from './migrate.ts';
import { DEMO_USER, seedIfEmpty } from '../seed/demo.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function tables() {
  const rows = await app.db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  return rows.map((row) => row.tablename);
}

test('migrations run down and up again, and a second up changes nothing', async () => {
  expect(await tables()).toEqual([
    'admin_audit_log',
    'brand_daily_volume',
    'brand_month_votes',
    'brand_name_tails',
    'brand_search_names',
    'brand_token_batches',
    'brand_token_gives',
    'brand_token_holds',
    'brand_token_offers',
    'brand_token_redemptions',
    'brand_token_sends',
    'brand_token_supply_checks',
    'brand_token_transfers',
    'brand_tokens',
    'brand_trend_pending',
    'brands',
    'buybacks',
    'card_orders',
    'chain_deployments',
    'companies',
    'contact_messages',
    'contest_winners',
    'crypto_orders',
    'eth_deposit_observations',
    'idempotency_keys',
    'ledger_accounts',
    'ledger_entries',
    'ledger_transactions',
    'newsletter_subscribers',
    'outbox',
    'payment_notifications',
    'payment_resolutions',
    'payouts',
    'rate_limits',
    'referral_links',
    'referral_rewards',
    'referral_signups',
    'sale_config',
    'sale_stages',
    'sale_tiers',
    'schema_migrations',
    'sessions',
    'sms_codes',
    'sms_deliveries',
    'sms_sends',
    'staking_premium',
    'treasury_nonces',
    'treasury_transaction_versions',
    'uploads',
    'users',
    'verification_codes',
    'verification_documents',
    'votes',
    'wallet_challenges',
  ]);
  await createMigrator(app.db.sequelize).down({ to: 0 });
  expect(await tables()).toEqual(['schema_migrations']);

  expect(await migrateUp(app.db.sequelize, app.db.url)).toEqual(migrations.map((m) => m.name));
  expect(await migrateUp(app.db.sequelize, app.db.url)).toEqual([]);
  expect(await tables()).toContain('users');
});

test('two instances migrating one database at once do not collide', async () => {
  await createMigrator(app.db.sequelize).down({ to: 0 });
  const [first, second] = await Promise.all([
    migrateUp(app.db.sequelize, app.db.url),
    migrateUp(app.db.sequelize, app.db.url),
  ]);
  expect([...(first ?? []), ...(second ?? [])]).toEqual(migrations.map((m) => m.name));
});

test('nonces signed before keys by role are given the account that signed them', async () => {
  await createMigrator(app.db.sequelize).down({ to: '0130-signer-nonces' });
  const key = Wallet.createRandom();
  const raw = await key.signTransaction({
    type: 2,
    chainId: 31337,
    nonce: 4,
    to: key.address,
    gasLimit: 21_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  });
  const signed = Transaction.from(raw);
  await app.db.query(
    `INSERT INTO treasury_nonces (chain_id, genesis_hash, nonce, source, source_id)
     VALUES (31337, '0xgenesis', 4, 'payouts', gen_random_uuid())`,
  );
  await app.db.query(
    `INSERT INTO treasury_transaction_versions (chain_id, genesis_hash, nonce, version,
       raw_transaction, tx_hash, max_fee_per_gas, max_priority_fee_per_gas)
     VALUES (31337, '0xgenesis', 4, 1, $1, $2, 2, 1)`,
    [raw, signed.hash],
  );

  // 0130 runs first, then whatever came after it.
  expect((await migrateUp(app.db.sequelize, app.db.url))?.[0]).toBe('0130-signer-nonces');
  const account = key.address.toLowerCase();
  expect(
    await app.db.query(`SELECT account FROM treasury_nonces WHERE genesis_hash = '0xgenesis'`),
  ).toEqual([{ account }]);
  expect(
    await app.db.query(
      `SELECT account FROM treasury_transaction_versions WHERE genesis_hash = '0xgenesis'`,
    ),
  ).toEqual([{ account }]);
});

test('the demo seed runs only on an empty database', async () => {
  const hasher = createPasswordHasher(TEST_ARGON2_COST);
  expect(await seedIfEmpty(app.db, hasher)).toBe(true);
  expect(await seedIfEmpty(app.db, hasher)).toBe(false);
  const demo = await app.db.models.User.findOne({ where: { email: DEMO_USER.email } });
  expect(demo?.emailVerifiedAt).toBeInstanceOf(Date);
  expect(demo?.phoneVerifiedAt).toBeInstanceOf(Date);
  expect(await hasher.verify(demo?.passwordHash ?? '', DEMO_USER.password)).toBe(true);
});

test('e-mail addresses are unique regardless of letter case', async () => {
  const base = {
    name: 'A',
    mobile: '+48600000000',
    passwordHash: 'x',
    emailVerifiedAt: null,
    phoneVerifiedAt: null,
    referredBy: null,
  };
  await app.db.models.User.create({ ...base, email: 'case@example.com', referralCode: 'CASE0001' });
  await expect(
    app.db.models.User.create({ ...base, email: 'CASE@example.com', referralCode: 'CASE0002' }),
  ).rejects.toThrow();
});
