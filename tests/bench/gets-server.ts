/**
 * One side of the GETs bench (gets.bench.ts) in a process of its own, so neither side pays for
 * the other's runtime state (the bff's AsyncLocalStorage turns on promise hooks for the whole
 * process) and each side's CPU time can be read from /proc:
 * `gets-server.ts bff <database url>` or `gets-server.ts bare <database url> <replay.json>`.
 * Prints `{"url": …}` once listening.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createBenchApp, createLogger, openDatabase } from '@brnd/bff/testing/bench';
import { replayKey, type Replay } from './support.ts';

const [kind, url, replayFile] = process.argv.slice(2);
if (!url || (kind !== 'bff' && kind !== 'bare')) {
  throw new Error('usage: gets-server.ts bff|bare <database url> [replay.json]');
}

/**
 * The bare handler: the request's recorded statements, one after the other on a plain pg pool
 * (the bearer token hashed as the bff does), and their rows as JSON with the bff's headers (the
 * security headers every API answer carries, its content type) and a request id of its own.
 */
async function bare(): Promise<RequestListener> {
  const replay = new Map(
    Object.entries(JSON.parse(await readFile(replayFile!, 'utf8')) as Record<string, Replay>),
  );
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return (req, res) => {
    void (async () => {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const recorded = replay.get(replayKey(req.url ?? '', token));
      if (!recorded) {
        res.writeHead(404).end();
        return;
      }
      if (token) createHash('sha256').update(token).digest('hex');
      const rows: unknown[] = [];
      for (const { sql, bind } of recorded.statements) {
        rows.push((await pool.query(sql, bind)).rows);
      }
      res.setHeader('x-request-id', randomUUID());
      res.writeHead(200, recorded.headers);
      res.end(JSON.stringify(rows));
    })().catch(() => res.writeHead(500).end());
  };
}

function bff(): RequestListener {
  // The production app with the production logger at its default level, as server.ts makes it.
  const db = openDatabase(url!, { poolMax: 10 });
  const logger = createLogger({ level: 'info', json: true });
  return createBenchApp(db, { logger, appUrl: 'http://127.0.0.1' }).callback();
}

const server = createServer(kind === 'bff' ? bff() : await bare());
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
// --cpu-prof writes its profile on a normal exit.
process.on('SIGTERM', () => process.exit(0));
