import { typesetText } from '@brnd/locales/typography';
import { referrals } from '@brnd/contracts/api/referrals';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { buyTokens, kantor, orders, verifyOrder } from '@brnd/contracts/api/orders';
import { sale } from '@brnd/contracts/api/sale';
import { tokensForPln } from '@brnd/contracts/domain/sale';
import { CARD_PAYMENT_WINDOW_MS } from '@brnd/contracts/domain/constants';
import { wallet } from '@brnd/contracts/api/wallet';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCardExchange, signCardCallback } from '../providers/card-exchange.ts';
import { startCardSimulator, type CardSimulator } from '../providers/card-exchange-simulator.ts';
import {
  createGreenfieldGateway,
  signGatewayBody,
  GATEWAY_WEBHOOK_PATH,
} from '../providers/crypto-gateway.ts';
import {
  startGatewaySimulator,
  type GatewaySimulator,
} from '../providers/crypto-gateway-simulator.ts';
import { seedLiveSale, type SaleService } from '../services/sale.ts';
import type { OrderService } from '../services/orders/service.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { adminNotifications, resyncOrder } from '@brnd/contracts/api/admin-orders';
import { auditLog } from '@brnd/contracts/api/admin';
import { until } from '../testing/chain-app.ts';
import { call, loginToken, newUser, readOutbox, registerVerifiedUser } from '../testing/http.ts';
import { CARD_CALLBACK_PATH } from '@brnd/contracts/api/card-provider';

const SECRET = 'gateway-webhook-secret-for-tests';
const CARD_SECRET = 'card-callback-secret-for-tests';

let app: TestApp;
let gatewaySim: GatewaySimulator;
let cardSim: CardSimulator;
let stack: { sales: SaleService; orders: OrderService };

beforeAll(async () => {
  // The simulators start first; their notifications are pointed at the app once it listens.
  gatewaySim = await startGatewaySimulator({
    apiKey: 'gateway-key',
    storeId: 'store-1',
    webhookSecret: SECRET,
    webhookUrl: 'http://127.0.0.1:1',
    retryDelaysMs: [200, 400],
  });
  cardSim = await startCardSimulator({
    apiKey: 'card-key',
    callbackSecret: CARD_SECRET,
    callbackUrl: 'http://127.0.0.1:1',
    appUrl: 'http://127.0.0.1:1',
    retryDelaysMs: [200, 400],
  });
  app = await startTestApp({
    sale: () => ({
      gateway: createGreenfieldGateway({
        baseUrl: gatewaySim.url,
        apiKey: 'gateway-key',
        storeId: 'store-1',
        webhookSecret: SECRET,
      }),
      card: createCardExchange({
        baseUrl: cardSim.url,
        apiKey: 'card-key',
        callbackSecret: CARD_SECRET,
      }),
    }),
  });
  stack = app.services;
  gatewaySim.setWebhookUrl(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`);
  cardSim.setAppUrls({ callbackUrl: `${app.baseUrl}${CARD_CALLBACK_PATH}`, appUrl: app.baseUrl });
  await seedLiveSale(stack.sales);
});

afterAll(async () => {
  await gatewaySim?.close();
  await cardSim?.close();
  await app?.close();
});

/** The purchase receipts mailed to `email` (docs/decisions/044), once the first has arrived. */
async function receiptsTo(email: string) {
  const mine = async () =>
    (await readOutbox(app.baseUrl)).filter(
      (message) => message.to === email && message.subject.startsWith('Receipt:'),
    );
  await until(mine, (found) => found.length > 0);
  return mine();
}

async function balance(token: string) {
  const result = await call(app.baseUrl, wallet, { token });
  return result.data?.wallet[0]?.brnd_tokens;
}

async function btcOrder(token: string, usd = '100') {
  const created = await call(app.baseUrl, buyTokens, {
    token,
    body: { amount: usd, selected_payMethod: 'BTC' },
  });
  expect(created.status).toBe(200);
  const order = created.data?.response;
  if (!order?.checkout_url) throw new Error('no BTC order');
  return { order, invoiceId: order.checkout_url.split('/i/')[1] as string };
}

/** A Greenfield InvoiceSettled body (greenfield-fixtures/webhook-settled.json) for an invoice. */
function signedGatewayBody(
  invoiceId: string,
  timestamp = Math.floor(Date.now() / 1000),
  delivery: { deliveryId?: string; storeId?: string } = {},
) {
  const body = JSON.stringify({
    deliveryId: delivery.deliveryId ?? 'd1',
    webhookId: 'w1',
    originalDeliveryId: null,
    isRedelivery: false,
    type: 'InvoiceSettled',
    timestamp,
    storeId: delivery.storeId ?? 'store-1',
    invoiceId,
    metadata: {},
    manuallyMarked: false,
    overPaid: false,
  });
  return { body, signature: signGatewayBody(SECRET, body) };
}

function postGateway(body: string, signature: string) {
  return fetch(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'btcpay-sig': signature },
    body,
  });
}

test('a BTC order paid at the gateway simulator is credited once however often the webhook comes', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const { order, invoiceId } = await btcOrder(token);
  expect(order).toMatchObject({ status: 1, value: 100, token_price: 0.003, brnd_tokens: 33_333 });
  expect(order.payment_uri).toBe(
    `bitcoin:${order.blockchain_address}?amount=${order.destination_amount}`,
  );

  await gatewaySim.act(invoiceId, 'pay');
  const paid = await until(
    () => call(app.baseUrl, verifyOrder, { token, params: { uuid: order.uuid } }),
    (result) => result.data?.response.status === 3,
  );
  expect(paid.data?.response.paid_amount).toBe(order.destination_amount);
  expect(await balance(token)).toBe(33_333);

  // Ten deliveries at once, then three more later: still one credit.
  const { body, signature } = signedGatewayBody(invoiceId);
  const answers = await Promise.all(Array.from({ length: 10 }, () => postGateway(body, signature)));
  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  for (let i = 0; i < 3; i += 1) await gatewaySim.redeliver(invoiceId);
  expect(await balance(token)).toBe(33_333);
  const list = await call(app.baseUrl, orders, { token });
  expect(list.data?.orders.rows[0]).toMatchObject({
    session_id: order.uuid,
    status: 'Confirmed',
    signature: 'BTC',
  });
  // One receipt for one credit, however many deliveries: the amount paid and the tokens.
  const receipts = await receiptsTo(user.email);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]?.subject).toBe(
    typesetText(`Receipt: 33,333 BRND for your order ${order.shop_order_id}`, 'en'),
  );
  expect(receipts[0]?.text).toContain(`${order.destination_amount}\u00a0BTC`);
  expect(receipts[0]?.text).toContain(`/user/buytoken/${order.uuid}`);
});

test('a gateway webhook with a bad signature changes nothing and answers 401; a signed one is only a hint', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  // The gateway really has the money, but its own webhooks are lost: only ours arrive. Lost from
  // the invoice's creation on: its InvoiceCreated hint, read back late on a loaded machine, would
  // find the invoice already paid and credit the order before the test's own notifications.
  gatewaySim.setWebhookUrl('http://127.0.0.1:1/lost');
  const { order, invoiceId } = await btcOrder(token);
  await gatewaySim.act(invoiceId, 'pay');
  const { body } = signedGatewayBody(invoiceId);
  const forged = await postGateway(body, signGatewayBody('not-the-secret', body));
  expect(forged.status).toBe(401);
  const changed = await postGateway(
    body.replace('store-1', 'store-2'),
    signGatewayBody(SECRET, body),
  );
  expect(changed.status).toBe(401);
  const unchanged = await call(app.baseUrl, verifyOrder, { token, params: { uuid: order.uuid } });
  expect(unchanged.data?.response.status).toBe(1);
  expect(await balance(token)).toBe(0);

  // A genuine redelivery keeps its first timestamp (BTCPay retries for an hour): it is read,
  // and what moves the order is the invoice read back from the gateway.
  const redelivered = signedGatewayBody(invoiceId, Math.floor(Date.now() / 1000) - 3600);
  expect((await postGateway(redelivered.body, redelivered.signature)).status).toBe(200);
  expect(await balance(token)).toBe(33_333);
  gatewaySim.setWebhookUrl(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`);
});

test('every gateway webhook is stored as it arrived with its outcome: refused ones with their status and reason, the accepted one', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  // Only the notifications this test sends arrive, from the invoice's creation on.
  gatewaySim.setWebhookUrl('http://127.0.0.1:1/lost');
  const { order, invoiceId } = await btcOrder(token);
  const { body } = signedGatewayBody(invoiceId);
  try {
    await gatewaySim.act(invoiceId, 'pay');
    expect((await postGateway(body, signGatewayBody('not-the-secret', body))).status).toBe(401);
    const otherStore = signedGatewayBody(invoiceId, undefined, { storeId: 'store-2' });
    expect((await postGateway(otherStore.body, otherStore.signature)).status).toBe(200);
    const genuine = signedGatewayBody(invoiceId, undefined, { deliveryId: 'd2' });
    expect((await postGateway(genuine.body, genuine.signature)).status).toBe(200);
  } finally {
    gatewaySim.setWebhookUrl(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`);
  }

  // Recorded against the order (the body names the invoice), oldest first.
  const stored = await app.db.query<{
    provider: string;
    outcome: string;
    http_status: number;
    reason: string | null;
    body: string;
    event_type: string | null;
    delivery_id: string | null;
    signature_valid: boolean;
  }>(
    `SELECT provider, outcome, http_status, reason, body, event_type, delivery_id, signature_valid
     FROM payment_notifications
     WHERE order_ref = $1 AND event_type IS DISTINCT FROM 'InvoiceCreated' ORDER BY id`,
    [order.uuid],
  );
  expect(stored).toEqual([
    {
      provider: 'gateway',
      outcome: 'refused',
      http_status: 401,
      reason: 'orders.errors.badSignature',
      body,
      // Nothing in an unsigned body is believed.
      event_type: null,
      delivery_id: null,
      signature_valid: false,
    },
    {
      // Signed, but for another store of the gateway: kept, and nothing done.
      provider: 'gateway',
      outcome: 'ignored',
      http_status: 200,
      reason: null,
      body: expect.stringContaining('store-2'),
      event_type: 'InvoiceSettled',
      delivery_id: 'd1',
      signature_valid: true,
    },
    {
      provider: 'gateway',
      outcome: 'accepted',
      http_status: 200,
      reason: null,
      body: expect.stringContaining(invoiceId),
      event_type: 'InvoiceSettled',
      delivery_id: 'd2',
      signature_valid: true,
    },
  ]);
  expect(await balance(token)).toBe(33_333);
});

test('underpaying keeps a BTC order waiting with the paid amount shown; money after expiry is late', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const { order, invoiceId } = await btcOrder(token, '50');
  await gatewaySim.act(invoiceId, 'underpay');
  const partial = await until(
    () => call(app.baseUrl, verifyOrder, { token, params: { uuid: order.uuid } }),
    (result) => result.data?.response.payment_exception === 'partial',
  );
  expect(partial.data?.response.status).toBeLessThan(3);
  expect(Number(partial.data?.response.paid_amount)).toBeGreaterThan(0);
  expect(Number(partial.data?.response.due_amount)).toBeGreaterThan(0);

  await gatewaySim.act(invoiceId, 'expire');
  await gatewaySim.act(invoiceId, 'pay');
  const late = await until(
    () => call(app.baseUrl, verifyOrder, { token, params: { uuid: order.uuid } }),
    (result) => result.data?.response.payment_exception === 'late',
  );
  expect(late.data?.response.status).toBe(6);
  expect(late.data?.response.paid_amount).toBe(order.destination_amount);
  expect(await balance(token)).toBe(0);
});

test('an overpaid BTC order is paid for its value only, with the overpayment shown', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const { order, invoiceId } = await btcOrder(token, '30');
  await gatewaySim.act(invoiceId, 'overpay');
  const paid = await until(
    () => call(app.baseUrl, verifyOrder, { token, params: { uuid: order.uuid } }),
    (result) => result.data?.response.status === 3,
  );
  expect(paid.data?.response.payment_exception).toBe('overpaid');
  expect(Number(paid.data?.response.paid_amount)).toBeGreaterThan(Number(order.destination_amount));
  expect(await balance(token)).toBe(10_000);
});

test('a BTC payment whose webhooks were all lost is found by the sweep after the quote time', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  gatewaySim.setWebhookUrl('http://127.0.0.1:1/lost');
  const { order, invoiceId } = await btcOrder(token, '3');
  try {
    await gatewaySim.act(invoiceId, 'pay');
    expect((await check(token, order.uuid)).status).toBe(1);
    await stack.orders.expireOverdue(new Date(Date.now() + 16 * 60_000));
    expect((await check(token, order.uuid)).status).toBe(3);
    expect(await balance(token)).toBe(1_000);
  } finally {
    gatewaySim.setWebhookUrl(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`);
  }
});

test('a BTC payment whose webhooks were lost is found by the sweep within a minute, before expiry', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  gatewaySim.setWebhookUrl('http://127.0.0.1:1/lost');
  const { order, invoiceId } = await btcOrder(token, '3');
  try {
    await gatewaySim.act(invoiceId, 'pay');
    // Read back a moment ago: not yet due for another read.
    await stack.orders.expireOverdue(new Date());
    expect((await check(token, order.uuid)).status).toBe(1);
    await stack.orders.expireOverdue(new Date(Date.now() + 61_000));
    expect((await check(token, order.uuid)).status).toBe(3);
    expect(await balance(token)).toBe(1_000);
  } finally {
    gatewaySim.setWebhookUrl(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`);
  }
});

test('webhooks for invoices that are not our orders are kept as ignored and answered 200', async () => {
  const { body, signature } = signedGatewayBody('not-an-invoice-of-ours');
  expect((await postGateway(body, signature)).status).toBe(200);
  const [row] = await app.db.query<{ outcome: string; order_ref: string }>(
    `SELECT outcome, order_ref FROM payment_notifications ORDER BY id DESC LIMIT 1`,
  );
  expect(row).toEqual({ outcome: 'ignored', order_ref: 'not-an-invoice-of-ours' });
});

test('an operator sees the notifications of an order whose webhooks were lost, and fetches it from the gateway again, once, audited', async () => {
  const operator = { email: `cashier-${Date.now()}@brnd.example`, password: 'Cash13r!pass' };
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), operator);
  const operatorToken = await loginToken(app.baseUrl, operator.email, operator.password);
  const { token } = await registerVerifiedUser(app.baseUrl);
  gatewaySim.setWebhookUrl('http://127.0.0.1:1/lost');
  const { order, invoiceId } = await btcOrder(token, '6');
  try {
    await gatewaySim.act(invoiceId, 'pay');
    const forgedBody = signedGatewayBody(invoiceId, undefined, { deliveryId: 'forged' }).body;
    expect((await postGateway(forgedBody, signGatewayBody('wrong', forgedBody))).status).toBe(401);
    const listed = await call(app.baseUrl, adminNotifications, {
      token: operatorToken,
      query: { order: order.uuid },
    });
    expect(listed.data?.notifications.filter((row) => row.event_type !== 'InvoiceCreated')).toEqual(
      [
        expect.objectContaining({
          order_ref: order.uuid,
          outcome: 'refused',
          signature_valid: false,
          reason: 'orders.errors.badSignature',
        }),
      ],
    );
    expect((await check(token, order.uuid)).status).toBe(1);

    const answers = await Promise.all(
      [1, 2].map(() =>
        call(app.baseUrl, resyncOrder, { token: operatorToken, params: { id: order.uuid } }),
      ),
    );
    expect(answers.map((answer) => answer.data?.order.status)).toEqual(['paid', 'paid']);
    expect(await balance(token)).toBe(2_000);
    const audit = await call(app.baseUrl, auditLog, {
      token: operatorToken,
      query: { action: 'order.resync' },
    });
    expect(
      audit.data?.entries.filter((entry) => entry.subject === order.uuid).map((e) => e.actor_email),
    ).toEqual([operator.email, operator.email]);
  } finally {
    gatewaySim.setWebhookUrl(`${app.baseUrl}${GATEWAY_WEBHOOK_PATH}`);
  }
  // An ETH order has no invoice to fetch; a customer is not an operator.
  const eth = await call(app.baseUrl, buyTokens, {
    token,
    body: { amount: '10', selected_payMethod: 'ETH' },
  });
  const refusedEth = await call(app.baseUrl, resyncOrder, {
    token: operatorToken,
    params: { id: eth.data?.response.uuid ?? '' },
  });
  expect(refusedEth.status).toBe(409);
  expect(refusedEth.error?.messageId).toBe('finance.orders.errors.notGatewayOrder');
  const notOperator = await call(app.baseUrl, resyncOrder, { token, params: { id: order.uuid } });
  expect(notOperator.status).toBe(403);
});

async function check(token: string, uuid: string) {
  const result = await call(app.baseUrl, verifyOrder, { token, params: { uuid } });
  if (!result.data) throw new Error(`verify answered ${result.status}`);
  return result.data.response;
}

async function cardOrder(token: string, pln = 101, quoted = 8333) {
  const response = await fetch(`${cardSim.url}${cardProviderInit.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      emailAddress: 'ada@example.com',
      emailConfirm: 'ada@example.com',
      phoneNumber: '+48512345678',
      name: 'Ada',
      surname: 'Lovelace',
      quotedCurrency: 'PLN',
      baseCurrency: 'BRND',
      cryptoValue: quoted,
      fiatValue: pln,
      pageLang: 'en',
      transactionType: 'buy',
    }),
  });
  const init = (await response.json()) as { cashTxHash: string; secondStepUrl: string };
  const recorded = await call(app.baseUrl, kantor, {
    token,
    // Amounts the browser sends are ignored: the provider's record decides.
    body: {
      cashTxHash: init.cashTxHash,
      amount: '1000000',
      brnd_tokens: '99999999',
      tokeneo_response: '{}',
    },
  });
  return { init, recorded };
}

function postCard(body: string, signature: string) {
  return fetch(`${app.baseUrl}${CARD_CALLBACK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body,
  });
}

test('a card order is built from the provider record, credited once on its signed callback', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const { init, recorded } = await cardOrder(token);
  expect(recorded.status).toBe(200);
  expect(recorded.data?.secondStepUrl).toBe(init.secondStepUrl);
  const again = await cardOrder(token);
  expect(again.recorded.status).toBe(429);
  expect(again.recorded.error?.message).toBe('Please wait 30 seconds before buying again.');

  await cardSim.act(init.cashTxHash, 'pay');
  // 101 PLN / 4.04 = 25 USD at 0.003 USD = 8,333 BRND.
  await until(
    () => balance(token),
    (tokens) => tokens === 8_333,
  );

  const body = JSON.stringify({
    cashTxHash: init.cashTxHash,
    status: 'paid',
    quotedCurrencyAmount: 101,
    baseCurrencyAmount: 8333,
  });
  const signature = signCardCallback(CARD_SECRET, body, Math.floor(Date.now() / 1000));
  const answers = await Promise.all(Array.from({ length: 10 }, () => postCard(body, signature)));
  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  for (let i = 0; i < 3; i += 1) await cardSim.redeliver(init.cashTxHash);
  expect(await balance(token)).toBe(8_333);
  const config = await call(app.baseUrl, sale);
  expect(config.data?.raised).toBeGreaterThanOrEqual(25);
  const receipts = await receiptsTo(user.email);
  expect(receipts).toHaveLength(1);
  // Money in the reader's currency format (Intl): PLN 101.00 in English, 101,00 zł in Polish.
  expect(receipts[0]?.text).toContain('PLN\u00a0101.00');
  expect(receipts[0]?.text).toContain(typesetText('8,333 BRND', 'en'));
});

test('a card order credits exactly the BRND the buy page quoted for its PLN (one rounding rule)', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const terms = (await call(app.baseUrl, sale)).data;
  if (!terms) throw new Error('no sale');
  // 49.99 PLN: rounding to USD cents first would have credited one BRND less than quoted.
  const quoted = tokensForPln(49.99, terms.plnPerUsd, terms.price);
  const { init, recorded } = await cardOrder(token, 49.99, quoted);
  expect(recorded.status).toBe(200);
  expect(init).toMatchObject({ baseCurrencyAmount: quoted });
  await cardSim.act(init.cashTxHash, 'pay');
  await until(
    () => balance(token),
    (tokens) => tokens === quoted,
  );
  const rows = (await call(app.baseUrl, orders, { token })).data?.orders.rows;
  expect(rows?.[0]).toMatchObject({ signature: 'PLN', brnd_tokens: quoted, status: 'Confirmed' });
});

test('a card order nobody paid expires after the provider window; a late paid callback still credits it', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const { init } = await cardOrder(token);
  const listed = async () => (await call(app.baseUrl, orders, { token })).data?.orders.rows[0];
  expect(await listed()).toMatchObject({ session_id: init.cashTxHash, status: 'Pending' });
  await stack.orders.expireOverdue(new Date(Date.now() + CARD_PAYMENT_WINDOW_MS - 60_000));
  expect((await listed())?.status).toBe('Pending');
  await stack.orders.expireOverdue(new Date(Date.now() + CARD_PAYMENT_WINDOW_MS + 1_000));
  expect((await listed())?.status).toBe('Canceled');
  // The provider took the money after all: it is credited at the order's price, once.
  await cardSim.act(init.cashTxHash, 'pay');
  await until(
    () => balance(token),
    (tokens) => tokens === 8_333,
  );
  expect((await listed())?.status).toBe('Confirmed');
});

test('the card order call under one Idempotency-Key records once, even racing, and answers the first result', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const { init } = await cardOrder('no-session-so-nothing-is-recorded');
  const record = () =>
    call(app.baseUrl, kantor, {
      token,
      headers: { 'idempotency-key': 'card-attempt-1' },
      body: {
        cashTxHash: init.cashTxHash,
        amount: '101',
        brnd_tokens: '8333',
        tokeneo_response: '{}',
      },
    });
  const answers = await Promise.all(Array.from({ length: 5 }, record));
  // Not "already recorded", nor the 30-second gap: the first answer, five times.
  expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
  expect(new Set(answers.map((answer) => answer.data?.secondStepUrl))).toEqual(
    new Set([init.secondStepUrl]),
  );
  const [rows] = await app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM card_orders c JOIN users u ON u.id = c.user_id
     WHERE u.email = $1`,
    [user.email],
  );
  expect(rows?.n).toBe(1);
  const other = await call(app.baseUrl, kantor, {
    token,
    headers: { 'idempotency-key': 'card-attempt-1' },
    body: {
      cashTxHash: 'another-hash',
      amount: '101',
      brnd_tokens: '8333',
      tokeneo_response: '{}',
    },
  });
  expect(other.status).toBe(422);
  expect(other.error?.messageId).toBe('orders.errors.idempotencyMismatch');
});

test('a card callback with a bad signature, an old timestamp or a changed amount credits nothing', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const { init } = await cardOrder(token);
  const now = Math.floor(Date.now() / 1000);
  const honest = JSON.stringify({
    cashTxHash: init.cashTxHash,
    status: 'paid',
    quotedCurrencyAmount: 101,
    baseCurrencyAmount: 8333,
  });
  expect((await postCard(honest, signCardCallback('wrong', honest, now))).status).toBe(401);
  expect((await postCard(honest, signCardCallback(CARD_SECRET, honest, now - 3600))).status).toBe(
    400,
  );
  const inflated = honest.replace('8333', '83330');
  expect((await postCard(inflated, signCardCallback(CARD_SECRET, inflated, now))).status).toBe(409);
  expect(await balance(token)).toBe(0);
  const list = await call(app.baseUrl, orders, { token });
  expect(list.data?.orders.rows[0]).toMatchObject({
    session_id: init.cashTxHash,
    status: 'Pending',
    signature: 'PLN',
  });
});

test('a card payment that fails at the provider is listed as failed and credits nothing', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const { init } = await cardOrder(token);
  // The buyer presses "fail" on the provider's second step and lands on a page that says so.
  const back = await fetch(`${init.secondStepUrl}/fail`, { method: 'POST', redirect: 'manual' });
  expect(back.status).toBe(303);
  expect(back.headers.get('location')).toMatch(/\/buysuccess\?status=failed$/);
  const list = await until(
    () => call(app.baseUrl, orders, { token }),
    (result) => result.data?.orders.rows[0]?.status === 'Failed',
  );
  expect(list.data?.orders.rows[0]).toMatchObject({
    session_id: init.cashTxHash,
    signature: 'PLN',
  });
  expect(await balance(token)).toBe(0);
});

test('1,000 ETH orders created in parallel get 1,000 distinct deposit addresses', async () => {
  // 1,000 buyers (each may hold only MAX_OPEN_ORDERS_PER_METHOD open orders), one order each.
  const run = Date.now().toString(36);
  const users = await app.db.query<{ id: string }>(
    `INSERT INTO users (name, email, mobile, password_hash, referral_code)
     SELECT 'Buyer ' || i, 'buyer-' || $1 || '-' || i || '@example.com',
       '+4850' || lpad(i::text, 7, '0'), 'not-a-password', 'B' || $1 || i
     FROM generate_series(1, 1000) AS i RETURNING id::text`,
    [run],
  );
  const created = await Promise.all(
    users.map((user) => stack.orders.buyTokens(user.id, { usd: 10, currency: 'ETH' })),
  );
  const addresses = new Set(created.map((order) => order.blockchain_address));
  expect(addresses.size).toBe(1000);
  const [count] = await app.db.query<{ n: number }>(
    `SELECT count(DISTINCT deposit_address)::int AS n FROM crypto_orders
     WHERE user_id = ANY($1::uuid[]) AND currency = 'ETH'`,
    [users.map((user) => user.id)],
  );
  expect(count?.n).toBe(1000);
});

test("20 parallel payment confirmations of B's order credit A, who referred B, 10 % of B's tokens once", async () => {
  const a = await registerVerifiedUser(app.baseUrl);
  const code = (await call(app.baseUrl, referrals, { token: a.token })).data?.orders.rows[0]?.code;
  const b = await registerVerifiedUser(app.baseUrl, {
    ...newUser(),
    referral_code: code ?? '',
  } as ReturnType<typeof newUser>);
  expect(await balance(a.token)).toBe(10);

  const { order, invoiceId } = await btcOrder(b.token);
  await gatewaySim.act(invoiceId, 'pay');
  const { body, signature } = signedGatewayBody(invoiceId);
  await Promise.all(Array.from({ length: 20 }, () => postGateway(body, signature)));
  await until(
    () => call(app.baseUrl, verifyOrder, { token: b.token, params: { uuid: order.uuid } }),
    (result) => result.data?.response.status === 3,
  );
  await app.settled();

  expect(await balance(b.token)).toBe(33_333);
  // 10 for B's sign-up, plus 10 % of B's 33,333 tokens.
  expect(await balance(a.token)).toBeCloseTo(10 + 3_333.3, 6);
  const table = await call(app.baseUrl, referrals, { token: a.token });
  expect(table.data?.orders.rows[0]).toMatchObject({ clicks: 0, signups: 1 });
  expect(table.data?.orders.rows[0]?.tokens).toBeCloseTo(3_343.3, 6);
});
