import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import Router from '@koa/router';
import { openApiDocument } from './openapi.ts';

/** The API reference: an HTML page under /api. */
export const API_DOCS_PAGE = '/api/docs';

/** Redoc's self-contained browser bundle, served by us: the reference page loads nothing else. */
const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>BRND API reference</title>
</head>
<body>
<redoc spec-url="/api/openapi.json"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * `GET /api/openapi.json` (the contract as OpenAPI 3.1) and `GET /api/docs` (its reference page,
 * Redoc from our own bundle). Both are generated once: the contract is fixed for a process.
 */
export function apiDocsRouter(): Router {
  const router = new Router();
  let document: string | undefined;
  let bundle: Promise<Buffer> | undefined;
  router.get('/api/openapi.json', (ctx) => {
    document ??= JSON.stringify(openApiDocument());
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });
  router.get(API_DOCS_PAGE, (ctx) => {
    // The site's policy, plus the search worker Redoc starts from a blob.
    const policy = ctx.response.get('Content-Security-Policy');
    if (policy) ctx.set('Content-Security-Policy', `${policy};worker-src 'self' blob:`);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = PAGE;
  });
  router.get('/api/docs/redoc.standalone.js', async (ctx) => {
    bundle ??= readFile(REDOC_BUNDLE);
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await bundle;
  });
  return router;
}
