import { adminOrder, adminOrders, resolveOrder } from '@brnd/contracts/api/admin-orders';
import { adminPayouts, retryPayout } from '@brnd/contracts/api/admin-payouts';
import { adminSale, updateSale } from '@brnd/contracts/api/admin-sale';
import { auditLog } from '@brnd/contracts/api/admin';
import { buyTokens, orders as transactions } from '@brnd/contracts/api/orders';
import { sale } from '@brnd/contracts/api/sale';
import { wallet } from '@brnd/contracts/api/wallet';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { Wallet, parseEther } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SaleWatcher } from '../jobs/sale-watch.ts';
import { createLedger, LEDGER_ACCOUNTS, ONE_TOKEN, userAccount } from '../services/ledger.ts';
import type { OrderService } from '../services/orders/service.ts';
import { seedLiveSale, type SaleService } from '../services/sale.ts';
import { type TestApp } from '../testing.ts';
import { startEthSaleTestApp, until, userWithTokens } from '../testing/chain-app.ts';
import { call, newUser, proveWallet, readOutbox, registerVerifiedUser } from '../testing/http.ts';

const OPERATOR = { email: 'cashier@brnd.example', password: 'Cash13r!pass' };

let anvil: Anvil;
let app: TestApp;
let stack: { sales: SaleService; orders: OrderService };
let watcher: SaleWatcher;
let operatorToken: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ anvil, app, stack, watcher, operatorToken, close } = await startEthSaleTestApp(OPERATOR));
});

afterAll(() => close?.());

async function balance(token: string) {
  return (await call(app.baseUrl, wallet, { token })).data?.wallet[0]?.brnd_tokens;
}

async function ethOrder(token: string, usd = '100') {
  const created = await call(app.baseUrl, buyTokens, {
    token,
    body: { amount: usd, selected_payMethod: 'ETH' },
  });
  const order = created.data?.response;
  if (!order) throw new Error(`buytokens answered ${created.status}`);
  return order;
}

/** The quote runs out (as 15 minutes would) and the watcher's next pass sees it. */
async function expire(uuid: string) {
  await app.db.query(
    "UPDATE crypto_orders SET expires_at = now() - interval '1 second' WHERE uuid = $1",
    [uuid],
  );
  await watcher.tick();
}

const detail = async (id: string) =>
  (await call(app.baseUrl, adminOrder, { token: operatorToken, params: { id } })).data?.order;

test('a partial ETH payment is recorded with its transaction; crediting it pays the tokens the money bought, once, with the referrer’s 10 %', async () => {
  const referrer = await registerVerifiedUser(app.baseUrl);
  const [code] = await app.db.query<{ code: string }>(
    `SELECT l.code FROM referral_links l JOIN users u ON u.id = l.user_id
     WHERE lower(u.email) = lower($1) ORDER BY l.created_at LIMIT 1`,
    [referrer.user.email],
  );
  const buyer = await registerVerifiedUser(app.baseUrl, {
    ...newUser(),
    referral_code: code?.code,
  } as ReturnType<typeof newUser>);
  const order = await ethOrder(buyer.token);
  expect(order.destination_amount).toBe('0.05');

  const payer = new Wallet(anvil.accounts[3]?.privateKey as string, app.chain!.provider);
  const sent = await payer.sendTransaction({
    to: order.blockchain_address,
    value: parseEther('0.02'),
  });
  await sent.wait();
  await watcher.tick();

  const seen = await detail(order.uuid);
  expect(seen).toMatchObject({
    status: 'waiting',
    payment_exception: 'partial',
    paid_amount: '0.02',
    due_amount: '0.03',
    // Still open: the buyer may send the rest before the quote expires.
    needs_decision: false,
    credit_preview: null,
  });
  expect(seen?.deposits).toEqual([
    expect.objectContaining({
      balance: '0.02',
      change: '0.02',
      transactions: [{ hash: sent.hash, from: payer.address, value: '0.02' }],
    }),
  ]);
  const early = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'credit', paid_amount: '0.02' },
  });
  expect(early.status).toBe(409);
  expect(early.error?.messageId).toBe('finance.orders.errors.notDecidable');

  await expire(order.uuid);
  const expired = await detail(order.uuid);
  // 0.02 of 0.05 ETH is 40 USD of the 100: 13,333 BRND at 0.003.
  expect(expired).toMatchObject({
    status: 'expired',
    needs_decision: true,
    credit_preview: { brnd_tokens: 13_333, usd: 39.99 },
  });
  const listed = await call(app.baseUrl, adminOrders, {
    token: operatorToken,
    query: { undecided: 'true', email: buyer.user.email.toUpperCase() },
  });
  expect(listed.data?.orders.map((row) => row.id)).toEqual([order.uuid]);

  const referrerBefore = (await balance(referrer.token)) ?? 0;
  // A double click and a second operator: ten decisions at once, one credit.
  const attempts = await Promise.all(
    Array.from({ length: 10 }, () =>
      call(app.baseUrl, resolveOrder, {
        token: operatorToken,
        params: { id: order.uuid },
        body: { decision: 'credit', paid_amount: '0.02', note: 'Customer asked by e-mail' },
      }),
    ),
  );
  expect(attempts.filter((answer) => answer.status === 201)).toHaveLength(1);
  const refused = attempts.filter((answer) => answer.status === 409);
  expect(refused.map((answer) => answer.error?.messageId)).toEqual(
    Array(9).fill('finance.orders.errors.alreadyResolved'),
  );
  expect(await balance(buyer.token)).toBe(13_333);
  // The buyer's transactions show what the order brought, not a failed order.
  const listedForBuyer = async () =>
    (await call(app.baseUrl, transactions, { token: buyer.token })).data?.orders.rows.find(
      (row) => row.session_id === order.uuid,
    );
  expect(await listedForBuyer()).toMatchObject({
    status: 'Confirmed',
    brnd_tokens: 13_333,
    amount: 39.99,
  });
  // The referrer's 10 % of the credited tokens, once.
  expect(((await balance(referrer.token)) ?? 0) - referrerBefore).toBeCloseTo(1_333.3, 6);

  const resolved = await detail(order.uuid);
  expect(resolved).toMatchObject({ needs_decision: false, credit_preview: null });
  expect(resolved?.resolutions).toEqual([
    expect.objectContaining({
      decision: 'credit',
      paid_amount: '0.02',
      brnd_tokens: 13_333,
      operator_email: OPERATOR.email,
      note: 'Customer asked by e-mail',
    }),
  ]);
  const [posting] = await app.db.query<{ metadata: Record<string, unknown> }>(
    'SELECT metadata FROM ledger_transactions WHERE idempotency_key = $1',
    [`order:${order.uuid}:resolution:20000000000000000`],
  );
  const [operator] = await app.db.query<{ id: string }>(
    'SELECT id::text FROM users WHERE email = $1',
    [OPERATOR.email],
  );
  expect(posting?.metadata).toMatchObject({ kind: 'sale-resolution', operator_id: operator?.id });
  const audit = await call(app.baseUrl, auditLog, {
    token: operatorToken,
    query: { action: 'order.resolve' },
  });
  expect(audit.data?.entries.filter((entry) => entry.subject === order.uuid)).toHaveLength(1);
  // Ten attempts, one decision, one mail: the template in the buyer's language, with the BRND
  // credited; it is the credit's receipt, so no separate purchase receipt follows.
  const mailsToBuyer = async () =>
    (await readOutbox(app.baseUrl)).filter(
      (message) => message.to === buyer.user.email && message.subject.includes('your order'),
    );
  const mailed = await until(mailsToBuyer, (found) => found.length > 0);
  expect(mailed.map((message) => message.subject)).toEqual([
    expect.stringMatching(/^13,333\sBRND credited for your order \d+$/),
  ]);
  expect(mailed[0]?.html).toContain(`/user/buytoken/${order.uuid}`);
  expect(mailed[0]?.text).toContain('0.02\u00a0ETH');

  // Money arriving late is a new case: the credit is only what it adds.
  const more = await payer.sendTransaction({
    to: order.blockchain_address,
    value: parseEther('0.03'),
  });
  await more.wait();
  await watcher.tick();
  const late = await detail(order.uuid);
  expect(late).toMatchObject({
    payment_exception: 'late',
    paid_amount: '0.05',
    needs_decision: true,
    credit_preview: { brnd_tokens: 20_000 },
  });
  // An operator deciding on the old amount is told the payment changed.
  const stale = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'refund', paid_amount: '0.02', reference: 'tx-1' },
  });
  expect(stale.status).toBe(409);
  expect(stale.error?.messageId).toBe('finance.orders.errors.paymentChanged');
  const second = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'credit', paid_amount: '0.05' },
  });
  expect(second.status).toBe(201);
  expect(await balance(buyer.token)).toBe(33_333);
  expect(await listedForBuyer()).toMatchObject({ status: 'Confirmed', brnd_tokens: 33_333 });
});

test('a refund decision needs its reference, credits nothing and is recorded once', async () => {
  const buyer = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(buyer.token, '50');
  const payer = new Wallet(anvil.accounts[4]?.privateKey as string, app.chain!.provider);
  await (
    await payer.sendTransaction({ to: order.blockchain_address, value: parseEther('0.01') })
  ).wait();
  await watcher.tick();
  await expire(order.uuid);

  const missing = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'refund', paid_amount: '0.01' },
  });
  expect(missing.status).toBe(400);
  expect(missing.error?.errors?.reference).toBe('finance.orders.errors.referenceRequired');

  const refund = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'refund', paid_amount: '0.01', reference: '0xabc refund' },
  });
  expect(refund.status).toBe(201);
  expect(refund.data?.resolution).toMatchObject({
    decision: 'refund',
    brnd_tokens: 0,
    reference: '0xabc refund',
  });
  expect(await balance(buyer.token)).toBe(0);
  const again = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'credit', paid_amount: '0.01' },
  });
  expect(again.status).toBe(409);
});

test('crediting an overpayment worth less than one BRND is refused, and changes nothing', async () => {
  const buyer = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(buyer.token);
  expect(order.destination_amount).toBe('0.05');
  // A ten-millionth of an ETH too much: 0.0002 USD, a fifteenth of a BRND at 0.003 USD, not
  // enough to lift the 33,333.33 BRND the whole payment buys to 33,334.
  const payer = new Wallet(anvil.accounts[5]?.privateKey as string, app.chain!.provider);
  await (
    await payer.sendTransaction({ to: order.blockchain_address, value: parseEther('0.0500001') })
  ).wait();
  await watcher.tick();
  await expire(order.uuid);
  const before = await detail(order.uuid);
  expect(before).toMatchObject({ payment_exception: 'overpaid', paid_amount: '0.0500001' });
  const tokensBefore = await balance(buyer.token);

  const credit = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'credit', paid_amount: '0.0500001' },
  });
  expect(credit.status).toBe(409);
  expect(credit.error?.messageId).toBe('finance.orders.errors.nothingToCredit');
  expect(await balance(buyer.token)).toBe(tokensBefore);
  expect((await detail(order.uuid))?.resolutions).toEqual([]);
  const postings = await app.db.query(
    'SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE $1',
    [`order:${order.uuid}:resolution:%`],
  );
  expect(postings).toEqual([]);
});

test('orders are searched by e-mail, uuid, status, method and dates; an unknown order is 404', async () => {
  const buyer = await registerVerifiedUser(app.baseUrl);
  const first = await ethOrder(buyer.token, '10');
  const second = await ethOrder(buyer.token, '20');
  const search = async (query: Record<string, string>) =>
    (await call(app.baseUrl, adminOrders, { token: operatorToken, query })).data;

  const byEmail = await search({ email: buyer.user.email });
  expect(byEmail?.count).toBe(2);
  // Newest first.
  expect(byEmail?.orders.map((row) => row.id)).toEqual([second.uuid, first.uuid]);
  expect(byEmail?.orders[0]).toMatchObject({
    method: 'ETH',
    status: 'waiting',
    usd: 20,
    user_email: buyer.user.email,
  });
  expect((await search({ id: first.uuid }))?.orders.map((row) => row.id)).toEqual([first.uuid]);
  expect((await search({ email: buyer.user.email, method: 'BTC' }))?.count).toBe(0);
  expect((await search({ email: buyer.user.email, status: 'paid' }))?.count).toBe(0);
  const today = new Date().toISOString().slice(0, 10);
  expect((await search({ email: buyer.user.email, from: today, to: today }))?.count).toBe(2);
  expect((await search({ email: buyer.user.email, to: '2020-01-01' }))?.count).toBe(0);

  const badDate = await call(app.baseUrl, adminOrders, {
    token: operatorToken,
    query: { from: '31/12/2025' },
  });
  expect(badDate.status).toBe(400);
  expect(badDate.error?.errors?.from).toBe('finance.orders.errors.date');

  const unknown = await call(app.baseUrl, adminOrder, {
    token: operatorToken,
    params: { id: '00000000-0000-4000-8000-000000000000' },
  });
  expect(unknown.status).toBe(404);
});

test('the sale is edited with validation; the public sale and new orders use the new values, and the change is audited with before and after', async () => {
  const current = (await call(app.baseUrl, adminSale, { token: operatorToken })).data;
  expect(current?.allocation).toBe(400_000_000);
  const endsAt = new Date(Date.now() + 10 * 24 * 60 * 60_000).toISOString();
  const body = {
    tiers: [
      { tokens: 50_000_000, price: 0.001 },
      { tokens: 50_000_000, price: 0.002 },
      { tokens: 100_000_000, price: 0.004 },
      { tokens: 100_000_000, price: 0.005 },
      { tokens: 100_000_000, price: 0.006 },
    ],
    activeTier: 3,
    stages: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'].map((month, index) => ({
      month,
      active: index <= 2,
    })),
    endsAt,
  };

  const invalid = await call(app.baseUrl, updateSale, {
    token: operatorToken,
    json: true,
    body: {
      ...body,
      tiers: body.tiers.map((tier, index) =>
        index === 1 ? { tokens: 200_000_000, price: 0.0009 } : tier,
      ),
      stages: body.stages.map((stage) => ({ ...stage, active: true })),
      endsAt: '2020-01-01T00:00:00.000Z',
    },
  });
  expect(invalid.status).toBe(400);
  expect(invalid.error?.errors).toMatchObject({
    endsAt: 'finance.sale.errors.endsAtPast',
  });
  const invalidOrder = await call(app.baseUrl, updateSale, {
    token: operatorToken,
    json: true,
    body: {
      ...body,
      tiers: body.tiers.map((tier, index) =>
        index === 1 ? { tokens: 200_000_000, price: 0.0009 } : tier,
      ),
      stages: body.stages.map((stage, index) => ({ ...stage, active: index !== 1 })),
    },
  });
  expect(invalidOrder.status).toBe(400);
  expect(invalidOrder.error?.errors?.tiers).toBe('finance.sale.errors.pricesIncreasing');
  expect(invalidOrder.error?.errors?.stages).toBe('finance.sale.errors.activeStagesInOrder');
  const tooMany = await call(app.baseUrl, updateSale, {
    token: operatorToken,
    json: true,
    body: { ...body, tiers: body.tiers.map((tier) => ({ ...tier, tokens: 90_000_000 })) },
  });
  expect(tooMany.error?.errors?.tiers).toBe('finance.sale.errors.allocation');
  const zero = await call(app.baseUrl, updateSale, {
    token: operatorToken,
    json: true,
    body: { ...body, tiers: body.tiers.map((tier, i) => (i === 0 ? { ...tier, price: 0 } : tier)) },
  });
  expect(zero.error?.errors?.['tiers.0.price']).toBe('finance.sale.errors.price');
  // Nothing changed by the refusals.
  expect((await call(app.baseUrl, sale)).data?.price).toBe(0.003);

  const saved = await call(app.baseUrl, updateSale, { token: operatorToken, json: true, body });
  expect(saved.status).toBe(200);
  const published = (await call(app.baseUrl, sale)).data;
  expect(published).toMatchObject({
    activeTier: 3,
    price: 0.004,
    endsAt,
    tokensOffered: 400_000_000,
  });
  expect(published?.tiers[2]).toMatchObject({
    tokens: 100_000_000,
    price: 0.004,
    total: 400_000,
    active: true,
  });
  expect(published?.stages.filter((stage) => stage.active).map((stage) => stage.name)).toEqual([
    'Pre ICO',
    'Round I',
    'Round II',
  ]);

  const buyer = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(buyer.token, '100');
  expect(order).toMatchObject({ token_price: 0.004, brnd_tokens: 25_000 });

  const [entry] =
    (await call(app.baseUrl, auditLog, { token: operatorToken, query: { action: 'sale.update' } }))
      .data?.entries ?? [];
  expect(entry?.details).toMatchObject({
    before: {
      activeTier: 4,
      tiers: expect.arrayContaining([{ tokens: 80_000_000, price: 0.003 }]),
    },
    after: { activeTier: 3, endsAt },
  });
  await seedLiveSale(stack.sales);
  await app.db.query(
    `UPDATE sale_tiers t SET tokens = 80000000, price = p.price
     FROM (VALUES (1, 0.0015), (2, 0.002), (3, 0.0025), (4, 0.003), (5, 0.0035)) AS p(id, price)
     WHERE t.id = p.id`,
  );
});

/** A payout the chain refused: recorded, debited, then reversed, as the treasury sender does. */
async function failedPayout(userId: string, tokens: bigint, address: string) {
  const ledger = createLedger(app.db);
  const amount = tokens * ONE_TOKEN;
  const [payout] = await app.db.query<{ id: string }>(
    `INSERT INTO payouts (user_id, to_address, amount, chain_id, status, error)
     VALUES ($1, $2, $3, $4, 'failed', 'the chain it was signed for was reset') RETURNING id::text`,
    [userId, address, amount.toString(), anvil.chainId],
  );
  const id = payout?.id as string;
  await ledger.post({
    idempotencyKey: `payout:${id}:claim`,
    entries: [
      { account: userAccount(userId), amount: -amount },
      { account: LEDGER_ACCOUNTS.payoutsInFlight, amount },
    ],
    metadata: { kind: 'payout-claim', payoutId: id },
  });
  await ledger.post({
    idempotencyKey: `payout:${id}:reversal`,
    entries: [
      { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -amount },
      { account: userAccount(userId), amount },
    ],
    metadata: { kind: 'payout-reversal', payoutId: id },
  });
  return id;
}

test('a failed payout is retried once: a new payout to the same address is sent on chain; a second retry or a spent balance is refused', async () => {
  const { token, userId } = await userWithTokens(app, 700n);
  const signer = Wallet.createRandom();
  const address = signer.address;
  await proveWallet(app.baseUrl, token, signer);
  const failed = await failedPayout(userId, 700n, address);

  const listed = await call(app.baseUrl, adminPayouts, {
    token: operatorToken,
    query: { status: 'failed' },
  });
  expect(listed.data?.payouts.find((payout) => payout.id === failed)).toMatchObject({
    status: 'failed',
    brnd_tokens: 700,
    address,
    error: 'the chain it was signed for was reset',
    retried_by: null,
  });

  const attempts = await Promise.all(
    Array.from({ length: 5 }, () =>
      call(app.baseUrl, retryPayout, { token: operatorToken, params: { id: failed } }),
    ),
  );
  const made = attempts.filter((answer) => answer.status === 201);
  expect(made).toHaveLength(1);
  // The others waited for the first one's lock and then found the retry made.
  expect(
    attempts.filter((answer) => answer.status === 409).map((answer) => answer.error?.messageId),
  ).toEqual(Array(4).fill('finance.payouts.errors.alreadyRetried'));
  const retry = made[0]?.data?.payout;
  expect(retry).toMatchObject({ retry_of: failed, brnd_tokens: 700, address });
  expect(await balance(token)).toBe(0);

  const confirmed = await until(
    async () =>
      (
        await call(app.baseUrl, adminPayouts, {
          token: operatorToken,
          query: { status: 'confirmed' },
        })
      ).data?.payouts ?? [],
    (list) => list.some((payout) => payout.id === retry?.id),
  );
  const sent = confirmed.find((payout) => payout.id === retry?.id);
  const receipt = await app.chain!.provider.getTransactionReceipt(sent!.tx_hash!);
  expect(receipt?.status).toBe(1);
  const brnd = connectContract(BRND, app.chain!.contracts.brnd, app.chain!.provider);
  expect(await brnd.balanceOf(address)).toBe(700n * ONE_TOKEN);

  const original = (
    await call(app.baseUrl, adminPayouts, { token: operatorToken, query: { status: 'failed' } })
  ).data?.payouts.find((payout) => payout.id === failed);
  expect(original?.retried_by).toBe(retry?.id);
  const audit = await call(app.baseUrl, auditLog, {
    token: operatorToken,
    query: { action: 'payout.retry' },
  });
  expect(audit.data?.entries.filter((entry) => entry.subject === failed)).toHaveLength(1);

  // The user spent the reversed balance elsewhere: a retry would overdraw, so nothing is sent.
  const spender = await userWithTokens(app, 100n);
  const gone = await failedPayout(spender.userId, 100n, address);
  await createLedger(app.db).post({
    idempotencyKey: `test:spend:${gone}`,
    entries: [
      { account: userAccount(spender.userId), amount: -50n * ONE_TOKEN },
      { account: LEDGER_ACCOUNTS.sale, amount: 50n * ONE_TOKEN },
    ],
    metadata: { kind: 'test' },
  });
  const refused = await call(app.baseUrl, retryPayout, {
    token: operatorToken,
    params: { id: gone },
  });
  expect(refused.status).toBe(409);
  expect(refused.error?.messageId).toBe('finance.payouts.errors.balanceGone');
  expect(await balance(spender.token)).toBe(50);

  const notFailed = await call(app.baseUrl, retryPayout, {
    token: operatorToken,
    params: { id: retry!.id },
  });
  expect(notFailed.status).toBe(409);
});
