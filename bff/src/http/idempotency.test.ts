import { buyTokens } from '@brnd/contracts/api/orders';
import { MAX_OPEN_ORDERS_PER_METHOD } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedLiveSale, type SaleService } from '../services/sale.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';

/**
 * `Idempotency-Key` on order creation (docs/decisions/027) with real parallel requests against
 * the bff and its PostgreSQL: whatever races, one key makes one order.
 */

let app: TestApp;
let sales: SaleService;

beforeAll(async () => {
  app = await startTestApp();
  sales = app.services.sales;
  await seedLiveSale(sales);
});
afterAll(() => app?.close());

function buy(token: string, amount: string, key?: string) {
  return call(app.baseUrl, buyTokens, {
    token,
    body: { amount, selected_payMethod: 'ETH' },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function ordersOf(email: string) {
  const [row] = await app.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM crypto_orders o JOIN users u ON u.id = o.user_id
     WHERE u.email = $1`,
    [email],
  );
  return row?.count;
}

test('20 parallel requests with one key and body make one order and all answer it', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const answers = await Promise.all(Array.from({ length: 20 }, () => buy(token, '100', 'k-1')));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  const uuids = new Set(answers.map((answer) => answer.data?.response.uuid));
  expect(uuids.size).toBe(1);
  expect(await ordersOf(user.email)).toBe(1);
  // Later, the same key still answers the same order, with the same deposit address.
  const again = await buy(token, '100', 'k-1');
  expect(again.data?.response).toEqual(answers[0]?.data?.response);
  expect(await ordersOf(user.email)).toBe(1);
});

test('racing one key with two bodies: one order, the other body is refused with 422', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, index) => buy(token, index % 2 ? '100' : '200', 'k-2')),
  );
  const made = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 422);
  expect(made.length + refused.length).toBe(10);
  expect(new Set(made.map((answer) => answer.data?.response.value)).size).toBe(1);
  expect(new Set(made.map((answer) => answer.data?.response.uuid)).size).toBe(1);
  expect(refused[0]?.error?.messageId).toBe('orders.errors.idempotencyMismatch');
  expect(refused[0]?.error?.message).toMatch(/same Idempotency-Key but different details/);
  expect(await ordersOf(user.email)).toBe(1);
});

test('a key whose first attempt failed is free: the retry really retries', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  // 0.001 USD buys no whole token: refused, nothing made.
  const failed = await buy(token, '0.001', 'k-3');
  expect(failed.status).toBe(400);
  const retried = await buy(token, '100', 'k-3');
  expect(retried.status).toBe(200);
  expect(await ordersOf(user.email)).toBe(1);
});

test('keys belong to their user: the same key of two users makes two orders', async () => {
  const first = await registerVerifiedUser(app.baseUrl);
  const second = await registerVerifiedUser(app.baseUrl);
  const [a, b] = await Promise.all([
    buy(first.token, '100', 'shared'),
    buy(second.token, '100', 'shared'),
  ]);
  expect(a?.status).toBe(200);
  expect(b?.status).toBe(200);
  expect(a?.data?.response.uuid).not.toBe(b?.data?.response.uuid);
});

test(`10 parallel orders without a key: ${MAX_OPEN_ORDERS_PER_METHOD} are made, the rest refused with the limit`, async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const answers = await Promise.all(Array.from({ length: 10 }, () => buy(token, '50')));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([
    ...Array(MAX_OPEN_ORDERS_PER_METHOD).fill(200),
    ...Array(10 - MAX_OPEN_ORDERS_PER_METHOD).fill(409),
  ]);
  for (const refused of answers.filter((answer) => answer.status === 409)) {
    expect(refused.error).toMatchObject({
      messageId: 'orders.errors.tooManyOpenOrders',
      values: { limit: MAX_OPEN_ORDERS_PER_METHOD },
    });
  }
  expect(await ordersOf(user.email)).toBe(MAX_OPEN_ORDERS_PER_METHOD);
  // An order whose quote expired no longer counts.
  await app.db.query(
    `UPDATE crypto_orders SET expires_at = now() - interval '1 second'
     WHERE uuid = $1`,
    [answers.find((answer) => answer.status === 200)?.data?.response.uuid],
  );
  expect((await buy(token, '50')).status).toBe(200);
});
