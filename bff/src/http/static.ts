import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { isServerPath } from './server-paths.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Public pages rendered at build time (app/prerender.ts): `prerendered/{language}/{page}.html`,
 * `index` for `/`. They are sent for their own paths only, never as files of their own.
 */
const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_PAGE = /^\/([a-z0-9-]*)$/;

/**
 * The prerendered page for this request, when there is one. It shows the page as a visitor
 * without a session sees it, in the language of the `lang` cookie (English unless `po`); a
 * visitor with a session (`token` cookie) gets index.html, so the bar never shows the wrong
 * account links before the app starts.
 */
function prerenderedPage(root: string, ctx: Context): string | undefined {
  const page = PRERENDERED_PAGE.exec(ctx.path)?.[1];
  if (page === undefined || ctx.cookies.get('token')) return undefined;
  const language = ctx.cookies.get('lang') === 'po' ? 'po' : 'en';
  const file = path.join(PRERENDERED_DIR, language, `${page || 'index'}.html`);
  return existsSync(path.join(root, file)) ? file : undefined;
}

/**
 * Serves the built web app. Vite's hashed files under /assets never change, so browsers keep
 * them for a year; everything else (index.html above all) is revalidated on every load. Paths
 * without a file extension are app routes: they get their prerendered page or index.html, and
 * the router takes over.
 */
export function serveSpa(staticDir: string) {
  const root = path.resolve(staticDir);
  const indexExists = () => existsSync(path.join(root, 'index.html'));

  return async function spa(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServerPath(ctx.path)) {
      return next();
    }
    const immutable = ctx.path.startsWith('/assets/');
    const setHeaders = (res: { setHeader(name: string, value: string): void }) => {
      res.setHeader(
        'Cache-Control',
        immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    };
    const prerendered = ctx.path.startsWith(`/${PRERENDERED_DIR}/`);
    try {
      if (
        ctx.path !== '/' &&
        !prerendered &&
        (await send(ctx, ctx.path, { root, setHeaders, index: false }))
      ) {
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
    if (prerendered || path.extname(ctx.path) !== '' || !indexExists()) return next();
    // The page depends on the session and language cookies: caches must keep them apart.
    ctx.vary('Cookie');
    await send(ctx, prerenderedPage(root, ctx) ?? 'index.html', { root, setHeaders });
  };
}
