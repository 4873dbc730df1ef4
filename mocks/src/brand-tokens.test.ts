// @vitest-environment node
import { expect, test } from 'vitest';
import { login } from '@brnd/contracts/api/accounts';
import {
  brandConsole,
  bulkGiveTokens,
  checkRedemption,
  createOffer,
  giveTokens,
  issueBrandToken,
  myTokens,
  redeemOffer,
  tokenHistory,
  transferTokens,
} from '@brnd/contracts/api/brand-tokens';
import { myBrands } from '@brnd/contracts/api/brands';
import { brandTokenSetup } from './brand-tokens.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts';
import { useMockApi } from './test-helpers.ts';

const api = useMockApi();
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const id = () => crypto.randomUUID();

async function demo() {
  const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  const brandId = (await api.call(myBrands, undefined, session.token)).brands.rows[0]!.id;
  return { token: session.token, brandId };
}

async function issued() {
  const { token, brandId } = await demo();
  const { token: brandToken } = await api.call(
    issueBrandToken,
    {
      params: { brandId },
      body: { name: 'Vistula Miles', ticker: 'VMILE', cap: 100_000, request_id: id() },
    },
    token,
  );
  // As on the chain, the factory's deployment finishes after the answer.
  expect(brandToken).toMatchObject({ status: 'deploying', address: null });
  const { tokens } = await api.call(brandConsole, { params: { brandId } }, token);
  expect(tokens[0]).toMatchObject({ status: 'active', address: expect.stringMatching(/^0x/) });
  return { token, brandId, tokenId: brandToken.id };
}

/** A second account that logs in straight away (the fake's accounts verify by e-mail and SMS). */
async function customer(email: string) {
  if (!api.fake.userByEmail(email)) {
    api.fake.signup({
      name: 'Ola Kowalska',
      mobile: '+48600100200',
      email,
      password: DEMO_PASSWORD,
    });
  }
  const user = api.fake.userByEmail(email)!;
  Object.assign(user, { emailVerified: true, phoneVerified: true });
  const session = await api.call(login, { body: { email, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

test('the issue flow: give by e-mail and to a wallet, transfer, redeem, and a code checked once', async () => {
  const { token, brandId, tokenId } = await issued();
  const ola = await customer('ola@example.com');

  const byEmail = await api.call(
    giveTokens,
    { params: { tokenId }, body: { recipient: 'OLA@example.com', amount: 100, request_id: id() } },
    token,
  );
  expect(byEmail.give).toMatchObject({
    recipient: 'ola@example.com',
    destination: 'ledger',
    tx_hash: null,
  });
  const byWallet = await api.call(
    giveTokens,
    {
      params: { tokenId },
      body: { recipient: WALLET.toLowerCase(), amount: 50, request_id: id() },
    },
    token,
  );
  expect(byWallet.give).toMatchObject({ recipient: WALLET, destination: 'chain' });
  expect((await api.outbox())[0]).toMatchObject({ to: 'ola@example.com' });

  await api.call(
    transferTokens,
    {
      params: { tokenId },
      body: { recipient: 'friend@example.com', amount: 10, request_id: id() },
    },
    ola,
  );
  const { offer } = await api.call(
    createOffer,
    { params: { tokenId }, body: { title: 'Free race entry', price: 40 } },
    token,
  );
  const { redemption } = await api.call(
    redeemOffer,
    { params: { offerId: offer.id }, body: { request_id: id() } },
    ola,
  );
  const mine = await api.call(myTokens, undefined, ola);
  expect(mine.holdings).toEqual([
    expect.objectContaining({ ledger_balance: 50, wallet_balance: null }),
  ]);
  expect(mine.redemptions).toEqual([
    expect.objectContaining({ code: redemption.code, used_at: null }),
  ]);
  const history = await api.call(tokenHistory, { params: { tokenId } }, ola);
  expect(history.moves.map((move) => [move.kind, move.amount])).toEqual([
    ['redeemed', -40],
    ['sent', -10],
    ['received', 100],
  ]);

  const first = await api.call(
    checkRedemption,
    { params: { brandId }, body: { code: redemption.code.toLowerCase() } },
    token,
  );
  expect(first.result).toBe('accepted');
  const second = await api.call(
    checkRedemption,
    { params: { brandId }, body: { code: redemption.code } },
    token,
  );
  expect(second.result).toBe('used');
  const unknown = await api.failure(
    checkRedemption,
    { params: { brandId }, body: { code: 'ABCDEFGHJK' } },
    token,
  );
  expect(unknown.status).toBe(404);

  const overview = await api.call(brandConsole, { params: { brandId } }, token);
  expect(overview.stats[0]).toMatchObject({ holders: 3, issued: 150, redeemed: 40 });
  expect(overview.stats[0]?.daily.at(-1)).toMatchObject({
    given: 150,
    redeemed: 40,
    transferred: 10,
  });
});

test('a retried request with the same id moves tokens once', async () => {
  const { token, tokenId } = await issued();
  const body = { recipient: 'ola@example.com', amount: 100, request_id: id() };
  await api.call(giveTokens, { params: { tokenId }, body }, token);
  await api.call(giveTokens, { params: { tokenId }, body }, token);
  const { stats } = await api.call(
    brandConsole,
    { params: { brandId: (await demo()).brandId } },
    token,
  );
  expect(stats[0]?.issued).toBe(100);
});

test('a request id reused by someone else is refused and moves nothing', async () => {
  const { token, tokenId } = await issued();
  const ola = await customer('ola@example.com');
  const jan = await customer('jan@example.com');
  for (const recipient of ['ola@example.com', 'jan@example.com']) {
    await api.call(
      giveTokens,
      { params: { tokenId }, body: { recipient, amount: 100, request_id: id() } },
      token,
    );
  }
  const requestId = id();
  const move = { recipient: 'friend@example.com', amount: 10, request_id: requestId };
  await api.call(transferTokens, { params: { tokenId }, body: move }, ola);

  const refused = await api.failure(transferTokens, { params: { tokenId }, body: move }, jan);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({
    messageId: 'brandTokens.errors.requestId',
    errors: { request_id: 'brandTokens.errors.requestId' },
  });
  const held = async (session: string) =>
    (await api.call(myTokens, undefined, session)).holdings[0]?.ledger_balance;
  expect(await held(ola)).toBe(90);
  expect(await held(jan)).toBe(100);
});

test('Standard gives at most 10,000 a day, and the refusal names the plan that lifts it', async () => {
  const { token, brandId, tokenId } = await issued();
  brandTokenSetup.give(api.fake, tokenId, 'crowd@example.com', 9_990);
  const refused = await api.failure(
    giveTokens,
    { params: { tokenId }, body: { recipient: 'ola@example.com', amount: 11, request_id: id() } },
    token,
  );
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({
    messageId: 'brandTokens.errors.planLimit',
    values: { limit: 'dailyVolume', plan: 'standard', upgrade: 'premium', max: 10_000 },
  });
  await api.call(
    giveTokens,
    { params: { tokenId }, body: { recipient: 'ola@example.com', amount: 10, request_id: id() } },
    token,
  );
  const second = await api.failure(
    issueBrandToken,
    { params: { brandId }, body: { name: 'More', ticker: 'MORE', cap: 10, request_id: id() } },
    token,
  );
  expect(second.body.values).toMatchObject({ limit: 'tokens', upgrade: 'enterprise' });
});

test('a CSV with one bad line gives nothing and names the line; a good one gives every line', async () => {
  const { token, tokenId } = await issued();
  const csv = (text: string) => new Blob([text], { type: 'text/csv' });
  const bad = 'recipient,amount\r\nola@example.com,5\r\n"jan@example.com",x\r\n';
  const preview = await api.call(
    bulkGiveTokens,
    { params: { tokenId }, body: { file: csv(bad), apply: false, request_id: id() } },
    token,
  );
  expect(preview.errors).toEqual([
    expect.objectContaining({ line: 3, messageId: 'brandTokens.errors.amount' }),
  ]);
  const refused = await api.failure(
    bulkGiveTokens,
    { params: { tokenId }, body: { file: csv(bad), apply: true, request_id: id() } },
    token,
  );
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual({ 3: 'brandTokens.errors.amount' });

  const rows = Array.from({ length: 1_000 }, (_, index) => `user${index}@example.com,3`).join('\n');
  const applied = await api.call(
    bulkGiveTokens,
    { params: { tokenId }, body: { file: csv(rows), apply: true, request_id: id() } },
    token,
  );
  expect(applied).toMatchObject({ applied: true, rows: 1_000, total: 3_000, errors: [] });
});

test('a customer cannot spend more than they hold, nor send to themselves', async () => {
  const { token, tokenId } = await issued();
  const ola = await customer('ola@example.com');
  await api.call(
    giveTokens,
    { params: { tokenId }, body: { recipient: 'ola@example.com', amount: 5, request_id: id() } },
    token,
  );
  const tooMuch = await api.failure(
    transferTokens,
    { params: { tokenId }, body: { recipient: 'friend@example.com', amount: 6, request_id: id() } },
    ola,
  );
  expect(tooMuch.body.messageId).toBe('brandTokens.errors.insufficient');
  const self = await api.failure(
    transferTokens,
    { params: { tokenId }, body: { recipient: 'ola@example.com', amount: 1, request_id: id() } },
    ola,
  );
  expect(self.body.messageId).toBe('brandTokens.errors.selfTransfer');
  expect((await api.call(myTokens, undefined, ola)).holdings[0]?.ledger_balance).toBe(5);
});

test('a brand waiting for verification cannot issue', async () => {
  const { token, brandId } = await demo();
  api.fake.setBrandVerification(brandId, 'pending');
  const refused = await api.failure(
    issueBrandToken,
    { params: { brandId }, body: { name: 'Points', ticker: 'PTS', cap: 10, request_id: id() } },
    token,
  );
  expect(refused).toMatchObject({
    status: 403,
    body: { messageId: 'brandTokens.errors.notVerified' },
  });
  expect(
    (await api.call(brandConsole, { params: { brandId } }, token)).brand.verification_status,
  ).toBe('pending');
});

test('signing up is not needed to receive: tokens given to a new e-mail wait for its account', async () => {
  const { token, tokenId } = await issued();
  await api.call(
    giveTokens,
    { params: { tokenId }, body: { recipient: 'later@example.com', amount: 7, request_id: id() } },
    token,
  );
  const later = await customer('later@example.com');
  expect((await api.call(myTokens, undefined, later)).holdings[0]?.ledger_balance).toBe(7);
});

test('a token whose deployment failed is deployed again by its own request, not issued twice', async () => {
  const { token, brandId } = await demo();
  const failed = brandTokenSetup.issue(api.fake, brandId, {
    name: 'Vistula Miles',
    ticker: 'VMILE',
    failed: true,
  });
  const again = await api.call(
    issueBrandToken,
    {
      params: { brandId },
      body: {
        name: 'Vistula Miles',
        ticker: 'VMILE',
        cap: 1_000_000,
        request_id: failed.request_id,
      },
    },
    token,
  );
  expect(again.token).toMatchObject({ id: failed.id, status: 'deploying' });
  const { tokens } = await api.call(brandConsole, { params: { brandId } }, token);
  expect(tokens).toEqual([
    expect.objectContaining({
      id: failed.id,
      status: 'active',
      address: expect.stringMatching(/^0x/),
    }),
  ]);
});
