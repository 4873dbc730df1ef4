import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from '@brnd/bff/bench-database';
import {
  createBenchApp,
  createLogger,
  createSessionService,
  type Database,
} from '@brnd/bff/testing/bench';
import { createBenchDatabase } from './brands.ts';
import {
  replayKey,
  startServerProcess,
  UNREPLAYED_HEADERS,
  type Replay,
  type Statement,
} from '../support.ts';

/**
 * The bff's database-backed GETs next to a bare `node:http` + `pg` handler that sends the very
 * statements the bff sent for the same request and answers with the same headers (both recorded
 * from a bff of its own on the same data), a fresh request id among them, and its rows as JSON:
 * the shortest path to the same SQL work and the same kind of answer. What the bff adds on top
 * (Koa, middleware, session check, contract parsing, response shaping, logging, metrics) is what
 * a comparison of the two measures. Used by gets.bench.ts (throughput, CPU per request) and
 * fan-out.bench.ts (the poll at a steady rate).
 *
 * Each side runs in a process of its own (gets-server.ts): its CPU time is then its own, and
 * neither pays for the other's runtime state (the bff's AsyncLocalStorage turns on promise hooks
 * for the whole process). Signed-in requests spread over 200 users' sessions, and the poll over
 * 5,000 open orders of those users, as real use spreads them. `ANALYZE` runs after seeding.
 */

const BRANDS = 10_000;
const USERS = 200;
const ORDERS = 5_000;
const POLLED = 1_000;

export interface BenchRequest {
  path: string;
  token?: string;
}

export interface ServerProcess {
  url: string;
  pid: number;
}

export interface GetsBench {
  /** Requests by route: the load picks one at random each time. */
  routes: Record<string, BenchRequest[]>;
  /** How many statements each route's first request sent. */
  statements: Record<string, number>;
  bff: ServerProcess;
  bare: ServerProcess;
  /** The seeded database both sides read. */
  databaseUrl: string;
  /** What the data holds, for the bench's figures. */
  data: string;
  cleanup(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A Database that notes every statement sent outside a transaction while `into` is set. */
function recordingDatabase(db: Database): Database & { into?: Statement[] } {
  const recording: Database & { into?: Statement[] } = {
    ...db,
    query(sql, bind = [], options = {}) {
      if (options.transaction)
        throw new Error('a GET under bench sent a statement in a transaction');
      recording.into?.push({ sql, bind: [...bind] });
      return db.query(sql, bind, options);
    },
  };
  return recording;
}

/** Opens each side's pool connections (SCRAM: the costliest thing either does) before a round. */
export async function warmConnections(url: string, requests: BenchRequest[], count: number) {
  await Promise.all(
    requests.slice(0, count).map(async ({ path: requestPath, token }) => {
      const response = await fetch(`${url}${requestPath}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      await response.arrayBuffer();
    }),
  );
}

/**
 * `only`: the routes to set up (by name); all by default. `cpuProfileDir`: both processes run
 * with --cpu-prof and leave their profiles in its `bff` and `bare` folders when they stop.
 */
export async function setUpGetsBench(
  options: { only?: string[]; cpuProfileDir?: string } = {},
): Promise<GetsBench> {
  const server = await startBenchServer();
  const closers: (() => Promise<void>)[] = [() => server.stop()];
  const cleanup = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };
  try {
    const bench = await createBenchDatabase(server.serverUrl, {
      brands: BRANDS,
      votes: BRANDS * 10,
    });
    closers.push(() => bench.drop());
    const { db } = bench;
    // Sessions for some of the seeded voters, and open orders spread over them.
    const users = await db.query<{ id: string }>(
      'SELECT id::text FROM users ORDER BY id LIMIT $1',
      [USERS],
    );
    const sessions = createSessionService(db);
    const tokens = new Map<string, string>();
    for (const { id } of users) tokens.set(id, await sessions.create(id));
    const orders = await db.query<{ uuid: string; user_id: string }>(
      `INSERT INTO crypto_orders (user_id, currency, usd, token_price, tokens, expected_units,
         deposit_address, deposit_index, payment_uri, required_confirmations, expires_at)
       SELECT (SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM users ORDER BY id LIMIT $2) u)
           [1 + i % $2], 'ETH', 100, 0.003, 33333, 50000000000000000,
         '0x' || lpad(to_hex(i), 40, '0'), i, 'ethereum:bench', 1, now() + interval '1 day'
       FROM generate_series(1, $1::int) AS i
       RETURNING uuid::text, user_id::text`,
      [ORDERS, USERS],
    );
    await db.query('ANALYZE');

    const userTokens = [...tokens.values()];
    const all: Record<string, BenchRequest[]> = {
      'toprated ?limit=50, anonymous': [{ path: '/api/brands/toprated?limit=50' }],
      'toprated ?limit=50, signed in': userTokens.map((token) => ({
        path: '/api/brands/toprated?limit=50',
        token,
      })),
      'profile, signed in': userTokens.map((token) => ({ path: '/api/user/profile', token })),
      // 1,000 of them (5 for each user), so recording what the bff sends stays short.
      'poll GET /api/orders/verify/{uuid}': orders.slice(0, POLLED).map((order) => ({
        path: `/api/orders/verify/${order.uuid}`,
        token: tokens.get(order.user_id)!,
      })),
    };
    const routes = Object.fromEntries(
      Object.entries(all).filter(([name]) => !options.only || options.only.includes(name)),
    );

    // What the bff sends for each request, recorded on a bff of its own (in this process).
    const recording = recordingDatabase(db);
    const recorder = createServer(
      createBenchApp(recording, {
        logger: createLogger({ level: 'info', json: true }),
        appUrl: 'http://127.0.0.1',
      }).callback(),
    );
    const recorderUrl = await listen(recorder);
    const replay: Record<string, Replay> = {};
    const statements: Record<string, number> = {};
    try {
      for (const [name, requests] of Object.entries(routes)) {
        for (const { path: requestPath, token } of requests) {
          recording.into = [];
          const response = await fetch(`${recorderUrl}${requestPath}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          if (response.status !== 200) throw new Error(`${requestPath}: ${response.status}`);
          await response.arrayBuffer();
          replay[replayKey(requestPath, token)] = {
            statements: recording.into,
            headers: Object.fromEntries(
              [...response.headers].filter(([name]) => !UNREPLAYED_HEADERS.has(name)),
            ),
          };
          statements[name] ??= recording.into.length;
        }
      }
    } finally {
      recording.into = undefined;
      await closeServer(recorder);
    }
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'brnd-gets-'));
    closers.push(() => rm(scratch, { recursive: true, force: true }));
    const replayFile = path.join(scratch, 'replay.json');
    await writeFile(replayFile, JSON.stringify(replay));

    const script = path.join(import.meta.dirname, '..', 'gets-server.ts');
    // Each side's profile in a folder of its own (<dir>/bff, <dir>/bare), to compare them.
    const profile = (side: string) =>
      options.cpuProfileDir
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.cpuProfileDir, side)}`]
        : [];
    const bff = await startServerProcess(script, ['bff', bench.url], profile('bff'));
    closers.push(() => bff.stop());
    const bare = await startServerProcess(script, ['bare', bench.url, replayFile], profile('bare'));
    closers.push(() => bare.stop());
    return {
      routes,
      statements,
      bff,
      bare,
      databaseUrl: bench.url,
      data: `${BRANDS} brands, ${USERS} signed-in users, ${ORDERS} open orders spread over them`,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
