import { SESSION_LIFETIME_MS, SESSION_TOKEN_COOKIE } from '@brnd/contracts/domain/constants';
import { fromOwnOrigin, SAFE_METHODS } from '@brnd/contracts/api/cross-site';
import type { Context } from 'koa';
import { DomainError } from '../services/errors.ts';

/**
 * The web app's session (decision 029): the token in an HttpOnly cookie the bff sets, so page
 * scripts never see it; SameSite=Strict, so a browser does not send it with another site's
 * requests; Secure in production. API clients keep the bearer header.
 */
export interface SessionCookies {
  /** The token of a request: the bearer header first, then the cookie. */
  tokenOf(ctx: Context): { token: string; byCookie: boolean } | undefined;
  set(ctx: Context, token: string): void;
  clear(ctx: Context): void;
  /**
   * Refuses (403) a state-changing request that would ride on the browser's cookie from another
   * site: Fetch Metadata when the browser sends it, else the Origin, else nothing to go by.
   */
  refuseCrossSite(ctx: Context): void;
}

function bearerToken(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return match?.[1];
}

/** The cookie's value, read by hand: koa's cookie jar would also want to sign it. */
function cookieToken(ctx: Context): string | undefined {
  for (const part of ctx.get('cookie').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_TOKEN_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

export function createSessionCookies(options: {
  production: boolean;
  /** The app's public address (APP_URL): its origin is where the app's own requests come from. */
  appUrl: string;
}): SessionCookies {
  const appOrigin = new URL(options.appUrl).origin;
  const attributes = [
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    // Set by hand rather than through koa's cookies, which refuse Secure on a connection a
    // TLS-terminating proxy forwarded as plain http.
    ...(options.production ? ['Secure'] : []),
  ];
  const write = (ctx: Context, value: string, maxAgeSeconds: number) => {
    ctx.append(
      'Set-Cookie',
      [`${SESSION_TOKEN_COOKIE}=${value}`, `Max-Age=${maxAgeSeconds}`, ...attributes].join('; '),
    );
  };

  const sameOrigin = (ctx: Context): boolean | undefined =>
    // The app's address, and the one this request was sent to (Koa's `ctx.origin` is not that
    // in every version).
    fromOwnOrigin((name) => ctx.get(name), [appOrigin, `${ctx.protocol}://${ctx.host}`]);

  return {
    tokenOf(ctx) {
      const bearer = bearerToken(ctx);
      if (bearer) return { token: bearer, byCookie: false };
      const cookie = cookieToken(ctx);
      return cookie ? { token: cookie, byCookie: true } : undefined;
    },
    set(ctx, token) {
      write(ctx, token, Math.floor(SESSION_LIFETIME_MS / 1000));
    },
    clear(ctx) {
      write(ctx, '', 0);
    },
    refuseCrossSite(ctx) {
      if (SAFE_METHODS.has(ctx.method)) return;
      // A browser that sends neither header predates both (2019): a cookie alone proves nothing.
      if (sameOrigin(ctx) !== true) throw new DomainError(403, 'errors.crossSite');
    },
  };
}
