import { activity } from '@brnd/contracts/api/activity';
import { resolveOrder } from '@brnd/contracts/api/admin-orders';
import { buyTokens, orders as transactions, verifyOrder } from '@brnd/contracts/api/orders';
import { wallet } from '@brnd/contracts/api/wallet';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import { Wallet, parseEther } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SaleWatcher } from '../jobs/sale-watch.ts';
import type { TestApp } from '../testing.ts';
import { startEthSaleTestApp } from '../testing/chain-app.ts';
import { call, latestMessage, registerVerifiedUser } from '../testing/http.ts';

/**
 * What a buyer sees of partial, over- and late payments (docs/decisions/038): what arrived and
 * when, what is still due (and asked for by the wallet link), who decides what, and the e-mail
 * when an operator has decided.
 */

const OPERATOR = { email: 'desk@brnd.example', password: 'Desk13r!pass' };

let anvil: Anvil;
let app: TestApp;
let watcher: SaleWatcher;
let operatorToken: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ anvil, app, watcher, operatorToken, close } = await startEthSaleTestApp(OPERATOR));
});

afterAll(() => close?.());

async function ethOrder(token: string, usd = '100') {
  const created = await call(app.baseUrl, buyTokens, {
    token,
    body: { amount: usd, selected_payMethod: 'ETH' },
  });
  const order = created.data?.response;
  if (!order) throw new Error(`buytokens answered ${created.status}`);
  return order;
}

async function pay(address: string, eth: string) {
  const payer = new Wallet(anvil.accounts[4]?.privateKey as string, app.chain!.provider);
  await (await payer.sendTransaction({ to: address, value: parseEther(eth) })).wait();
  await watcher.tick();
}

const verify = async (token: string, uuid: string) =>
  call(app.baseUrl, verifyOrder, { token, params: { uuid } });

test('a buyer who part-paid sees what arrived and what is due, is asked for the rest, and after expiry and an operator’s credit is e-mailed in Polish and sees the tokens and the spend', async () => {
  const buyer = await registerVerifiedUser(app.baseUrl);
  await app.db.query("UPDATE users SET language = 'po' WHERE email = $1", [buyer.user.email]);
  const order = await ethOrder(buyer.token);
  expect(order).toMatchObject({ payment_situation: null, payment_seen_at: null, decision: null });
  expect(order.payment_uri).toMatch(/\?value=50000000000000000$/);

  const before = Date.now();
  await pay(order.blockchain_address, '0.02');
  const partial = (await verify(buyer.token, order.uuid)).data?.response;
  expect(partial).toMatchObject({
    status: 1,
    payment_situation: 'partial',
    paid_amount: '0.02',
    due_amount: '0.03',
  });
  // The QR code and wallet link ask for the rest, not the whole amount again.
  expect(partial?.payment_uri).toBe(
    `ethereum:${order.blockchain_address}@${anvil.chainId}?value=30000000000000000`,
  );
  expect(Date.parse(partial?.payment_seen_at ?? '')).toBeGreaterThanOrEqual(before - 1000);

  await app.db.query(
    "UPDATE crypto_orders SET expires_at = now() - interval '1 second' WHERE uuid = $1",
    [order.uuid],
  );
  // Before the sweep runs, the buyer already reads the money as waiting for a decision.
  expect((await verify(buyer.token, order.uuid)).data?.response).toMatchObject({
    status: 6,
    payment_situation: 'awaiting_decision',
  });
  await watcher.tick();
  const listed = async () =>
    (await call(app.baseUrl, transactions, { token: buyer.token })).data?.orders.rows.find(
      (row) => row.session_id === order.uuid,
    );
  expect(await listed()).toMatchObject({
    payment_situation: 'awaiting_decision',
    paid_amount: '0.02',
  });

  const decided = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'credit', paid_amount: '0.02' },
  });
  expect(decided.status).toBe(201);
  const credited = (await verify(buyer.token, order.uuid)).data?.response;
  expect(credited).toMatchObject({
    payment_situation: 'credited',
    decision: { decision: 'credit', paid_amount: '0.02', brnd_tokens: 13_333, reference: null },
  });
  expect(await listed()).toMatchObject({ payment_situation: 'credited', brnd_tokens: 13_333 });

  const mail = await latestMessage(app.baseUrl, buyer.user.email, 'email', { after: 1 });
  expect(mail.subject).toContain('13,333'.replace(',', '\u00a0'));
  expect(mail.subject).toContain(order.shop_order_id);
  // In the buyer's language: a Polish decimal comma, the unit bound by a non-breaking space.
  expect(mail.text).toContain('0,02\u00a0ETH');
  expect(mail.text).toContain(`/user/buytoken/${order.uuid}`);
  expect(mail.text).toContain('Zespół BRND');

  // The spend counts the operator's credit: 13,333 BRND at 0.003 USD.
  const mine = (await call(app.baseUrl, wallet, { token: buyer.token })).data?.wallet[0];
  expect(mine).toMatchObject({ brnd_tokens: 13_333, amount: 39.99 });
  // The balance is explained: one movement, the operator's credit, opening its order.
  const moves = (await call(app.baseUrl, activity, { token: buyer.token })).data?.activity;
  expect(moves).toEqual({
    count: 1,
    rows: [
      expect.objectContaining({
        kind: 'operator_credit',
        brnd_tokens: 13_333,
        source: { type: 'order', id: order.uuid },
      }),
    ],
  });
});

test('ETH sent to an order that is already paid is recorded, shown to the buyer and put before an operator', async () => {
  const buyer = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(buyer.token, '20');
  await pay(order.blockchain_address, order.destination_amount);
  await watcher.tick();
  expect((await verify(buyer.token, order.uuid)).data?.response).toMatchObject({
    status: 3,
    payment_situation: null,
  });

  const purchase = (await call(app.baseUrl, activity, { token: buyer.token })).data?.activity;
  expect(purchase?.rows).toEqual([
    expect.objectContaining({
      kind: 'purchase',
      brnd_tokens: 6_666,
      source: { type: 'order', id: order.uuid },
    }),
  ]);

  await pay(order.blockchain_address, '0.004');
  const paidAgain = (await verify(buyer.token, order.uuid)).data?.response;
  expect(paidAgain).toMatchObject({
    status: 3,
    payment_exception: 'overpaid',
    paid_amount: '0.014',
    payment_situation: 'awaiting_decision',
  });
  const refund = await call(app.baseUrl, resolveOrder, {
    token: operatorToken,
    params: { id: order.uuid },
    body: { decision: 'refund', paid_amount: '0.014', reference: 'RF-77' },
  });
  expect(refund.status).toBe(201);
  expect((await verify(buyer.token, order.uuid)).data?.response).toMatchObject({
    payment_situation: 'refund_noted',
    decision: { decision: 'refund', reference: 'RF-77', brnd_tokens: 0 },
  });
  const mail = await latestMessage(app.baseUrl, buyer.user.email, 'email', { after: 1 });
  expect(mail.text).toContain('RF-77');
  expect(mail.subject).toBe(`Your payment for order ${order.shop_order_id} will be returned`);
});

test('an unknown order and another user’s order both answer 404 (order not found)', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  const stranger = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(owner.token);
  expect((await verify(stranger.token, order.uuid)).status).toBe(404);
  expect((await verify(owner.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await verify(owner.token, 'not-a-uuid')).status).toBe(404);
});
