import { randomUUID } from 'node:crypto';
import { closeContestMonth } from '@brnd/contracts/api/admin-contest';
import { vote, voteStatus } from '@brnd/contracts/api/brands';
import { claimPayout, payouts, wallet } from '@brnd/contracts/api/wallet';
import {
  CONTEST_PRIZE_BRND,
  ORDER_STATUS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import { expect, test } from '@playwright/test';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import pg from 'pg';
import { trendWeight, VOTE_REWARD_BASE_UNITS } from '@brnd/bff/votes';
import { call, loginToken, proveWallet, registerVerifiedUser } from '@brnd/bff/testing/http';
import { startCluster, type Cluster } from '../cluster/cluster.ts';
import { DEV_WALLETS, order, payEthOrder } from './sale.ts';

/**
 * The platform as deployed (docs/deploy.md): three replicas on one PostgreSQL and one chain
 * behind nginx with deploy/nginx.conf. Users sign up, vote, buy, withdraw and an operator closes
 * a month while one replica dies; every vote, token and prize is counted exactly once.
 */

const CLOSED_MONTH = '2025-03';
let cluster: Cluster;
let db: pg.Client;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const basePort = Number(process.env.E2E_CLUSTER_PORT) || undefined;
  cluster = await startCluster({ replicas: 3, ...(basePort ? { basePort } : {}) });
  db = new pg.Client({ connectionString: cluster.services.databaseUrl });
  await db.connect();
});

test.afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

async function rows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, values)).rows as T[];
}

/** Network errors and a 5xx from a dying replica are asked again, like a client would. */
async function retried<T extends { status: number }>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const result = await attempt().catch(() => ({ status: 0 }) as T);
    if (result.status !== 0 && result.status < 500) return result;
    if (tries === 5) throw new Error(`still failing (${result.status}) after ${tries} tries`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Reads an order's event stream on one replica until `done` accepts an event. */
async function watchOrder(
  baseUrl: string,
  token: string,
  uuid: string,
  done: (data: { status: number }) => boolean,
) {
  const response = await fetch(`${baseUrl}/api/orders/${uuid}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const statuses: number[] = [];
  let buffered = '';
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) throw new Error(`stream ended after ${statuses.join(', ')}`);
    buffered += value;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const data = /^data: (.*)$/m.exec(buffered.slice(0, end))?.[1];
      buffered = buffered.slice(end + 2);
      if (!data) continue;
      const order = JSON.parse(data) as { status: number };
      statuses.push(order.status);
      if (done(order)) {
        await reader.cancel();
        return statuses;
      }
    }
  }
}

test('three replicas behind nginx: nothing lost, duplicated or stuck when one dies', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { proxyUrl, replicaUrls } = cluster;
  const [voter, buyer, owner] = await Promise.all(
    [0, 1, 2].map(() => registerVerifiedUser(proxyUrl)),
  );

  // The buyer's browser holds its connection to replica 1; an API client watches on replica 0.
  const context = await browser.newContext({ baseURL: replicaUrls[1] });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(buyer!.user.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer!.user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const before = (await call(proxyUrl, wallet, { token: buyer!.token })).data!.wallet[0]!;
  let streamOpenedAt = Infinity;
  const pollsWhileStreaming: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/orders\/[^/]+\/events$/.test(response.url()) && response.status() === 200) {
      streamOpenedAt = Date.now();
    }
  });
  page.on('request', (request) => {
    if (request.url().includes('/api/orders/verify/') && Date.now() > streamOpenedAt) {
      pollsWhileStreaming.push(request.url());
    }
  });
  const tokens = await order(page, 'Ether (ETH)', '100');
  await expect(page).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);
  const uuid = page.url().split('/').pop()!;
  await expect.poll(() => streamOpenedAt).toBeLessThan(Infinity);
  const pushedOnReplica0 = watchOrder(
    replicaUrls[0]!,
    buyer!.token,
    uuid,
    (o) => o.status === ORDER_STATUS.PAID,
  );

  // Voting to the limit through the proxy, every brand at once; replica 2 dies meanwhile.
  const brandIds = (await rows<{ id: string }>('SELECT id::text FROM brands ORDER BY id')).map(
    (row) => row.id,
  );
  expect(brandIds.length).toBeGreaterThan(VOTES_PER_WINDOW);
  const answers = brandIds.map((brandId) =>
    retried(() => call(proxyUrl, vote, { token: voter!.token, body: { brand_id: brandId } })),
  );
  await cluster.kill(2);
  const statuses = (await Promise.all(answers)).map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(VOTES_PER_WINDOW);
  const cast = await rows<{ brand_id: string }>(
    'SELECT brand_id::text FROM votes v JOIN users u ON u.id = v.user_id WHERE u.email = $1',
    [voter!.user.email],
  );
  expect(cast.length).toBe(VOTES_PER_WINDOW);
  expect(new Set(cast.map((row) => row.brand_id)).size).toBe(VOTES_PER_WINDOW);
  const status = await retried(() => call(proxyUrl, voteStatus, { token: voter!.token }));
  expect(status.data?.votesLeft).toBe(0);
  const voterWallet = await retried(() => call(proxyUrl, wallet, { token: voter!.token }));
  expect(voterWallet.data!.wallet[0]!.brnd_tokens).toBe(VOTES_PER_WINDOW);

  // The ETH order: paid on chain, credited by whichever replica's watcher sees it first, pushed
  // to the browser on replica 1 and the stream on replica 0 (no polling while streaming).
  await payEthOrder(page, DEV_WALLETS.saleBuyer);
  expect(await pushedOnReplica0).toContain(ORDER_STATUS.PAID);
  expect(pollsWhileStreaming).toEqual([]);
  const after = (await retried(() => call(proxyUrl, wallet, { token: buyer!.token }))).data!;
  expect(after.wallet[0]!.brnd_tokens).toBe(before.brnd_tokens + tokens);
  await context.close();

  // A payout, claimed twice at once: one transfer of the whole balance, settled on chain.
  // Paid only to a wallet the buyer proved by signing (decision 042).
  const payoutWallet = Wallet.createRandom();
  const address = payoutWallet.address;
  const proved = await retried(() =>
    proveWallet(proxyUrl, buyer!.token, payoutWallet, buyer!.user.password),
  );
  expect(proved.status).toBe(200);
  // The same claim sent twice at once (a double click, a retry): one payout, both answers name it.
  const claim = {
    token: buyer!.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { brnd_tokens: String(after.wallet[0]!.brnd_tokens) },
  };
  const claims = await Promise.all(
    [0, 1].map(() => retried(() => call(proxyUrl, claimPayout, claim))),
  );
  expect(new Set(claims.map((answer) => answer.data?.payout.id)).size).toBe(1);
  await expect
    .poll(
      async () =>
        (await call(proxyUrl, payouts, { token: buyer!.token })).data?.payouts.map((p) => p.status),
      { timeout: 30_000 },
    )
    .toEqual(['confirmed']);
  const [payout] = (await call(proxyUrl, payouts, { token: buyer!.token })).data!.payouts;
  const chain = new JsonRpcProvider(cluster.services.rpcUrl);
  const brnd = new Contract(
    cluster.services.contracts.brnd,
    ['function balanceOf(address) view returns (uint256)'],
    chain,
  );
  expect(String(await brnd.getFunction('balanceOf')(address))).toBe(payout!.amount);
  chain.destroy();

  // An ended month with votes, closed by the operator on both surviving replicas at once.
  const [winner] = await rows<{ id: string }>(
    `INSERT INTO brands (name, website, owner_id)
     VALUES ('Scale Out Winner', 'scale-out-winner.example', (SELECT id FROM users WHERE email = $1))
     RETURNING id::text`,
    [owner!.user.email],
  );
  for (const [index, someone] of [voter, buyer].entries()) {
    const at = new Date(`${CLOSED_MONTH}-1${index}T10:00:00Z`);
    await db.query(
      `SELECT outcome FROM cast_vote((SELECT id FROM users WHERE email = $1), $2, $3, $4, $5, $6)`,
      [someone!.user.email, winner!.id, at, CLOSED_MONTH, trendWeight(at), VOTE_REWARD_BASE_UNITS],
    );
  }
  const operatorToken = await loginToken(
    proxyUrl,
    cluster.services.operator.email,
    cluster.services.operator.password,
  );
  const ownerBefore = (await call(proxyUrl, wallet, { token: owner!.token })).data!.wallet[0]!;
  const closes = await Promise.all(
    replicaUrls
      .slice(0, 2)
      .map((url) =>
        call(url, closeContestMonth, { token: operatorToken, body: { month: CLOSED_MONTH } }),
      ),
  );
  expect(closes.map((close) => close.status)).toEqual([200, 200]);
  expect(closes.filter((close) => close.data!.closed_now)).toHaveLength(1);
  const ownerAfter = (await call(proxyUrl, wallet, { token: owner!.token })).data!.wallet[0]!;
  expect(ownerAfter.brnd_tokens).toBe(ownerBefore.brnd_tokens + CONTEST_PRIZE_BRND);

  // Nothing stuck: the proxy still serves from the survivors, every order settled.
  expect((await fetch(`${proxyUrl}/api/ready`)).status).toBe(200);
  const open = await rows<{ n: string }>(
    `SELECT count(*)::text AS n FROM payouts WHERE status NOT IN ('confirmed', 'failed')`,
  );
  expect(open[0]!.n).toBe('0');
});
