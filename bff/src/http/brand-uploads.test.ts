import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrand } from '@brnd/contracts/api/brands';
import { BRAND_LOGO_MAX_BYTES } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLinkPreview, isPublicAddress } from '../services/link-preview.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { registerVerifiedUser } from '../testing/http.ts';
import { PNG } from '../testing/sample-files.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  ({ token } = await registerVerifiedUser(app.baseUrl));
});
afterAll(async () => {
  await app?.close();
});

let websiteCount = 0;
function brandForm(file: Blob, fileName: string): FormData {
  websiteCount += 1;
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'Logo Test',
    website: `logo-test-${websiteCount}-${Date.now()}.com`,
    description: 'A brand with a logo.',
    industry: 'tools',
    token_ticker: 'LOGO',
    no_of_employees: '12',
    address1: 'ul. Prosta 1',
    city: 'Warszawa',
    state: 'mazowieckie',
    postal_code: '00-001',
    country: 'Poland',
    operating_address: 'ul. Prosta 1',
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('image', file, fileName);
  return form;
}

async function upload(bytes: Uint8Array, type: string, fileName: string) {
  const response = await fetch(`${app.baseUrl}${createBrand.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: brandForm(new Blob([new Uint8Array(bytes)], { type }), fileName),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('a real PNG is stored under a generated name and served as image/png with nosniff', async () => {
  const { status, body } = await upload(PNG, 'image/png', 'logo.png');
  expect(status).toBe(200);
  const details = body.details as { image_url: string; name: string };
  expect(details.name).toBe('Logo Test');
  expect(details.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  const served = await fetch(`${app.baseUrl}${details.image_url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
});

test('an executable renamed to .png is refused by its content', async () => {
  const elf = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(64).fill(0)]);
  const { status, body } = await upload(elf, 'image/png', 'logo.png');
  expect(status).toBe(415);
  expect(body.messageId).toBe('uploads.logoType');
});

test('an SVG carrying a script or an event handler is refused; a plain one is accepted', async () => {
  const scripted = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  const handler = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" onload="alert(1)"/></svg>',
  );
  const foreign = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>hi</div></foreignObject></svg>',
  );
  for (const bytes of [scripted, handler, foreign]) {
    const { status, body } = await upload(bytes, 'image/svg+xml', 'logo.svg');
    expect(status).toBe(415);
    expect(body.messageId).toBe('uploads.svgUnsafe');
  }
  const plain = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#d98c1f"/></svg>',
  );
  const { status, body } = await upload(plain, 'image/svg+xml', 'logo.svg');
  expect(status).toBe(200);
  const served = await fetch(`${app.baseUrl}${(body.details as { image_url: string }).image_url}`);
  expect(served.headers.get('content-type')).toBe('image/svg+xml');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
});

test('a logo of 2 MB and one byte is refused; nothing is stored', async () => {
  const big = new Uint8Array(BRAND_LOGO_MAX_BYTES + 1);
  big.set(PNG);
  const [before] = await app.db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM uploads',
  );
  const { status, body } = await upload(big, 'image/png', 'logo.png');
  expect([400, 413]).toContain(status);
  expect(body.messageId).toMatch(/^(uploads\.logoTooLarge|validation\.logo)$/);
  const [after] = await app.db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM uploads',
  );
  expect(after!.count).toBe(before!.count);
});

/* ---------------------------------------------------------------- link preview */

let site: Server;
let hits = 0;
let sitePort = 0;
beforeAll(async () => {
  site = createServer((request, response) => {
    hits += 1;
    if (request.url === '/to-private') {
      response.writeHead(302, { location: 'http://10.1.2.3/' });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<html><head><title>Amber &amp; Co</title><meta name="description" content="Jewellery"></head></html>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('private, loopback and link-local addresses are never public', () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.7',
    '169.254.169.254',
    '192.168.1.1',
    '172.20.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
  ]) {
    expect(isPublicAddress(address), address).toBe(false);
  }
  expect(isPublicAddress('93.184.216.34')).toBe(true);
  expect(isPublicAddress('2606:4700::6810:85e5')).toBe(true);
});

test('the preview refuses targets that resolve to 127.0.0.1, 10.x, 169.254.x or ::1 without connecting', async () => {
  for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1']) {
    const preview = createLinkPreview({
      resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
    });
    const before = hits;
    const answer = await preview.preview('evil-brand.com');
    expect(answer).toEqual({
      website: 'evil-brand.com',
      name: 'Evil Brand',
      description: '',
      image_url: '',
      found: false,
    });
    expect(hits).toBe(before);
  }
  // One private address among public ones is enough to refuse.
  const mixed = createLinkPreview({
    resolve: async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ],
  });
  await expect(mixed.fetchPage(new URL('http://mixed.example/'))).rejects.toThrow(/127\.0\.0\.1/);
});

test('the preview reads the page title, and refuses a redirect to a private address', async () => {
  // The local server stands in for a public site: only its address is allowed.
  const preview = createLinkPreview({
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    allowAddresses: ['127.0.0.1'],
  });
  const page = await preview.fetchPage(new URL(`http://amber.example:${sitePort}/`));
  expect(page).toEqual({ name: 'Amber & Co', description: 'Jewellery', image_url: '' });
  await expect(
    preview.fetchPage(new URL(`http://amber.example:${sitePort}/to-private`)),
  ).rejects.toThrow(/10\.1\.2\.3/);
});
