import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Paths that belong to the API and dev tools never fall back to the app. */
const SERVER_PATHS = /^\/(api|dev)(\/|$)/;

/**
 * Serves the built web app. Vite's hashed files under /assets never change, so browsers keep
 * them for a year; everything else (index.html above all) is revalidated on every load. Paths
 * without a file extension are app routes: they get index.html and the router takes over.
 */
export function serveSpa(staticDir: string) {
  const root = path.resolve(staticDir);
  const indexExists = () => existsSync(path.join(root, 'index.html'));

  return async function spa(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) {
      return next();
    }
    const immutable = ctx.path.startsWith('/assets/');
    const setHeaders = (res: { setHeader(name: string, value: string): void }) => {
      res.setHeader(
        'Cache-Control',
        immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    };
    try {
      if (ctx.path !== '/' && (await send(ctx, ctx.path, { root, setHeaders, index: false }))) {
        return;
      }
    } catch (error) {
      const status = (error as { status?: number }).status;
      // 404 (no such file) falls through to the app; 400/403 (malformed, outside root) stop here.
      if (status !== 404) {
        ctx.status = status ?? 500;
        if (ctx.status >= 500) throw error;
        return;
      }
    }
    if (path.extname(ctx.path) !== '' || !indexExists()) return next();
    await send(ctx, 'index.html', { root, setHeaders });
  };
}
