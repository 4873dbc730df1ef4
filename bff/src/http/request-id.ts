import type { Context } from 'koa';
import type { Logger } from '../logger.ts';

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
