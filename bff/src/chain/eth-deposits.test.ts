import { buyTokens, verifyOrder } from '@brnd/contracts/api/orders';
import { wallet } from '@brnd/contracts/api/wallet';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { jsonRpcProvider } from '@brnd/contracts/chain/connect';
import { Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSaleWatcher, type SaleWatcher } from '../jobs/sale-watch.ts';
import { seedLiveSale, type SaleService } from '../services/sale.ts';
import type { OrderService } from '../services/orders/service.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';

let anvil: Anvil;
let app: TestApp;
let provider: JsonRpcProvider;
let stack: { sales: SaleService; orders: OrderService };
let watcher: SaleWatcher;

beforeAll(async () => {
  anvil = await startAnvil();
  provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
  app = await startTestApp({
    sale: () => ({
      chainId: anvil.chainId,
      // Two blocks: the payment's own and one more, so the confirming step is visible.
      ethConfirmations: 2,
      usdPerEth: 2000,
    }),
  });
  stack = app.services;
  await seedLiveSale(stack.sales);
  // Ticks are driven by the test, so each step is observed.
  watcher = startSaleWatcher({
    orders: stack.orders,
    provider,
    logger: console as never,
    intervalMs: 0,
  });
});

afterAll(async () => {
  await watcher?.stop();
  await app?.close();
  provider?.destroy();
  await anvil?.stop();
});

/** A buyer's own wallet on the dev chain (one anvil account per test, so nonces never clash). */
function payer(index: number) {
  return new Wallet(anvil.accounts[index]?.privateKey as string, provider);
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

async function check(token: string, uuid: string) {
  const result = await call(app.baseUrl, verifyOrder, { token, params: { uuid } });
  if (!result.data) throw new Error(`verify answered ${result.status}`);
  return result.data.response;
}

async function tokens(token: string) {
  return (await call(app.baseUrl, wallet, { token })).data?.wallet[0]?.brnd_tokens;
}

test('an ETH order paid from a wallet on the dev chain is confirmed by the watcher and credited once', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(token);
  // 100 USD at 2,000 USD/ETH.
  expect(order).toMatchObject({ destination_amount: '0.05', brnd_tokens: 33_333, status: 1 });
  expect(order.payment_uri).toBe(
    `ethereum:${order.blockchain_address}@${anvil.chainId}?value=50000000000000000`,
  );

  const sent = await payer(1).sendTransaction({
    to: order.blockchain_address,
    value: 50_000_000_000_000_000n,
  });
  await sent.wait();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 2, confirmations: 1 });
  expect(await tokens(token)).toBe(0);

  await provider.send('evm_mine', []);
  await watcher.tick();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({
    status: 3,
    paid_amount: '0.05',
    due_amount: '0',
    payment_exception: null,
  });
  expect(await tokens(token)).toBe(33_333);
});

test('a partial ETH payment keeps the order waiting with the paid amount shown', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(token, '40');
  expect(order.destination_amount).toBe('0.02');
  await (
    await payer(2).sendTransaction({ to: order.blockchain_address, value: 5_000_000_000_000_000n })
  ).wait();
  await provider.send('evm_mine', []);
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({
    status: 1,
    paid_amount: '0.005',
    due_amount: '0.015',
    payment_exception: 'partial',
  });
  expect(await tokens(token)).toBe(0);
});

test('money arriving after the quote expired is recorded as late and not credited', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(token, '20');
  // The quote's 15 minutes have passed.
  await app.db.query(
    "UPDATE crypto_orders SET expires_at = now() - interval '1 minute' WHERE uuid = $1",
    [order.uuid],
  );
  await watcher.tick();
  expect((await check(token, order.uuid)).status).toBe(6);

  await (
    await payer(3).sendTransaction({ to: order.blockchain_address, value: 10_000_000_000_000_000n })
  ).wait();
  await provider.send('evm_mine', []);
  await watcher.tick();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({
    status: 6,
    paid_amount: '0.01',
    payment_exception: 'late',
  });
  expect(await tokens(token)).toBe(0);
});

async function seenBlock(uuid: string) {
  const [row] = await app.db.query<{ seen_block: string | null }>(
    'SELECT seen_block::text FROM crypto_orders WHERE uuid = $1',
    [uuid],
  );
  return row?.seen_block;
}

test('a deposit a reorg removes is forgotten: money paid again later needs its own confirmations', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(token, '10');
  const snapshot = await provider.send('evm_snapshot', []);
  await (
    await payer(4).sendTransaction({ to: order.blockchain_address, value: 5_000_000_000_000_000n })
  ).wait();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 2, confirmations: 1 });
  expect(await seenBlock(order.uuid)).not.toBeNull();

  // A reorg takes the payment's block away; the watcher sees the balance fall back.
  await provider.send('evm_revert', [snapshot]);
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 1, paid_amount: '0' });
  expect(await seenBlock(order.uuid)).toBeNull();

  // Later blocks, then the money again: it has one confirmation, not three.
  await provider.send('evm_mine', []);
  await provider.send('evm_mine', []);
  await (
    await payer(4).sendTransaction({ to: order.blockchain_address, value: 5_000_000_000_000_000n })
  ).wait();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 2, confirmations: 1 });
  expect(await tokens(token)).toBe(0);
  await provider.send('evm_mine', []);
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 3 });
  expect(await tokens(token)).toBe(3_333);
});

test('a payment replaced by a reorg the watcher never saw is credited only at its own depth', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const order = await ethOrder(token, '10');
  const snapshot = await provider.send('evm_snapshot', []);
  await (
    await payer(5).sendTransaction({ to: order.blockchain_address, value: 5_000_000_000_000_000n })
  ).wait();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 2, confirmations: 1 });

  // The reorg happens between two passes: the balance never looks lower to the watcher.
  await provider.send('evm_revert', [snapshot]);
  await provider.send('evm_mine', []);
  await provider.send('evm_mine', []);
  await (
    await payer(5).sendTransaction({ to: order.blockchain_address, value: 5_000_000_000_000_000n })
  ).wait();
  await watcher.tick();
  expect(await check(token, order.uuid)).toMatchObject({ status: 2, confirmations: 1 });
  expect(await tokens(token)).toBe(0);
});
