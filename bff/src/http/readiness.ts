import type { Context, Next } from 'koa';
import type { PlatformChain } from '../chain/platform-chain.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

const CHECK_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /api/ready`, for the proxy or orchestrator deciding where to send traffic (liveness is
 * `/api/health`, the database alone): 200 when this replica's database, chain RPC and job queue
 * answer, 503 naming what does not, and 503 from the moment a shutdown starts, so traffic moves
 * away while streams and jobs drain.
 */
export function readiness(deps: {
  db: Database;
  chain: PlatformChain | undefined;
  logger: Logger;
  draining: () => boolean;
}) {
  // Not async itself: every other request passes through without a promise of its own.
  return function readyPath(ctx: Context, next: Next) {
    const isReadyCheck =
      ctx.path === '/api/ready' && (ctx.method === 'GET' || ctx.method === 'HEAD');
    return isReadyCheck ? answer(ctx) : next();
  };

  async function answer(ctx: Context) {
    const check = (work: () => Promise<unknown>) =>
      within(work()).then(
        () => 'up' as const,
        (error: unknown) => {
          deps.logger.warn('readiness check failed', { err: error });
          return 'down' as const;
        },
      );
    const [database, chain, queue] = await Promise.all([
      check(() => deps.db.query('SELECT 1')),
      deps.chain ? check(() => deps.chain!.provider.getBlockNumber()) : ('none' as const),
      // The queue lives in PostgreSQL (pg-boss): its schema answers when it can take jobs.
      check(() => deps.db.query('SELECT version FROM pgboss.version')),
    ]);
    const draining = deps.draining();
    const ok = !draining && database === 'up' && chain !== 'down' && queue === 'up';
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ready' : draining ? 'draining' : 'unready', database, chain, queue };
  }
}
