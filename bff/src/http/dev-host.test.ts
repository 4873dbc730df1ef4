import { createServer, request, type Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loopbackHostRedirect } from './dev-host.ts';

let server: Server;
let port: number;
beforeAll(async () => {
  const app = new Koa();
  app.use(async (ctx, next) => {
    // APP_URL is only known once the port is: the default, http://localhost:$PORT.
    await loopbackHostRedirect(`http://localhost:${port}`)(ctx, next);
  });
  app.use((ctx) => {
    ctx.body = 'page';
  });
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** node:http, not fetch: fetch sends the Host of the URL whatever the headers say. */
function get(path: string, host: string, method = 'GET') {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const sent = request({ port, path, method, headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    sent.on('error', reject);
    sent.end();
  });
}

test('a page opened on 127.0.0.1 moves to APP_URL’s localhost, keeping its path', async () => {
  const moved = await get('/user/buytoken?x=1', `127.0.0.1:${port}`);
  expect(moved.status).toBe(302);
  expect(moved.location).toBe(`http://localhost:${port}/user/buytoken?x=1`);
  expect((await get('/', `localhost:${port}`)).status).toBe(200);
});

test('API calls, /dev pages, other ports and other hosts are answered where they arrive', async () => {
  expect((await get('/api/health', `127.0.0.1:${port}`)).status).toBe(200);
  expect((await get('/api/user/login', `127.0.0.1:${port}`, 'POST')).status).toBe(200);
  expect((await get('/dev/outbox', `127.0.0.1:${port}`)).status).toBe(200);
  expect((await get('/', `127.0.0.1:${port + 1}`)).status).toBe(200);
  expect((await get('/', 'brnd.example')).status).toBe(200);
});
