import { randomUUID } from 'node:crypto';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import {
  brandConsole,
  issueBrandToken,
  stakingStatus,
  stakingTransactions,
} from '@brnd/contracts/api/brand-tokens';
import { HeadroomWallet, connectContract } from '@brnd/contracts/chain/connect';
import {
  BRND,
  BrandToken,
  BrandTokenFactory,
  BrndStaking,
} from '@brnd/contracts/chain/generated/index';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ONE_TOKEN } from '../services/ledger.ts';
import type { TestApp } from '../testing.ts';
import { activeToken, brandOwner, issuedToken } from '../testing/brand-tokens.ts';
import { startChainTestApp } from '../testing/chain-app.ts';
import { STAKE_PREMIUM_MIN_AGE_DAYS } from '@brnd/contracts/domain/wallet-proof';
import { call, countMessages, latestMessage, proveWallet } from '../testing/http.ts';

let anvil: Anvil;
let app: TestApp;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

function chain() {
  if (!app.chain) throw new Error('no chain');
  return app.chain;
}

async function planOf(owner: { token: string; brandId: number }) {
  const overview = await call(app.baseUrl, brandConsole, {
    token: owner.token,
    params: { brandId: String(owner.brandId) },
  });
  return { plan: overview.data?.plan.plan, source: overview.data?.plan.source };
}

/** Sends the prepared transactions from the user's own wallet, as the browser's wallet would. */
async function signInWallet(wallet: Wallet, ownerToken: string, action: string, amount?: string) {
  const prepared = await call(app.baseUrl, stakingTransactions, {
    token: ownerToken,
    json: true,
    body: { action, ...(amount ? { amount } : {}) },
  });
  if (!prepared.data) return prepared;
  for (const transaction of prepared.data.transactions) {
    expect(transaction.from).toBe(wallet.address);
    await (await wallet.sendTransaction({ to: transaction.to, data: transaction.data })).wait();
  }
  return prepared;
}

test('staking 1,000,000 BRND from the owner’s proven wallet makes one brand Premium after the minimum age, until it unstakes', async () => {
  const owner = await brandOwner(app);
  const wallet = new HeadroomWallet(anvil.accounts[1]?.privateKey as string, chain().provider);
  expect(await planOf(owner)).toEqual({ plan: 'standard', source: 'subscription' });

  const noWallet = await call(app.baseUrl, stakingStatus, { token: owner.token });
  expect(noWallet.data).toMatchObject({
    wallet: null,
    staked: 0,
    premium: false,
    premium_threshold: 1_000_000,
    unbonding_seconds: 7 * 24 * 60 * 60,
    staking_contract: chain().contracts.staking,
  });

  await proveWallet(app.baseUrl, owner.token, wallet);
  const brnd = connectContract(BRND, chain().contracts.brnd, chain().treasury);
  await (await brnd.transfer(wallet.address, 1_200_000n * ONE_TOKEN)).wait();

  const tooMuch = await signInWallet(wallet, owner.token, 'stake', '1200001');
  expect(tooMuch.status).toBe(409);
  expect(tooMuch.error?.messageId).toBe('brandTokens.errors.insufficient');
  const staked = await signInWallet(wallet, owner.token, 'stake', '1000000');
  expect(staked.data?.transactions.map((t) => t.to)).toEqual([
    chain().contracts.brnd,
    chain().contracts.staking,
  ]);
  const status = await call(app.baseUrl, stakingStatus, { token: owner.token });
  expect(status.data).toMatchObject({
    wallet: wallet.address,
    wallet_brnd: 200_000,
    staked: 1_000_000,
    unbonding: 0,
    unbonding_until: null,
    premium: true,
  });
  // A fresh stake counts only after STAKE_PREMIUM_MIN_AGE_DAYS (decision 042).
  expect(await planOf(owner)).toEqual({ plan: 'standard', source: 'subscription' });
  const maturing = await call(app.baseUrl, stakingStatus, { token: owner.token });
  expect(maturing.data).toMatchObject({ premium: true, wallet_verified: true });
  const from = Date.parse(maturing.data?.premium_from ?? '');
  expect(from - Date.now()).toBeGreaterThan((STAKE_PREMIUM_MIN_AGE_DAYS - 0.1) * 86_400_000);
  await app.db.query(
    `UPDATE staking_premium SET seen_since = now() - make_interval(days => $2) WHERE wallet = $1`,
    [wallet.address, STAKE_PREMIUM_MIN_AGE_DAYS],
  );
  expect(await planOf(owner)).toEqual({ plan: 'premium', source: 'staking' });
  expect((await call(app.baseUrl, stakingStatus, { token: owner.token })).data).toMatchObject({
    premium: true,
    premium_from: null,
  });

  // One stake backs one brand: another owner who also holds the key gets nothing from it.
  const second = await brandOwner(app);
  await proveWallet(app.baseUrl, second.token, wallet);
  expect(await planOf(second)).toEqual({ plan: 'standard', source: 'subscription' });
  // An unproven address (saved before proofs) counts for nothing either.
  const third = await brandOwner(app);
  await app.db.query('UPDATE users SET wallet_address = $2 WHERE id = $1', [
    third.userId,
    wallet.address,
  ]);
  expect(await planOf(third)).toEqual({ plan: 'standard', source: 'subscription' });
  expect(await planOf(owner)).toEqual({ plan: 'premium', source: 'staking' });

  const mailsBefore = await countMessages(app.baseUrl, owner.user.email, 'email');
  const early = await signInWallet(wallet, owner.token, 'withdraw');
  expect(early.status).toBe(409);
  expect(early.error?.messageId).toBe('brandTokens.errors.nothingToWithdraw');
  await signInWallet(wallet, owner.token, 'unstake', '1');
  const unbonding = await call(app.baseUrl, stakingStatus, { token: owner.token });
  expect(unbonding.data).toMatchObject({ staked: 999_999, unbonding: 1, premium: false });
  const until = Date.parse(unbonding.data?.unbonding_until as string);
  expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
  expect(await planOf(owner)).toEqual({ plan: 'standard', source: 'subscription' });
  // Premium lapsed with the stake: the owner is told, and a new stake starts its age again.
  const lapsed = await latestMessage(app.baseUrl, owner.user.email, 'email', {
    after: mailsBefore,
  });
  expect(lapsed.subject).toBe(`Premium from staking has ended for ${owner.brandName}`);
  expect(
    await app.db.query('SELECT 1 FROM staking_premium WHERE wallet = $1', [wallet.address]),
  ).toEqual([]);

  await chain().provider.send('evm_increaseTime', [7 * 24 * 60 * 60 + 1]);
  await chain().provider.send('evm_mine', []);
  await signInWallet(wallet, owner.token, 'withdraw');
  const withdrawn = await call(app.baseUrl, stakingStatus, { token: owner.token });
  expect(withdrawn.data).toMatchObject({ wallet_brnd: 200_001, unbonding: 0 });
});

test('Premium from staking lapses when the stake drops, found by the periodic review without anyone looking', async () => {
  const owner = await brandOwner(app);
  const wallet = new HeadroomWallet(anvil.accounts[3]?.privateKey as string, chain().provider);
  await proveWallet(app.baseUrl, owner.token, wallet);
  const brnd = connectContract(BRND, chain().contracts.brnd, chain().treasury);
  await (await brnd.transfer(wallet.address, 1_000_000n * ONE_TOKEN)).wait();
  await signInWallet(wallet, owner.token, 'stake', '1000000');
  expect(await planOf(owner)).toEqual({ plan: 'standard', source: 'subscription' });
  await app.db.query(
    `UPDATE staking_premium SET seen_since = now() - make_interval(days => $2) WHERE wallet = $1`,
    [wallet.address, STAKE_PREMIUM_MIN_AGE_DAYS],
  );
  expect(await planOf(owner)).toEqual({ plan: 'premium', source: 'staking' });
  expect(await app.services.reviewStakingPremium()).toBe(0);

  const mailsBefore = await countMessages(app.baseUrl, owner.user.email, 'email');
  // Unstaked from the wallet directly: the platform is not asked, nobody reads the plan.
  const staking = connectContract(BrndStaking, chain().contracts.staking, wallet);
  await (await staking.requestUnstake(ONE_TOKEN)).wait();
  expect(await app.services.reviewStakingPremium()).toBe(1);
  expect(
    await app.db.query('SELECT 1 FROM staking_premium WHERE wallet = $1', [wallet.address]),
  ).toEqual([]);
  const lapsed = await latestMessage(app.baseUrl, owner.user.email, 'email', {
    after: mailsBefore,
  });
  expect(lapsed.subject).toBe(`Premium from staking has ended for ${owner.brandName}`);
  expect(await planOf(owner)).toEqual({ plan: 'standard', source: 'subscription' });
});

test('the contest’s lifetime prize makes a brand Premium; a subscription above it stays', async () => {
  expect(await planOf(await brandOwner(app, { lifetimePremium: true }))).toEqual({
    plan: 'premium',
    source: 'contest',
  });
  expect(await planOf(await brandOwner(app, { plan: 'agency', lifetimePremium: true }))).toEqual({
    plan: 'agency',
    source: 'subscription',
  });
});

test('a deploy processed again after its broadcast is looked up by hash, never sent twice', async () => {
  const owner = await brandOwner(app);
  const token = await issuedToken(app, owner, {
    ticker: `X${randomUUID().replace(/-/g, '').slice(0, 7)}`,
  });
  const [send] = await app.db.query<{ id: string }>(
    `SELECT id FROM brand_token_sends WHERE token_id = $1 AND kind = 'deploy'`,
    [token.id],
  );
  // As if the process died after the broadcast, before it recorded the outcome.
  await app.db.query(`UPDATE brand_token_sends SET status = 'broadcast' WHERE id = $1`, [send?.id]);
  await app.db.query(`UPDATE brand_tokens SET status = 'deploying', address = NULL WHERE id = $1`, [
    token.id,
  ]);
  expect(await app.brandTokenChain?.process(send?.id as string)).toBe('confirmed');
  const factory = connectContract(
    BrandTokenFactory,
    chain().contracts.brandTokenFactory,
    chain().provider,
  );
  expect(await factory.tokensOf(BigInt(owner.brandId))).toEqual([token.address]);
  expect((await activeToken(app, owner, token.id)).address).toBe(token.address);
});

test('a failed deployment is retried by the same request, and then deploys once', async () => {
  const owner = await brandOwner(app);
  const requestId = randomUUID();
  const ticker = `F${randomUUID().replace(/-/g, '').slice(0, 7)}`;
  const issue = () =>
    call(app.baseUrl, issueBrandToken, {
      token: owner.token,
      params: { brandId: String(owner.brandId) },
      json: true,
      body: { name: 'Retry', ticker, cap: '1000', request_id: requestId },
    });
  // The factory's owner names another minter (an operator's mistake): the platform's deployment
  // reverts in its gas estimate and nothing is sent.
  const factory = connectContract(
    BrandTokenFactory,
    chain().contracts.brandTokenFactory,
    chain().treasury,
  );
  const other = new Wallet(anvil.accounts[2]?.privateKey as string, chain().provider);
  await (await factory.setMinter(other.address)).wait();
  const first = await issue();
  expect(first.status).toBe(201);
  const failed = await activeToken(app, owner, first.data?.token.id as string);
  expect(failed).toMatchObject({ status: 'failed', address: null, request_id: requestId });

  await (await factory.setMinter(chain().minter.address)).wait();
  const retried = await issue();
  expect(retried.data?.token).toMatchObject({ id: failed.id, status: 'deploying' });
  const deployed = await activeToken(app, owner, failed.id);
  expect(deployed.status).toBe('active');
  expect(await factory.tokensOf(BigInt(owner.brandId))).toEqual([deployed.address]);
});

test('brand tokens are created and minted by the minter key: its own nonces, no other role', async () => {
  const owner = await brandOwner(app);
  const token = await issuedToken(app, owner, {
    ticker: `K${randomUUID().replace(/-/g, '').slice(0, 7)}`,
  });
  const { minter, treasury, brandTokenAdmin, provider } = chain();
  const onChain = connectContract(BrandToken, token.address as string, provider);
  const MINTER_ROLE = await onChain.MINTER_ROLE();
  expect(await onChain.hasRole(MINTER_ROLE, minter.address)).toBe(true);
  expect(await onChain.hasRole(MINTER_ROLE, treasury.address)).toBe(false);
  expect(await onChain.hasRole(await onChain.DEFAULT_ADMIN_ROLE(), minter.address)).toBe(false);
  expect(await onChain.defaultAdmin()).toBe(brandTokenAdmin);

  const nonces = await app.db.query<{ account: string }>(
    `SELECT n.account FROM treasury_nonces n JOIN brand_token_sends s
       ON n.source = 'brand_token_sends' AND n.source_id = s.id
     WHERE s.token_id = $1`,
    [token.id],
  );
  expect(nonces.map((row) => row.account)).toEqual([minter.address.toLowerCase()]);
});
