import { health } from '@brnd/contracts/api/accounts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { route, type Route } from './route.ts';

const PING_TIMEOUT_MS = 2_000;

async function databaseIsUp(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** For load balancers and uptime checks: 200 when the database answers, 503 otherwise. */
export function healthRoutes({ db, logger }: { db: Database; logger: Logger }): Route[] {
  return [
    route(health, async ({ ctx }) => {
      const up = await databaseIsUp(db).catch((error: unknown) => {
        logger.warn('health check: database is down', { err: error });
        return false;
      });
      ctx.set('Cache-Control', 'no-store');
      if (up) return { status: 'ok', database: 'up' } as const;
      ctx.state.responseStatus = 503;
      return { status: 'degraded', database: 'down' } as const;
    }),
  ];
}
