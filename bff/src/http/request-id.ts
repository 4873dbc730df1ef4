import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';

/** A proxy's id is kept when it looks like one, so one request can be followed across services. */
const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Gives every request an id (X-Request-Id), and logs each finished request with it. */
export function requestId(logger: Logger) {
  return async function tagRequest(ctx: Context, next: Next) {
    const incoming = ctx.get('x-request-id');
    const id = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.debug('request', {
        requestId: id,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}
