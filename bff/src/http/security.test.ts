import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { expect, test } from 'vitest';
import { securityHeaders } from './security.ts';

async function headersOf(
  options: Parameters<typeof securityHeaders>[0],
  path = '/',
): Promise<Headers> {
  const app = new Koa();
  app.use(securityHeaders(options));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}${path}`)).headers;
  } finally {
    server.close();
  }
}

const cspOf = async (options: Parameters<typeof securityHeaders>[0]) =>
  (await headersOf(options)).get('content-security-policy') ?? '';

test('the page may call its own origin only, unless a payment provider is named', async () => {
  expect(await cspOf({ production: false })).toContain("connect-src 'self';");
});

test("the card provider's origin may be called, so the buy page can post the card initialisation", async () => {
  const csp = await cspOf({ production: false, connectOrigins: ['http://127.0.0.1:4510'] });
  expect(csp).toContain("connect-src 'self' http://127.0.0.1:4510;");
});

test("API answers allow nothing and keep HSTS; a page named under /api gets the pages' set", async () => {
  const options = { production: true, pagesUnderApi: ['/api/docs'] };
  const api = await headersOf(options, '/api/brands/toprated');
  expect(api.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.get('strict-transport-security')).toContain('max-age=');
  expect(api.get('x-content-type-options')).toBe('nosniff');
  expect(api.get('origin-agent-cluster')).toBeNull();

  for (const page of ['/', '/api/docs', '/apidocs']) {
    const headers = await headersOf(options, page);
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security')).toContain('max-age=');
  }
});
