// @vitest-environment node
import { expect, test } from 'vitest';
import { login } from '@brnd/contracts/api/accounts';
import { cardProviderInit, cardProviderTransaction } from '@brnd/contracts/api/card-provider';
import { buyTokens, kantor, orders, verifyOrder } from '@brnd/contracts/api/orders';
import { sale } from '@brnd/contracts/api/sale';
import { wallet } from '@brnd/contracts/api/wallet';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts';
import {
  orderPartiallyPaid,
  orderStatusZeroThen,
  saleEnded,
  saleUnconfigured,
} from './scenarios.ts';
import { useMockApi } from './test-helpers.ts';

const api = useMockApi();

async function demoToken() {
  const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

test('the demo sale is live: Tier IV at 0.003 USD, five tiers with totals, an end ahead', async () => {
  const config = await api.call(sale);
  expect(config.tiers.map((tier) => [tier.tokens, tier.price, tier.total])).toEqual([
    [80_000_000, 0.0015, 120_000],
    [80_000_000, 0.002, 160_000],
    [80_000_000, 0.0025, 200_000],
    [80_000_000, 0.003, 240_000],
    [80_000_000, 0.0035, 280_000],
  ]);
  expect(config).toMatchObject({ activeTier: 4, price: 0.003, totalSupply: 1_000_000_000 });
  expect(config.stages.map((stage) => [stage.name, stage.active])).toEqual([
    ['Pre ICO', true],
    ['Round I', true],
    ['Round II', false],
    ['Hard Cap', false],
    ['Soft Cap', false],
  ]);
  expect(Date.parse(config.endsAt ?? '')).toBeGreaterThan(api.clock.now);
});

test('an order is priced at the active tier and paying it raises the sale and the balance once', async () => {
  const token = await demoToken();
  const before = await api.call(sale);
  const balance = (await api.call(wallet, undefined, token)).wallet[0]?.brnd_tokens ?? 0;
  const { response: order } = await api.call(
    buyTokens,
    { body: { amount: '100', selected_payMethod: 'ETH' } },
    token,
  );
  expect(order).toMatchObject({ token_price: 0.003, brnd_tokens: 33_333, paid_amount: '0' });
  expect(order.payment_uri).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@31337\?value=\d+$/);

  api.fake.setOrderStatus(order.uuid, 3);
  api.fake.setOrderStatus(order.uuid, 3);
  expect((await api.call(wallet, undefined, token)).wallet[0]?.brnd_tokens).toBe(balance + 33_333);
  expect((await api.call(sale)).raised).toBe(before.raised + 100);
  const list = await api.call(orders, undefined, token);
  expect(list.orders.rows[0]).toMatchObject({ session_id: order.uuid, status: 'Confirmed' });
  // One receipt for the one credit, as the bff mails it.
  const receipts = api.fake
    .outbox()
    .filter((message) => message.subject.startsWith('Receipt: 33,333 BRND for your order'));
  expect(receipts).toHaveLength(1);
  expect(receipts[0]?.text).toContain('33,333 BRND');
});

test('a partial payment keeps the order waiting and shows what is paid and due', async () => {
  const token = await demoToken();
  const { response: order } = await api.call(
    buyTokens,
    { body: { amount: '250', selected_payMethod: 'BTC' } },
    token,
  );
  expect(order.payment_uri).toBe(
    `bitcoin:${order.blockchain_address}?amount=${order.destination_amount}`,
  );
  api.fake.recordPayment(order.uuid, { paidAmount: '0.01', exception: 'partial', status: 1 });
  const { response } = await api.call(verifyOrder, { params: { uuid: order.uuid } }, token);
  expect(response).toMatchObject({ status: 1, paid_amount: '0.01', payment_exception: 'partial' });
  expect(Number(response.due_amount)).toBeCloseTo(Number(order.destination_amount) - 0.01, 8);
});

test('scenarios: status 0 first then waiting, partial payment, ended and unconfigured sales', async () => {
  const token = await demoToken();
  api.server.use(orderStatusZeroThen(2));
  const uuid = 'a-1';
  expect((await api.call(verifyOrder, { params: { uuid } }, token)).response.status).toBe(0);
  expect((await api.call(verifyOrder, { params: { uuid } }, token)).response.status).toBe(2);

  api.server.use(orderPartiallyPaid());
  const partial = (await api.call(verifyOrder, { params: { uuid } }, token)).response;
  expect(partial).toMatchObject({ status: 1, payment_exception: 'partial' });

  api.server.use(saleEnded());
  expect(Date.parse((await api.call(sale)).endsAt ?? '')).toBeLessThan(Date.now());
  api.server.use(saleUnconfigured());
  expect(await api.call(sale)).toMatchObject({ activeTier: null, price: 0.003, endsAt: null });
});

test('the card route records the provider amounts once and allows one attempt per 30 seconds', async () => {
  const token = await demoToken();
  const card = {
    emailAddress: 'demo@brnd.example',
    emailConfirm: 'demo@brnd.example',
    phoneNumber: '+48 512-345-678',
    name: 'Ada',
    surname: 'Demo',
    quotedCurrency: 'PLN',
    baseCurrency: 'BRND',
    cryptoValue: 1,
    fiatValue: 101,
    pageLang: 'en',
    transactionType: 'buy',
  } as const;
  const first = await api.call(cardProviderInit, { body: card });
  const recorded = await api.call(
    kantor,
    // The browser's amounts are ignored: the provider's record decides.
    {
      body: {
        cashTxHash: first.cashTxHash,
        amount: '1',
        brnd_tokens: '999999',
        tokeneo_response: '{}',
      },
    },
    token,
  );
  expect(recorded.secondStepUrl).toBe(first.secondStepUrl);
  const row = (await api.call(orders, undefined, token)).orders.rows[0];
  expect(row).toMatchObject({ session_id: first.cashTxHash, amount: 25, status: 'Pending' });
  expect(row?.brnd_tokens).toBe(first.baseCurrencyAmount);

  const second = await api.call(cardProviderInit, { body: card });
  const tooSoon = await api.failure(
    kantor,
    {
      body: {
        cashTxHash: second.cashTxHash,
        amount: '101',
        brnd_tokens: '1',
        tokeneo_response: '{}',
      },
    },
    token,
  );
  expect(tooSoon.status).toBe(429);
  expect(tooSoon.body).toMatchObject({ message: 'Please wait 30 seconds before buying again.' });

  api.fake.settleCardOrder(first.cashTxHash, 'paid');
  api.fake.settleCardOrder(first.cashTxHash, 'paid');
  const cardReceipts = api.fake
    .outbox()
    .filter((message) => message.subject.startsWith('Receipt:') && message.text.includes(' PLN'));
  expect(cardReceipts).toHaveLength(1);
  const read = await api.call(cardProviderTransaction, {
    params: { cashTxHash: first.cashTxHash },
  });
  expect(read.status).toBe('paid');
});
