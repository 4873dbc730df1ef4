import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import {
  createBenchApp,
  createLogger,
  createSessionService,
  insertUserRow,
  openBenchDatabase,
} from '@brnd/bff/testing/bench';

/**
 * `GET /api/orders/verify/{uuid}` as the buy page polls it: 5,000 open orders checked every
 * 5 seconds is 1,000 requests per second. The bff (Koa, session check, contract parsing and
 * response check) is measured next to a bare node:http + pg handler running the same SQL, in
 * the same run, on the same database.
 */

export interface VerifyBenchTarget {
  url: string;
  /** The bench calls it with one of the orders' paths and the bearer token. */
  close(): Promise<void>;
}

export interface VerifyBenchSetup {
  orders: string[];
  token: string;
  bff: VerifyBenchTarget;
  bare: VerifyBenchTarget;
  cleanup(): Promise<void>;
}

const ORDER_SQL = `SELECT uuid::text, user_id::text, currency, status, usd::text, token_price::text,
  tokens::text, expected_units::text, paid_units::text, deposit_address, checkout_url, payment_uri,
  shop_order_id::text, confirmations, required_confirmations, seen_block::text, payment_exception,
  expires_at, created_at FROM crypto_orders WHERE uuid = $1 AND user_id = $2`;

/** sessions.authenticate's read: the live session and its user by the token hash. */
const SESSION_SQL = `SELECT s.id AS session_id, s.user_id,
    s.last_seen_at < now() - interval '1 minute' AS stale, u.*
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`;

const TOUCH_SQL = `UPDATE sessions SET last_seen_at = now()
  WHERE id = $1 AND last_seen_at < now() - interval '1 minute'`;

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

/** The same queries as the bff, with nothing in between: session with its user, then order. */
async function startBareHandler(url: string, poolMax: number): Promise<VerifyBenchTarget> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/api\/orders\/verify\/([0-9a-f-]{36})$/.exec(req.url ?? '');
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!match || !token) {
        res.writeHead(404).end();
        return;
      }
      const hash = createHash('sha256').update(token).digest('hex');
      const session = (await pool.query(SESSION_SQL, [hash])).rows[0] as
        { session_id: string; stale: boolean; user_id: string } | undefined;
      if (!session) {
        res.writeHead(401).end();
        return;
      }
      if (session.stale) await pool.query(TOUCH_SQL, [session.session_id]);
      const order = (await pool.query(ORDER_SQL, [match[1], session.user_id])).rows[0] as
        Record<string, unknown> | undefined;
      res.writeHead(order ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'success', response: order ?? null }));
    })().catch(() => {
      res.writeHead(500).end();
    });
  });
  const address = await listen(server);
  return {
    url: address,
    close: async () => {
      await closeServer(server);
      await pool.end();
    },
  };
}

export async function setUpVerifyBench(
  options: { orders?: number; poolMax?: number } = {},
): Promise<VerifyBenchSetup> {
  const count = options.orders ?? 5_000;
  const poolMax = options.poolMax ?? 10;
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
  };
  try {
    const bench = await openBenchDatabase({ poolMax });
    cleanups.push(() => bench.close());
    const { db, url } = bench;

    const userId = await insertUserRow(db, 'Bench');
    const token = await createSessionService(db).create(userId);
    // 5,000 open ETH orders of one buyer, as buytokens would have written them.
    const rows = await db.query<{ uuid: string }>(
      `INSERT INTO crypto_orders (user_id, currency, usd, token_price, tokens, expected_units,
         deposit_address, deposit_index, payment_uri, required_confirmations, expires_at)
       SELECT $1, 'ETH', 100, 0.003, 33333, 50000000000000000,
         '0x' || lpad(to_hex(i), 40, '0'), i, 'ethereum:bench', 1, now() + interval '1 day'
       FROM generate_series(1, $2::int) AS i
       RETURNING uuid::text`,
      [userId, count],
    );

    // The production logger at its default level, as server.ts makes it (not a test logger that
    // keeps every entry in memory).
    const logger = createLogger({ level: 'info', json: true });
    const app = createBenchApp(db, { logger, appUrl: 'http://127.0.0.1' });
    // Requests autocannon cut off at the end of a run are still being handled when the server
    // closes; the database closes only after they finish, so they do not log spurious errors.
    const handle = app.callback();
    let inFlight = 0;
    const bffServer = createServer((req, res) => {
      inFlight += 1;
      void handle(req, res).finally(() => {
        inFlight -= 1;
      });
    });
    const bffUrl = await listen(bffServer);
    cleanups.push(async () => {
      await closeServer(bffServer);
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await setTimeout(10);
    });
    const bare = await startBareHandler(url, poolMax);
    cleanups.push(() => bare.close());
    return {
      orders: rows.map((row) => row.uuid),
      token,
      bff: { url: bffUrl, close: () => closeServer(bffServer) },
      bare,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
