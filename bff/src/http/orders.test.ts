import type { Anvil } from '@brnd/contracts/chain/anvil';
import { orders } from '@brnd/contracts/api/orders';
import { PAYOUT_SIGNATURE, claimPayout } from '@brnd/contracts/api/wallet';
import { JsonRpcProvider, Wallet } from 'ethers';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ONE_TOKEN } from '../services/ledger.ts';
import type { TestApp } from '../testing.ts';
import { startChainTestApp, until, userWithTokens } from '../testing/chain-app.ts';
import { call, proveWallet, registerVerifiedUser } from '../testing/http.ts';

let anvil: Anvil;
let app: TestApp;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

test('the transactions list needs a signed-in user', async () => {
  const response = await call(app.baseUrl, orders);
  expect(response.status).toBe(401);
});

test('a new user has no transactions', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const response = await call(app.baseUrl, orders, { token });
  expect(response.status).toBe(200);
  expect(response.data).toEqual({ orders: { rows: [], count: 0 } });
});

test('a claimed payout shows as Pending until the chain confirms it, then Confirmed', async () => {
  const { token } = await userWithTokens(app, 1_500n);
  await proveWallet(app.baseUrl, token, Wallet.createRandom());
  // With automining off the transfer waits in the mempool, so Pending is observable.
  const node = new JsonRpcProvider(anvil.rpcUrl);
  await node.send('evm_setAutomine', [false]);
  try {
    expect(
      (await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: 1_500 } })).status,
    ).toBe(202);
    const pending = (await call(app.baseUrl, orders, { token })).data?.orders;
    expect(pending?.count).toBe(1);
    expect(pending?.rows[0]).toMatchObject({
      brnd_tokens: 1_500,
      token_price: 0,
      amount: 0,
      signature: PAYOUT_SIGNATURE,
      status: 'Pending',
    });
  } finally {
    await node.send('evm_setAutomine', [true]);
  }
  const confirmed = await until(
    async () => {
      await node.send('evm_mine', []);
      return (await call(app.baseUrl, orders, { token })).data?.orders.rows ?? [];
    },
    (rows) => rows[0]?.status === 'Confirmed',
  );
  expect(confirmed).toHaveLength(1);
  node.destroy();
});

test('transactions come newest first and page with limit and offset', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const [row] = await app.db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1)',
    [user.email],
  );
  // Settled rows written directly: paging is about the list, not the chain.
  for (let minutesAgo = 1; minutesAgo <= 7; minutesAgo += 1) {
    await app.db.query(
      `INSERT INTO payouts (user_id, to_address, amount, status, chain_id, created_at)
       VALUES ($1, $2, $3, 'failed', $4, now() - make_interval(mins => $5))`,
      [
        row?.id,
        Wallet.createRandom().address,
        String(BigInt(minutesAgo) * ONE_TOKEN),
        anvil.chainId,
        minutesAgo,
      ],
    );
  }
  const page = async (query: string) => {
    const response = await fetch(`${app.baseUrl}${orders.path}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return v.parse(orders.response, await response.json());
  };
  const first = await page('limit=5&offset=0');
  expect(first.orders.count).toBe(7);
  expect(first.orders.rows.map((transaction) => transaction.brnd_tokens)).toEqual([1, 2, 3, 4, 5]);
  expect(first.orders.rows.every((transaction) => transaction.status === 'Failed')).toBe(true);
  const second = await page('limit=5&offset=5');
  expect(second.orders.rows.map((transaction) => transaction.brnd_tokens)).toEqual([6, 7]);
  const all = (await call(app.baseUrl, orders, { token })).data;
  expect(all?.orders.rows).toHaveLength(7);
});
