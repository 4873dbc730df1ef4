import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { withRequestId, type Logger } from '../logger.ts';

/** A proxy's id is kept when it looks like one, so one request can be followed across services. */
const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Gives every request an id (X-Request-Id) and serves it inside that id's log context: every
 * line logged on its behalf, the jobs it queues and the provider calls it makes carry the id.
 * Each finished request is logged at debug level.
 */
export function requestId(logger: Logger) {
  return async function tagRequest(ctx: Context, next: Next) {
    const incoming = ctx.get('x-request-id');
    const id = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    const started = performance.now();
    await withRequestId(id, async () => {
      try {
        await next();
      } finally {
        logger.debug('request', {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        });
      }
    });
  };
}

/**
 * Conditions a server meets every day that are nobody's fault here: the client closed the
 * connection (a tab closed, a navigation, a proxy timeout) while the answer was being written.
 */
const CLIENT_GONE_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

export function isClientGone(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CLIENT_GONE_CODES.has(code)) return true;
  return message === 'aborted' || message === 'Request aborted';
}

/**
 * Koa reports errors raised outside the error handler (mostly while streaming a body). A client
 * that went away is logged at debug level; anything else is a real error.
 */
export function logKoaError(logger: Logger) {
  return (error: unknown, ctx?: Context) => {
    const fields = ctx
      ? { requestId: ctx.state.requestId as unknown, method: ctx.method, path: ctx.path }
      : {};
    if (isClientGone(error)) {
      logger.debug('client closed the connection', {
        ...fields,
        code: (error as { code?: string }).code,
      });
      return;
    }
    logger.error('unhandled Koa error', { ...fields, err: error });
  };
}
