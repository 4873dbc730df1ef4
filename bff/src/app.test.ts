import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { changeMobile, health, signup } from '@brnd/contracts/api/accounts';
import { topRatedBrands } from '@brnd/contracts/api/top-rated-brands';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS } from '@brnd/contracts/domain/constants';
import { createMemoryLogger } from './logger.ts';
import { startTestApp, type TestApp } from './testing.ts';
import { call, newUser, readOutbox, signUpAndConfirmEmail } from './testing/http.ts';
import { holdConnection } from './testing/pool.ts';

let app: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-static-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>BRND</title>');
  await writeFile(path.join(staticDir, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
  await writeFile(path.join(staticDir, 'favicon.svg'), '<svg/>');
  await mkdir(path.join(staticDir, 'prerendered', 'en'), { recursive: true });
  await mkdir(path.join(staticDir, 'prerendered', 'po'), { recursive: true });
  const page = (title: string) => `<!doctype html><title>${title}</title>`;
  await writeFile(path.join(staticDir, 'prerendered', 'en', 'index.html'), page('Home'));
  await writeFile(path.join(staticDir, 'prerendered', 'po', 'index.html'), page('Strona'));
  await writeFile(path.join(staticDir, 'prerendered', 'en', 'pricing.html'), page('Pricing'));
  app = await startTestApp({ staticDir });
});
afterAll(async () => {
  await app.close();
  await rm(staticDir, { recursive: true, force: true });
});

test('health reports the database up', async () => {
  const result = await call(app.baseUrl, health);
  expect(result.status).toBe(200);
  expect(result.data).toEqual({ status: 'ok', database: 'up' });
});

test('health answers 503 when the database is down', async () => {
  const broken = await startTestApp();
  try {
    await broken.db.close();
    const response = await fetch(`${broken.baseUrl}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', database: 'down' });
  } finally {
    await broken.close();
  }
});

test('unknown API paths answer a JSON 404, known ones a 405 for the wrong method', async () => {
  const missing = await fetch(`${app.baseUrl}/api/user/nothing-here`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ message: 'Not found.', messageId: 'errors.notFound' });

  const wrongMethod = await fetch(`${app.baseUrl}/api/user/login`);
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get('allow')).toBe('POST');
});

test('an unexpected failure is a 500 without internals, logged with the request id', async () => {
  const logger = createMemoryLogger();
  const failing = await startTestApp({
    logger,
    sms: {
      send: async () => {
        throw new Error('gateway exploded in /srv/brnd/secret.ts');
      },
    },
  });
  try {
    const user = newUser();
    const code = await signUpAndConfirmEmail(failing.baseUrl, user);
    const response = await fetch(`${failing.baseUrl}${changeMobile.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ verification_code: code, mobile: user.mobile }),
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      messageId: 'errors.server',
    });
    expect(text).not.toMatch(/exploded|secret|at .*\.ts/);

    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = logger.entries.find((entry) => entry.level === 'error');
    expect(logged?.fields.requestId).toBe(requestId);
    expect(String((logged?.fields.err as Error).message)).toContain('gateway exploded');
  } finally {
    await failing.close();
  }
});

test('a request that finds every database connection busy is a 503 to retry, and the same request is served once one is free', async () => {
  const logger = createMemoryLogger();
  const busy = await startTestApp({ logger, pool: { poolMax: 1, acquireTimeoutMs: 200 } });
  const held = await holdConnection(busy.db);
  try {
    const refused = await call(busy.baseUrl, topRatedBrands, { query: { limit: '10' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(refused.error).toEqual({
      message: "We're very busy right now. Please try again in a moment.",
      messageId: 'errors.busy',
    });
    expect(logger.entries.some((entry) => entry.level === 'error')).toBe(false);
    expect(logger.entries.find((entry) => entry.level === 'warn')?.message).toBe(
      'no database connection free in time',
    );

    await held.release();
    const served = await call(busy.baseUrl, topRatedBrands, { query: { limit: '10' } });
    expect(served.status).toBe(200);
  } finally {
    await held.release();
    await busy.close();
  }
});

test('a request id from a proxy is kept', async () => {
  const response = await fetch(`${app.baseUrl}/api/health`, {
    headers: { 'x-request-id': 'lb-1234abcd' },
  });
  expect(response.headers.get('x-request-id')).toBe('lb-1234abcd');
});

test('security headers allow the app and nothing else; no HSTS over development http', async () => {
  const response = await fetch(`${app.baseUrl}/`);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('strict-transport-security')).toBeNull();
});

test('an API answer allows no source and no framing, and carries only the headers a non-page needs', async () => {
  const response = await fetch(`${app.baseUrl}/api/health`);
  expect(response.headers.get('content-security-policy')).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBeNull();
  expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
});

test('the dev outbox lists messages newest first as JSON', async () => {
  const first = newUser();
  const second = newUser();
  await call(app.baseUrl, signup, { body: { ...first } });
  await call(app.baseUrl, signup, { body: { ...second } });
  const messages = await readOutbox(app.baseUrl);
  const mine = messages.filter((m) => m.to === first.email || m.to === second.email);
  expect(mine.map((m) => m.to)).toEqual([second.email, first.email]);
  expect(mine[0]).toEqual({
    channel: 'email',
    to: second.email,
    subject: 'Confirm your e-mail address for BRND',
    text: expect.stringContaining('/verify/'),
    html: expect.stringContaining('/verify/'),
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
});

test('the dev outbox is a readable page in a browser, with links and escaped text', async () => {
  const user = newUser({ name: '<script>alert(1)</script>' });
  await call(app.baseUrl, signup, { body: { ...user } });
  const response = await fetch(`${app.baseUrl}/dev/outbox`, {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  });
  expect(response.headers.get('content-type')).toContain('text/html');
  // A page under /dev: the pages' policy, so its own styles apply.
  expect(response.headers.get('content-security-policy')).toContain(
    "style-src 'self' 'unsafe-inline'",
  );
  const html = await response.text();
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toMatch(
    new RegExp(
      `<a href="${app.baseUrl}/verify/[\\w-]{43}\\?lang=en">${app.baseUrl}/verify/[\\w-]{43}\\?lang=en</a>`,
    ),
  );
});

test('in production /dev is not there and HSTS is on', async () => {
  const production = await startTestApp({ production: true });
  try {
    const outbox = await fetch(`${production.baseUrl}/dev/outbox`);
    expect(outbox.status).toBe(404);
    expect(await outbox.json()).toEqual({ message: 'Not found.', messageId: 'errors.notFound' });
    const healthy = await fetch(`${production.baseUrl}/api/health`);
    expect(healthy.headers.get('strict-transport-security')).toContain('max-age=');
  } finally {
    await production.close();
  }
});

test('the built app is served with index.html for its routes and long caching for assets', async () => {
  const route = await fetch(`${app.baseUrl}/verify/some-code`);
  expect(route.status).toBe(200);
  expect(await route.text()).toContain('<title>BRND</title>');
  expect(route.headers.get('cache-control')).toBe('no-cache');

  const asset = await fetch(`${app.baseUrl}/assets/index-3f2a1b.js`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  const icon = await fetch(`${app.baseUrl}/favicon.svg`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('cache-control')).toBe('no-cache');

  const missingAsset = await fetch(`${app.baseUrl}/assets/gone-123.js`);
  expect(missingAsset.status).toBe(404);

  const outside = await fetch(`${app.baseUrl}/..%2f..%2fetc%2fpasswd`);
  expect(await outside.text()).not.toContain('root:');
});

test("a prerendered page is sent in the visitor's language, and index.html to a session", async () => {
  const get = async (pagePath: string, cookie?: string) => {
    const response = await fetch(`${app.baseUrl}${pagePath}`, {
      headers: cookie ? { cookie } : {},
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };

  const home = await get('/');
  expect(home.text).toContain('<title>Home</title>');
  expect(home.headers.get('vary')).toContain('Cookie');
  expect(home.headers.get('cache-control')).toBe('no-cache');
  expect((await get('/', 'lang=po')).text).toContain('<title>Strona</title>');
  expect((await get('/pricing?x=1', 'lang=en')).text).toContain('<title>Pricing</title>');

  // No Polish pricing page was built: the app renders it.
  expect((await get('/pricing', 'lang=po')).text).toContain('<title>BRND</title>');
  // The prerendered bar is a visitor's: a session's account links come from the app.
  expect((await get('/', 'token=abc; lang=po')).text).toContain('<title>BRND</title>');
  expect((await get('/pricing/', 'lang=en')).text).toContain('<title>BRND</title>');
  expect((await get('/prerendered/en/index.html')).status).toBe(404);
});
