import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { expect, test } from 'vitest';
import { securityHeaders } from './security.ts';

async function cspOf(options: Parameters<typeof securityHeaders>[0]): Promise<string> {
  const app = new Koa();
  app.use(securityHeaders(options));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return response.headers.get('content-security-policy') ?? '';
  } finally {
    server.close();
  }
}

test('the page may call its own origin only, unless a payment provider is named', async () => {
  expect(await cspOf({ production: false })).toContain("connect-src 'self';");
});

test("the card provider's origin may be called, so the buy page can post the card initialisation", async () => {
  const csp = await cspOf({ production: false, connectOrigins: ['http://127.0.0.1:4510'] });
  expect(csp).toContain("connect-src 'self' http://127.0.0.1:4510;");
});
