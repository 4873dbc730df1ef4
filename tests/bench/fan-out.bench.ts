import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { setUpVerifyBench } from './setup/orders.ts';
import pg from 'pg';
import { registerVerifiedUser } from '@brnd/bff/testing/http';
import { startCluster } from '../cluster/cluster.ts';
import { goal } from './support.ts';

/**
 * Issue #20's figures for a deployment of several replicas:
 * - fan-out: an order changed in PostgreSQL (by whichever replica or job) until a browser's
 *   stream on another replica carries it (NOTIFY → LISTEN → read → send);
 * - the buy page's poll, GET /api/orders/verify/{uuid}, at a steady 1,000 requests/s over 5,000
 *   open orders from a separate process, next to a bare node:http + pg handler on the same data.
 */

const FAN_OUT_SAMPLES = 40;
const FAN_OUT_P99_GOAL_MS = 250;
const POLL_RATE = 1_000;
const POLL_SECONDS = 8;
const POLL_P99_GOAL_MS = 50;
const OPEN_ORDERS = 5_000;

const execFileAsync = promisify(execFile);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Yields each `data:` of an event stream as it arrives. */
async function* events(response: Response): AsyncGenerator<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const data = /^data: (.*)$/m.exec(buffered.slice(0, end))?.[1];
      buffered = buffered.slice(end + 2);
      if (data) yield data;
    }
  }
}

async function fanOut(): Promise<Record<string, string>> {
  const cluster = await startCluster({ replicas: 2 });
  const db = new pg.Client({ connectionString: cluster.services.databaseUrl });
  await db.connect();
  try {
    const { user, token } = await registerVerifiedUser(cluster.replicaUrls[0]!);
    const uuid = randomUUID();
    await db.query(
      `INSERT INTO crypto_orders (uuid, user_id, currency, usd, token_price, tokens, expected_units,
         deposit_address, gateway_invoice_id, payment_uri, required_confirmations, expires_at)
       VALUES ($1, (SELECT id FROM users WHERE email = $2), 'BTC', 50, 0.002, 25000, 100000,
         'bc1qbench', $3, 'bitcoin:x', 1, now() + interval '1 hour')`,
      [uuid, user.email, `inv-${uuid}`],
    );
    const controller = new AbortController();
    const response = await fetch(`${cluster.replicaUrls[1]}/api/orders/${uuid}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const stream = events(response);
    await stream.next(); // the state at connection
    const latencies: number[] = [];
    for (let sample = 0; sample < FAN_OUT_SAMPLES; sample += 1) {
      const started = performance.now();
      // Waiting ⇄ confirming: a change the stream must carry each time.
      await db.query('UPDATE crypto_orders SET status = $2, updated_at = now() WHERE uuid = $1', [
        uuid,
        sample % 2 === 0 ? 2 : 1,
      ]);
      await stream.next();
      latencies.push(performance.now() - started);
    }
    controller.abort();
    return {
      'fan-out, commit → stream on another replica': `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${goal(percentile(latencies, 99), FAN_OUT_P99_GOAL_MS, 'below', 1)} ms`,
      'fan-out samples': `${FAN_OUT_SAMPLES}, 2 replicas on one PostgreSQL`,
    };
  } finally {
    await db.end();
    await cluster.stop();
  }
}

async function steadyLoad(url: string, token: string, orders: string[]) {
  const paths = orders.slice(0, 500).map((uuid) => `/api/orders/verify/${uuid}`);
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'steady-load.ts'),
      url,
      String(POLL_RATE),
      String(POLL_SECONDS),
      token,
      ...paths,
    ],
    { maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    perSecond: number;
    p50: number;
    p99: number;
    failed: number;
  };
  if (result.failed > 0) throw new Error(`${url}: ${result.failed} failed requests`);
  return result;
}

async function poll(): Promise<Record<string, string>> {
  const setup = await setUpVerifyBench({ orders: OPEN_ORDERS });
  try {
    const bff = await steadyLoad(setup.bff.url, setup.token, setup.orders);
    const bare = await steadyLoad(setup.bare.url, setup.token, setup.orders);
    const line = (run: typeof bff) =>
      `${run.perSecond.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${goal(run.p99, POLL_P99_GOAL_MS, 'below', 0)} ms`;
    return {
      [`poll at ${POLL_RATE} req/s, bff`]: line(bff),
      [`poll at ${POLL_RATE} req/s, bare node:http + pg`]: line(bare),
      'poll load': `${OPEN_ORDERS} open orders, ${POLL_SECONDS} s each, autocannon in its own process`,
    };
  } finally {
    await setup.cleanup();
  }
}

export async function run(): Promise<Record<string, string>> {
  return { ...(await fanOut()), ...(await poll()) };
}
