import autocannon from 'autocannon';
import { setUpVerifyBench } from './setup/orders.ts';

/**
 * GET /api/orders/verify/{uuid} under the buy page's polling: 5,000 open orders checked every
 * 5 seconds (1,000 requests/s needed). autocannon drives the bff and a bare node:http + pg
 * handler running the same SQL, one after the other in the same run, each on a random order.
 */

const OPEN_ORDERS = 5_000;
const POLL_SECONDS = 5;
/** Each side is measured twice, alternating, so load from elsewhere on the machine hits both. */
const DURATION_SECONDS = 5;
const ROUNDS = 2;
const CONNECTIONS = 50;
const GOAL_RATIO = 0.7;

interface Measured {
  perSecond: number;
  p99: number;
}

function combine(runs: Measured[]): Measured {
  return {
    perSecond: runs.reduce((sum, run) => sum + run.perSecond, 0) / runs.length,
    p99: Math.max(...runs.map((run) => run.p99)),
  };
}

async function measure(url: string, orders: string[], token: string): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/api/orders/verify/${orders[Math.floor(Math.random() * orders.length)]}`,
        }),
      },
    ],
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests`);
  return { perSecond: result.requests.average, p99: result.latency.p99 };
}

export async function run(): Promise<Record<string, string>> {
  const setup = await setUpVerifyBench({ orders: OPEN_ORDERS });
  try {
    // A short warm-up of each, so neither pays for JIT and connection set-up in its figures.
    await autocannon({ url: setup.bff.url, duration: 2, connections: 10 });
    const runs: { bare: Measured[]; bff: Measured[] } = { bare: [], bff: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await measure(setup.bare.url, setup.orders, setup.token));
      runs.bff.push(await measure(setup.bff.url, setup.orders, setup.token));
    }
    const bare = combine(runs.bare);
    const bff = combine(runs.bff);
    const ratio = bff.perSecond / bare.perSecond;
    const needed = OPEN_ORDERS / POLL_SECONDS;
    return {
      'bff verify': `${bff.perSecond.toFixed(0)} req/s, p99 ${bff.p99} ms`,
      'bare node:http + pg, same SQL': `${bare.perSecond.toFixed(0)} req/s, p99 ${bare.p99} ms`,
      'ratio bff / bare': `${ratio.toFixed(2)} (goal >= ${GOAL_RATIO}${ratio >= GOAL_RATIO ? '' : ': MISSED'})`,
      [`needed for ${OPEN_ORDERS} orders every ${POLL_SECONDS} s`]: `${needed} req/s (${bff.perSecond >= needed ? 'met' : 'MISSED'})`,
      connections: `${CONNECTIONS}, ${ROUNDS} x ${DURATION_SECONDS} s each, alternating`,
    };
  } finally {
    await setup.cleanup();
  }
}
