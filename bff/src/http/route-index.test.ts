import type { AddressInfo } from 'node:net';
import { endpointList } from '@brnd/contracts/api/index';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { routesByPrefix } from './route-index.ts';

/** Every contract endpoint on one router, answering which endpoint and route template served. */
function allRoutes(): Router {
  const router = new Router();
  for (const endpoint of endpointList) {
    const methods = endpoint.method === 'GET' ? ['HEAD', 'GET'] : [endpoint.method];
    router.register(endpoint.path, methods, (ctx) => {
      ctx.set('X-Route', String(ctx._matchedRoute));
      ctx.body = { id: endpoint.id, params: ctx.params };
    });
  }
  return router;
}

async function serve(routes: ReturnType<Router['routes']>) {
  const app = new Koa();
  app.use(routes);
  app.use((ctx) => {
    ctx.status = 418;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

let whole: Awaited<ReturnType<typeof serve>>;
let indexed: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  const router = allRoutes();
  whole = await serve(router.routes());
  indexed = await serve(routesByPrefix(router));
});
afterAll(() => {
  whole.close();
  indexed.close();
});

async function answer(url: string, method: string) {
  const response = await fetch(url, { method });
  return {
    status: response.status,
    route: response.headers.get('x-route'),
    body: method === 'HEAD' ? '' : await response.text(),
  };
}

test('every route is reached through the index exactly as through the whole router', async () => {
  const paths = endpointList.flatMap((endpoint) => {
    const path = endpoint.path.replace(/:\w+/g, 'p1');
    // Parameters decoded as the router decodes them, a malformed escape kept as written.
    const escaped = endpoint.path.includes(':')
      ? [endpoint.path.replace(/:\w+/g, 'a%20b'), endpoint.path.replace(/:\w+/g, '%E0%A4%A')]
      : [];
    // The router ignores case and a trailing slash; so must the index.
    return [path, path.toUpperCase(), `${path}/`, ...escaped].map(
      (p) => [endpoint.method, p] as const,
    );
  });
  const others = [
    '/',
    '/api',
    '/api/',
    '/api/nothing',
    '/api/brands/nothing',
    '/v1',
    '/index.html',
  ];
  for (const [method, path] of [
    ...paths,
    ...paths.map(([, p]) => ['HEAD', p] as const),
    ...others.map((p) => ['GET', p] as const),
    // Every path under every other method too: the index keys its routes by method as well.
    ...paths.flatMap(([method, p]) =>
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
        .filter((other) => other !== method)
        .map((other) => [other, p] as const),
    ),
  ]) {
    const expected = await answer(`${whole.url}${path}`, method);
    expect(await answer(`${indexed.url}${path}`, method), `${method} ${path}`).toEqual(expected);
  }
  expect(paths.length).toBeGreaterThan(100);
});

test('a route that passes the request on leads to the next route that matches, then onwards', async () => {
  const router = new Router();
  router.get('/api/things/:id', async (ctx, next) => {
    ctx.set('X-First', String(ctx.params.id));
    await next();
  });
  router.get('/api/things/:name', async (ctx, next) => {
    ctx.set('X-Second', `${String(ctx.params.id)} ${String(ctx.params.name)}`);
    if (ctx.params.name !== 'last') ctx.body = { route: ctx._matchedRoute };
    else await next();
  });
  const [viaRouter, viaIndex] = await Promise.all([
    serve(router.routes()),
    serve(routesByPrefix(router)),
  ]);
  try {
    for (const path of ['/api/things/one', '/api/things/last']) {
      const [expected, actual] = await Promise.all(
        [viaRouter, viaIndex].map(async ({ url }) => {
          const response = await fetch(`${url}${path}`);
          return {
            status: response.status,
            first: response.headers.get('x-first'),
            second: response.headers.get('x-second'),
            body: await response.text(),
          };
        }),
      );
      expect(actual, path).toEqual(expected);
    }
    // The last route passes on: what follows the routes answers (418).
    expect((await fetch(`${viaIndex.url}/api/things/last`)).status).toBe(418);
  } finally {
    viaRouter.close();
    viaIndex.close();
  }
});

test('a middleware the router runs for every method is refused at the start', () => {
  const router = new Router();
  router.use('/api/brands', (_ctx, next) => next());
  expect(() => routesByPrefix(router)).toThrow('cannot be indexed by method');
});

test('a route with a parameter in its first two segments is refused at the start', () => {
  const router = new Router();
  router.get('/api/:anything', () => {});
  expect(() => routesByPrefix(router)).toThrow('/api/:anything');
});
