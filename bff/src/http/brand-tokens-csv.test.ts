import { randomUUID } from 'node:crypto';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BrandToken } from '@brnd/contracts/chain/generated/index';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tokenAccounts } from '../services/brand-tokens/accounts.ts';
import { ONE_TOKEN } from '../services/ledger.ts';
import type { TestApp } from '../testing.ts';
import { brandOwner, customer, issuedToken, uploadCsv } from '../testing/brand-tokens.ts';
import { startChainTestApp, until } from '../testing/chain-app.ts';

let anvil: Anvil;
let app: TestApp;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

async function issuedTokens(tokenId: string): Promise<bigint> {
  const [row] = await app.db.query<{ balance: string }>(
    'SELECT balance::text FROM ledger_accounts WHERE id = $1',
    [tokenAccounts(tokenId).unissued],
  );
  const [token] = await app.db.query<{ cap: string }>(
    'SELECT cap::text FROM brand_tokens WHERE id = $1',
    [tokenId],
  );
  return (BigInt(token?.cap ?? '0') - BigInt(row?.balance ?? '0')) / ONE_TOKEN;
}

async function newToken(plan: 'standard' | 'agency' = 'standard') {
  const owner = await brandOwner(app, { plan });
  const token = await issuedToken(app, owner, {
    ticker: `V${randomUUID().replace(/-/g, '').slice(0, 7)}`,
  });
  return { owner, token };
}

test('a preview checks every row and moves nothing', async () => {
  const { owner, token } = await newToken();
  const fan = await customer(app);
  const csv = `recipient,amount\r\n${fan.user.email},5\r\nnew-${randomUUID()}@example.com,7\r\n`;
  const preview = await uploadCsv(app, owner.token, token.id, csv, { apply: false });
  expect(preview.data).toMatchObject({ applied: false, rows: 2, total: 12, errors: [] });
  expect(preview.data?.preview.map((row) => row.line)).toEqual([2, 3]);
  expect(await issuedTokens(token.id)).toBe(0n);
});

test('one bad row applies nothing and names its line, in the uploader’s language', async () => {
  const { owner, token } = await newToken();
  const fan = await customer(app);
  const csv = ['recipient,amount', `${fan.user.email},5`, 'nobody,3', `${fan.user.email},x`].join(
    '\n',
  );
  const preview = await uploadCsv(app, owner.token, token.id, csv, {
    apply: false,
    language: 'pl-PL',
  });
  expect(preview.data?.errors.map((error) => [error.line, error.messageId])).toEqual([
    [3, 'brandTokens.errors.recipient'],
    [4, 'brandTokens.errors.amount'],
  ]);
  expect(preview.data?.errors[0]?.text).not.toBe(preview.data?.errors[0]?.messageId);

  const applied = await uploadCsv(app, owner.token, token.id, csv, { apply: true });
  expect(applied.status).toBe(422);
  expect(applied.error).toMatchObject({
    messageId: 'brandTokens.errors.csvInvalid',
    values: { count: 2 },
    errors: { '3': 'brandTokens.errors.recipient', '4': 'brandTokens.errors.amount' },
  });
  expect(await issuedTokens(token.id)).toBe(0n);
});

// How fast it applies is measured by `npm run bench -- brand-tokens`, not asserted here.
test('1,000 valid rows apply in one transaction, and once per request', async () => {
  const { owner, token } = await newToken();
  const fans = await Promise.all([customer(app), customer(app)]);
  const lines = Array.from({ length: 1_000 }, (_, index) =>
    index < 2 ? `${fans[index]?.user.email},3` : `bulk-${index}-${randomUUID()}@example.com,3`,
  );
  const csv = lines.join('\n');
  const requestId = randomUUID();
  const applied = await uploadCsv(app, owner.token, token.id, csv, { apply: true, requestId });
  expect(applied.status).toBe(200);
  expect(applied.data).toMatchObject({ applied: true, rows: 1_000, total: 3_000, errors: [] });
  expect(await issuedTokens(token.id)).toBe(3_000n);

  const again = await uploadCsv(app, owner.token, token.id, csv, { apply: true, requestId });
  expect(again.data).toMatchObject({ applied: true, rows: 1_000, total: 3_000 });
  expect(await issuedTokens(token.id)).toBe(3_000n);
  const holds = await app.db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM brand_token_holds WHERE token_id = $1',
    [token.id],
  );
  expect(holds[0]?.count).toBe('998');
});

test('a bulk over the daily volume applies nothing; wallet rows are minted after it applies', async () => {
  const { owner, token } = await newToken();
  const wallets = [Wallet.createRandom().address, Wallet.createRandom().address];
  const tooMuch = `${wallets[0]},6000\n${wallets[1]},4001\n`;
  const refused = await uploadCsv(app, owner.token, token.id, tooMuch, { apply: true });
  expect(refused.status).toBe(409);
  expect(refused.error).toMatchObject({
    messageId: 'brandTokens.errors.planLimit',
    values: { limit: 'dailyVolume', plan: 'standard' },
  });
  expect(await issuedTokens(token.id)).toBe(0n);
  const [queued] = await app.db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM brand_token_sends WHERE token_id = $1 AND kind = $2',
    [token.id, 'mint'],
  );
  expect(queued?.count).toBe('0');

  const fine = `${wallets[0]},60\n${wallets[1]},40\n`;
  expect((await uploadCsv(app, owner.token, token.id, fine, { apply: true })).status).toBe(200);
  const chain = app.chain;
  if (!chain) throw new Error('no chain');
  const contract = connectContract(BrandToken, token.address as string, chain.provider);
  await until(
    async () => (await contract.totalSupply()) as bigint,
    (supply) => supply === 100n * ONE_TOKEN,
  );
  expect(await contract.balanceOf(wallets[0])).toBe(60n * ONE_TOKEN);
});

test('an upload that is not a CSV file, or too large, is refused', async () => {
  const { owner, token } = await newToken();
  const empty = await uploadCsv(app, owner.token, token.id, '\n\n', { apply: false });
  expect(empty.data?.errors).toEqual([
    expect.objectContaining({ line: 1, messageId: 'brandTokens.errors.csvEmpty' }),
  ]);
  const large = 'x'.repeat(1024 * 1024 + 1);
  const tooLarge = await uploadCsv(app, owner.token, token.id, large, { apply: false });
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.error?.messageId).toBe('brandTokens.errors.csvSize');
});
