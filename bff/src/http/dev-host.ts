import type { Context, Next } from 'koa';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Development only. The session cookie belongs to the host the app was opened on, and the card
 * step and e-mail links come back to APP_URL's host: someone browsing on 127.0.0.1 with the
 * default APP_URL (localhost) came back signed out. A page opened on another loopback name of
 * APP_URL's port is sent to APP_URL's host first, so either name works. API calls (simulators
 * call back on 127.0.0.1) and /dev pages answer on any name.
 */
export function loopbackHostRedirect(appUrl: string) {
  const app = new URL(appUrl);
  const appPort = app.port || (app.protocol === 'https:' ? '443' : '80');
  return async function redirectToAppHost(ctx: Context, next: Next) {
    const page =
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      !ctx.path.startsWith('/api/') &&
      !ctx.path.startsWith('/dev/');
    const [, hostname = '', port = appPort] =
      /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(ctx.get('host')) ?? [];
    if (
      page &&
      LOOPBACK.has(app.hostname) &&
      LOOPBACK.has(hostname) &&
      hostname !== app.hostname &&
      port === appPort
    ) {
      ctx.redirect(`${app.origin}${ctx.url}`);
      return;
    }
    await next();
  };
}
