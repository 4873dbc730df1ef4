import { randomUUID } from 'node:crypto';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import {
  brandConsole,
  checkRedemption,
  claimTokens,
  createOffer,
  giveTokens,
  issueBrandToken,
  myTokens,
  redeemOffer,
  tokenHistory,
  transferTokens,
} from '@brnd/contracts/api/brand-tokens';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BrandToken, BrandTokenFactory } from '@brnd/contracts/chain/generated/index';
import { PLATFORM_TIME_ZONE } from '@brnd/contracts/domain/constants';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tokenAccounts } from '../services/brand-tokens/accounts.ts';
import { devMinterKey } from '../chain/dev-keys.ts';
import { ONE_TOKEN } from '../services/ledger.ts';
import type { TestApp } from '../testing.ts';
import { activeToken, brandOwner, customer, issuedToken } from '../testing/brand-tokens.ts';
import { startChainTestApp, until } from '../testing/chain-app.ts';
import {
  call,
  latestMessage,
  newUser,
  proveWallet,
  registerVerifiedUser,
} from '../testing/http.ts';

let anvil: Anvil;
let app: TestApp;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

function onChain(address: string) {
  const chain = app.chain;
  if (!chain) throw new Error('no chain');
  return connectContract(BrandToken, address, chain.provider);
}

async function walletBalance(tokenAddress: string, holder: string): Promise<bigint> {
  return (await onChain(tokenAddress).balanceOf(holder)) as bigint;
}

function give(
  ownerToken: string,
  tokenId: string,
  recipient: string,
  amount: number,
  requestId = randomUUID(),
) {
  return call(app.baseUrl, giveTokens, {
    token: ownerToken,
    params: { tokenId },
    json: true,
    body: { recipient, amount: String(amount), request_id: requestId },
  });
}

async function holdingOf(userToken: string, tokenId: string) {
  const mine = await call(app.baseUrl, myTokens, { token: userToken });
  return mine.data?.holdings.find((holding) => holding.token.id === tokenId);
}

function issue(owner: { token: string; brandId: number }, body: Record<string, string>) {
  return call(app.baseUrl, issueBrandToken, {
    token: owner.token,
    params: { brandId: String(owner.brandId) },
    json: true,
    body: { name: 'Loyalty', ticker: 'LOYAL', cap: '1000', request_id: randomUUID(), ...body },
  });
}

describe('issuing a token', () => {
  test('the owner of a verified brand issues it: deploying, then active at its factory address', async () => {
    const owner = await brandOwner(app);
    const requestId = randomUUID();
    const ticker = `A${randomUUID().slice(0, 6).toUpperCase().replace(/-/g, '')}`;
    const issued = await issue(owner, {
      name: 'Amber Points',
      ticker,
      cap: '500000',
      request_id: requestId,
    });
    expect(issued.status).toBe(201);
    expect(issued.data?.token).toMatchObject({
      brand_id: owner.brandId,
      brand_name: owner.brandName,
      name: 'Amber Points',
      ticker,
      cap: 500_000,
      status: 'deploying',
      address: null,
    });
    const token = await activeToken(app, owner, issued.data?.token.id as string);
    expect(token.status).toBe('active');
    const chain = app.chain;
    if (!chain) throw new Error('no chain');
    const factory = connectContract(
      BrandTokenFactory,
      chain.contracts.brandTokenFactory,
      chain.provider,
    );
    expect(await factory.tokensOf(BigInt(owner.brandId))).toEqual([token.address]);
    const contract = onChain(token.address as string);
    expect(await contract.name()).toBe('Amber Points');
    expect(await contract.symbol()).toBe(ticker);
    expect(await contract.cap()).toBe(500_000n * ONE_TOKEN);

    // The same request again (a double click, a lost answer) is the same token: no second deploy.
    const again = await issue(owner, {
      name: 'Amber Points',
      ticker,
      cap: '500000',
      request_id: requestId,
    });
    expect(again.status).toBe(201);
    expect(again.data?.token).toMatchObject({ id: token.id, status: 'active' });
    expect(await factory.tokensOf(BigInt(owner.brandId))).toHaveLength(1);
  });

  test('Standard allows one token and a supply of 1,000,000; the error names the plan that lifts it', async () => {
    const owner = await brandOwner(app);
    const tooLarge = await issue(owner, { cap: '1000001' });
    expect(tooLarge.status).toBe(409);
    expect(tooLarge.error).toMatchObject({
      messageId: 'brandTokens.errors.planLimit',
      values: { limit: 'maxSupply', plan: 'standard', upgrade: 'premium', max: 1_000_000 },
    });
    await issuedToken(app, owner);
    const second = await issue(owner, { ticker: `B${randomUUID().slice(0, 6).replace(/-/g, '')}` });
    expect(second.status).toBe(409);
    expect(second.error).toMatchObject({
      messageId: 'brandTokens.errors.planLimit',
      values: { limit: 'tokens', plan: 'standard', upgrade: 'enterprise', max: 1 },
    });
  });

  test('Enterprise issues a second token: the factory limit is raised on chain first', async () => {
    const owner = await brandOwner(app, { plan: 'enterprise' });
    const first = await issuedToken(app, owner, { cap: 5_000_000 });
    const second = await issuedToken(app, owner);
    expect([first.status, second.status]).toEqual(['active', 'active']);
    const chain = app.chain;
    if (!chain) throw new Error('no chain');
    const factory = connectContract(
      BrandTokenFactory,
      chain.contracts.brandTokenFactory,
      chain.provider,
    );
    expect(await factory.tokensOf(BigInt(owner.brandId))).toEqual([first.address, second.address]);
  });

  test('a ticker names one live token across brands', async () => {
    const ticker = `C${randomUUID().slice(0, 6).replace(/-/g, '').toUpperCase()}`;
    await issuedToken(app, await brandOwner(app), { ticker });
    const other = await issue(await brandOwner(app), { ticker: ticker.toLowerCase() });
    expect(other.status).toBe(409);
    expect(other.error).toMatchObject({
      messageId: 'brandTokens.errors.tickerTaken',
      errors: { ticker: 'brandTokens.errors.tickerTaken' },
    });
  });

  test('only the owner of a verified brand uses the console', async () => {
    const pending = await brandOwner(app, { verification: 'pending' });
    const notVerified = await issue(pending, {});
    expect(notVerified.status).toBe(403);
    expect(notVerified.error?.messageId).toBe('brandTokens.errors.notVerified');
    // Not verified still sees its console (with why it cannot issue).
    const overview = await call(app.baseUrl, brandConsole, {
      token: pending.token,
      params: { brandId: String(pending.brandId) },
    });
    expect(overview.data?.brand.verification_status).toBe('pending');

    const stranger = await customer(app);
    const notOwner = await issue({ token: stranger.token, brandId: pending.brandId }, {});
    expect(notOwner.status).toBe(403);
    expect(notOwner.error?.messageId).toBe('brandTokens.errors.notOwner');
    const unknown = await issue({ token: stranger.token, brandId: 987_654_321 }, {});
    expect(unknown.status).toBe(404);
    const anonymous = await call(app.baseUrl, brandConsole, { params: { brandId: '1' } });
    expect(anonymous.status).toBe(401);
    const invalid = await issue(pending, { cap: '0', ticker: '!', name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.errors).toMatchObject({
      cap: 'brandTokens.errors.amount',
      name: 'brandTokens.errors.tokenName',
    });
  });
});

describe('giving tokens', () => {
  test('to a customer by e-mail: held in the ledger for them, and they are told by e-mail', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `G${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const fan = await customer(app);
    const given = await give(owner.token, token.id, fan.user.email.toUpperCase(), 100);
    expect(given.status).toBe(200);
    expect(given.data?.give).toEqual({
      recipient: fan.user.email.toLowerCase(),
      amount: 100,
      destination: 'ledger',
      tx_hash: null,
    });
    expect(await holdingOf(fan.token, token.id)).toMatchObject({
      ledger_balance: 100,
      wallet_balance: null,
    });
    await app.settled();
    const mail = await latestMessage(app.baseUrl, fan.user.email.toLowerCase(), 'email');
    expect(mail.subject).toContain(token.ticker);
    expect(mail.text).toContain(owner.brandName);
    expect(mail.text).toContain(`${app.baseUrl}/user/tokens`);
    const history = await call(app.baseUrl, tokenHistory, {
      token: fan.token,
      params: { tokenId: token.id },
    });
    expect(history.data?.moves).toEqual([
      expect.objectContaining({ kind: 'received', amount: 100, counterparty: owner.brandName }),
    ]);
  });

  test('to an e-mail without an account: it waits, and is credited when they sign up', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `H${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const later = newUser();
    const given = await give(owner.token, token.id, later.email, 40);
    expect(given.data?.give).toMatchObject({ destination: 'ledger', amount: 40 });
    const held = await app.db.query<{ balance: string }>(
      'SELECT balance::text FROM ledger_accounts WHERE id = $1',
      [tokenAccounts(token.id).held],
    );
    expect(held[0]?.balance).toBe((40n * ONE_TOKEN).toString());
    await app.settled();
    // Nothing is "in their account" yet: the mail leads to the sign-up with this address.
    const invite = await latestMessage(app.baseUrl, later.email, 'email');
    expect(invite.subject).toContain(token.ticker);
    expect(invite.text).toContain(
      `${app.baseUrl}/register?email=${encodeURIComponent(later.email)}`,
    );
    expect(invite.text).not.toContain('/user/tokens');

    const { token: session } = await registerVerifiedUser(app.baseUrl, later);
    expect(await holdingOf(session, token.id)).toMatchObject({ ledger_balance: 40 });
    const history = await call(app.baseUrl, tokenHistory, {
      token: session,
      params: { tokenId: token.id },
    });
    expect(history.data?.moves).toEqual([
      expect.objectContaining({ kind: 'received', amount: 40, counterparty: owner.brandName }),
    ]);
  });

  test('to a wallet address: minted on chain, the answer is the same for a retried request', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `W${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const address = Wallet.createRandom().address;
    const requestId = randomUUID();
    const given = await give(owner.token, token.id, address.toLowerCase(), 50, requestId);
    expect(given.data?.give).toMatchObject({
      recipient: address,
      amount: 50,
      destination: 'chain',
    });
    await until(
      () => walletBalance(token.address as string, address),
      (balance) => balance === 50n * ONE_TOKEN,
    );
    const again = await give(owner.token, token.id, address, 50, requestId);
    expect(again.data?.give).toMatchObject({
      recipient: address,
      amount: 50,
      destination: 'chain',
    });
    expect(again.data?.give.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await walletBalance(token.address as string, address)).toBe(50n * ONE_TOKEN);
    // The wallet counts as a holder once the bff has seen the mint confirmed, a moment after the
    // chain shows the balance.
    const stats = await until(
      async () =>
        (
          await call(app.baseUrl, brandConsole, {
            token: owner.token,
            params: { brandId: String(owner.brandId) },
          })
        ).data?.stats[0],
      (row) => row?.holders === 1,
    );
    expect(stats).toMatchObject({ issued: 50, holders: 1, redeemed: 0 });
    expect(stats?.daily).toHaveLength(30);
    // The chart's days are the platform's calendar days, not the server's or UTC's.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE }).format(
      new Date(),
    );
    expect(stats?.daily.at(-1)).toMatchObject({ day: today, given: 50 });
  });

  test('never beyond the supply cap, and a give of a token not deployed or not theirs is refused', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      cap: 1_000,
      ticker: `K${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const fan = await customer(app);
    expect((await give(owner.token, token.id, fan.user.email, 999)).status).toBe(200);
    const over = await give(owner.token, token.id, fan.user.email, 2);
    expect(over.status).toBe(409);
    expect(over.error).toMatchObject({
      messageId: 'brandTokens.errors.capReached',
      values: { cap: 1_000 },
    });
    expect(await holdingOf(fan.token, token.id)).toMatchObject({ ledger_balance: 999 });
    const stranger = await customer(app);
    expect((await give(stranger.token, token.id, fan.user.email, 1)).error?.messageId).toBe(
      'brandTokens.errors.notOwner',
    );
    expect((await give(owner.token, randomUUID(), fan.user.email, 1)).status).toBe(404);
    const bad = await give(owner.token, token.id, 'not-an-address', 1);
    expect(bad.status).toBe(400);
    expect(bad.error?.errors).toEqual({ recipient: 'brandTokens.errors.recipient' });
  });

  test("50 gives racing against Standard's daily volume of 10,000 stop exactly at it", async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `R${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const fan = await customer(app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => give(owner.token, token.id, fan.user.email, 300)),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(accepted).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const answer of refused) {
      expect(answer.error).toMatchObject({
        messageId: 'brandTokens.errors.planLimit',
        values: { limit: 'dailyVolume', plan: 'standard', upgrade: 'premium', max: 10_000 },
      });
    }
    expect(await holdingOf(fan.token, token.id)).toMatchObject({ ledger_balance: 9_900 });
    const overview = await call(app.baseUrl, brandConsole, {
      token: owner.token,
      params: { brandId: String(owner.brandId) },
    });
    expect(overview.data?.plan.usage).toContainEqual({
      limit: 'dailyVolume',
      used: 9_900,
      max: 10_000,
    });
  });
});

describe('offers and redemption', () => {
  test('a customer redeems an offer for a one-time code; the brand accepts it once', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `O${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const offer = await call(app.baseUrl, createOffer, {
      token: owner.token,
      params: { tokenId: token.id },
      json: true,
      body: { title: 'Free coffee', description: 'Any size', price: '30' },
    });
    expect(offer.status).toBe(201);
    const offerId = offer.data?.offer.id as string;
    const fan = await customer(app);
    const redeem = (requestId = randomUUID()) =>
      call(app.baseUrl, redeemOffer, {
        token: fan.token,
        params: { offerId },
        json: true,
        body: { request_id: requestId },
      });
    const short = await redeem();
    expect(short.status).toBe(409);
    expect(short.error?.messageId).toBe('brandTokens.errors.insufficient');

    await give(owner.token, token.id, fan.user.email, 50);
    const requestId = randomUUID();
    const redeemed = await redeem(requestId);
    expect(redeemed.status).toBe(201);
    const code = redeemed.data?.redemption.code as string;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect((await redeem(requestId)).data?.redemption.code).toBe(code);
    expect(await holdingOf(fan.token, token.id)).toMatchObject({ ledger_balance: 20 });
    const mine = await call(app.baseUrl, myTokens, { token: fan.token });
    expect(mine.data?.redemptions).toEqual([expect.objectContaining({ code, used_at: null })]);

    const check = (who: { token: string; brandId: number }, value: string) =>
      call(app.baseUrl, checkRedemption, {
        token: who.token,
        params: { brandId: String(who.brandId) },
        json: true,
        body: { code: value },
      });
    const first = await check(owner, code.toLowerCase());
    expect(first.data).toMatchObject({
      result: 'accepted',
      redemption: { code, offer: { title: 'Free coffee' } },
    });
    expect((await check(owner, code)).data?.result).toBe('used');
    const otherBrand = await brandOwner(app);
    const foreign = await check(otherBrand, code);
    expect(foreign.status).toBe(404);
    expect(foreign.error?.errors).toEqual({ code: 'brandTokens.errors.unknownCode' });
    expect((await check(owner, 'ZZZZZZZZZZ')).status).toBe(404);

    const overview = await call(app.baseUrl, brandConsole, {
      token: owner.token,
      params: { brandId: String(owner.brandId) },
    });
    expect(overview.data?.stats[0]).toMatchObject({ issued: 50, redeemed: 30 });
    const history = await call(app.baseUrl, tokenHistory, {
      token: fan.token,
      params: { tokenId: token.id },
    });
    expect(history.data?.moves.map((m) => [m.kind, m.amount])).toEqual([
      ['redeemed', -30],
      ['received', 50],
    ]);

    // A double click sends one request id twice at once: one code, the price paid once.
    await give(owner.token, token.id, fan.user.email, 40);
    const clicked = randomUUID();
    const twice = await Promise.all([redeem(clicked), redeem(clicked)]);
    expect(twice.map((answer) => answer.status)).toEqual([201, 201]);
    expect(twice[1]?.data?.redemption.code).toBe(twice[0]?.data?.redemption.code);
    expect(await holdingOf(fan.token, token.id)).toMatchObject({ ledger_balance: 30 });
  });

  test('Standard runs three deals at a time', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `D${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const create = () =>
      call(app.baseUrl, createOffer, {
        token: owner.token,
        params: { tokenId: token.id },
        json: true,
        body: { title: 'Deal', price: '1' },
      });
    const answers = await Promise.all([create(), create(), create(), create(), create()]);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.find((answer) => answer.status === 409)?.error).toMatchObject({
      messageId: 'brandTokens.errors.planLimit',
      values: { limit: 'deals', plan: 'standard', upgrade: 'premium', max: 3 },
    });
  });
});

describe('customers move their tokens', () => {
  test('transfer to another user by e-mail, to a wallet, and claim to the saved wallet', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `M${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const fan = await customer(app);
    const friend = await customer(app);
    await give(owner.token, token.id, fan.user.email, 100);
    const transfer = (body: Record<string, string>) =>
      call(app.baseUrl, transferTokens, {
        token: fan.token,
        params: { tokenId: token.id },
        json: true,
        body: { request_id: randomUUID(), ...body },
      });
    const toFriend = await transfer({ recipient: friend.user.email, amount: '10' });
    expect(toFriend.data?.transfer).toMatchObject({ destination: 'ledger', amount: 10 });
    expect(await holdingOf(friend.token, token.id)).toMatchObject({ ledger_balance: 10 });
    const self = await transfer({ recipient: fan.user.email, amount: '1' });
    expect(self.status).toBe(400);
    expect(self.error?.errors).toEqual({ recipient: 'brandTokens.errors.selfTransfer' });
    const tooMuch = await transfer({ recipient: friend.user.email, amount: '91' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.error?.messageId).toBe('brandTokens.errors.insufficient');

    const outside = Wallet.createRandom().address;
    const toWallet = await transfer({ recipient: outside, amount: '20' });
    expect(toWallet.data?.transfer).toMatchObject({ destination: 'chain', recipient: outside });
    await until(
      () => walletBalance(token.address as string, outside),
      (balance) => balance === 20n * ONE_TOKEN,
    );

    const claim = (amount: string) =>
      call(app.baseUrl, claimTokens, {
        token: fan.token,
        params: { tokenId: token.id },
        json: true,
        body: { amount, request_id: randomUUID() },
      });
    const noWallet = await claim('5');
    expect(noWallet.status).toBe(409);
    expect(noWallet.error?.messageId).toBe('brandTokens.errors.noWallet');
    const signer = Wallet.createRandom();
    const own = signer.address;
    await proveWallet(app.baseUrl, fan.token, signer);
    expect((await claim('30')).data?.transfer).toMatchObject({
      destination: 'chain',
      recipient: own,
    });
    await until(
      () => holdingOf(fan.token, token.id),
      (holding) => holding?.wallet_balance === 30,
    );
    expect(await holdingOf(fan.token, token.id)).toMatchObject({
      ledger_balance: 40,
      wallet_balance: 30,
    });
    const history = await call(app.baseUrl, tokenHistory, {
      token: fan.token,
      params: { tokenId: token.id },
    });
    expect(history.data?.moves.map((m) => [m.kind, m.amount, m.counterparty])).toEqual([
      ['claimed', -30, own],
      ['sent', -20, outside],
      ['sent', -10, friend.user.email.toLowerCase()],
      ['received', 100, owner.brandName],
    ]);
    expect(history.data?.moves[0]?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // A double click sends one request id twice at once: one transfer, paid once.
    const clicked = { recipient: friend.user.email, amount: '10', request_id: randomUUID() };
    const twice = await Promise.all([transfer(clicked), transfer(clicked)]);
    for (const answer of twice) {
      expect(answer.data?.transfer).toMatchObject({ destination: 'ledger', amount: 10 });
    }
    expect(await holdingOf(friend.token, token.id)).toMatchObject({ ledger_balance: 20 });
    expect(await holdingOf(fan.token, token.id)).toMatchObject({ ledger_balance: 30 });
  });
});

describe('the supply check', () => {
  test('finds nothing while the chain matches the ledger, and reports a mint behind its back', async () => {
    const owner = await brandOwner(app);
    const token = await issuedToken(app, owner, {
      ticker: `S${randomUUID().slice(0, 6).replace(/-/g, '')}`,
    });
    const address = Wallet.createRandom().address;
    await give(owner.token, token.id, address, 7);
    await until(
      () => walletBalance(token.address as string, address),
      (b) => b === 7n * ONE_TOKEN,
    );
    const chainCheck = app.brandTokenChain;
    if (!chainCheck || !app.chain) throw new Error('no chain');
    await until(
      () => chainCheck.checkSupply(),
      (found) => !found.some((difference) => difference.tokenId === token.id),
    );

    // The platform's minter key can mint outside the ledger: exactly what the check catches.
    const minter = connectContract(
      BrandToken,
      token.address as string,
      new Wallet(devMinterKey(), app.chain.provider),
    );
    await (await minter.mint(address, 5n * ONE_TOKEN)).wait();
    const found = await chainCheck.checkSupply();
    expect(found).toContainEqual({
      tokenId: token.id,
      chainSupply: 12n * ONE_TOKEN,
      minted: 7n * ONE_TOKEN,
      inFlight: 0n,
    });
    const rows = await app.db.query<{ difference: string }>(
      'SELECT difference::text FROM brand_token_supply_checks WHERE token_id = $1',
      [token.id],
    );
    expect(rows).toEqual([{ difference: (5n * ONE_TOKEN).toString() }]);
  });
});

test('the supply check does not alarm when holders burn tokens they hold', async () => {
  const owner = await brandOwner(app);
  const token = await issuedToken(app, owner, {
    ticker: `B${randomUUID().slice(0, 6).replace(/-/g, '')}`,
  });
  const chain = app.chain;
  const chainCheck = app.brandTokenChain;
  if (!chain || !chainCheck) throw new Error('no chain');
  // A holder with ETH for gas: an anvil account.
  const holder = new Wallet(anvil.accounts[7]?.privateKey as string, chain.provider);
  await give(owner.token, token.id, holder.address, 7);
  await until(
    () => walletBalance(token.address as string, holder.address),
    (b) => b === 7n * ONE_TOKEN,
  );
  const own = connectContract(BrandToken, token.address as string, holder);
  await (await own.burn(3n * ONE_TOKEN)).wait();
  const found = await chainCheck.checkSupply();
  expect(found.filter((difference) => difference.tokenId === token.id)).toEqual([]);
});

test('the ledger keeps every brand token balanced and held balances never negative', async () => {
  const unbalanced = await app.db.query(
    `SELECT e.transaction_id, a.asset FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     GROUP BY e.transaction_id, a.asset HAVING sum(e.amount) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const negative = await app.db.query(
    'SELECT id FROM ledger_accounts WHERE NOT allow_negative AND balance < 0',
  );
  expect(negative).toEqual([]);
});
