import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { withRequestId, type Logger } from '../logger.ts';
import { answerError } from './errors.ts';
import type { Metrics } from './metrics.ts';

/** A proxy's id is kept when it looks like one, so one request can be followed across services. */
const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * What every request passes first, in one async frame (each frame is a promise, and on Node 20
 * the log context's promise hooks run for every promise): it gives the request an id
 * (X-Request-Id) and serves it inside that id's log context, so every line logged on its behalf,
 * the jobs it queues and the provider calls it makes carry the id; it answers whatever the
 * request throws (errors.ts); it times the request for the metrics and logs it at debug level.
 */
export function frontDoor(deps: { logger: Logger; metrics: Metrics }) {
  const { logger, metrics } = deps;
  async function serve(ctx: Context, next: Next) {
    const started = performance.now();
    try {
      await next();
    } catch (error) {
      answerError(ctx, error, logger);
    } finally {
      const ms = performance.now() - started;
      metrics.observeRequest(ctx, ms / 1000);
      logger.debug('request', {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(ms),
      });
    }
  }
  return function enter(ctx: Context, next: Next) {
    const incoming = ctx.get('x-request-id');
    const id = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return withRequestId(id, () => serve(ctx, next));
  };
}
