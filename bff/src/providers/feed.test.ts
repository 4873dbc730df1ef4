import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBundledFeed, createHttpFeed, FeedFetchError } from './feed.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/feed') {
      response.setHeader('content-type', 'application/rss+xml');
      response.end('<rss version="2.0"><channel></channel></rss>');
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('<rss/>'), 2_000).unref();
    } else if (request.url === '/huge') {
      // No Content-Length: only counting the bytes that arrive can stop it.
      response.write('x'.repeat(600));
      response.end('x'.repeat(600));
    } else if (request.url === '/declared-huge') {
      response.setHeader('content-length', '5000');
      response.end('x'.repeat(5000));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

test('the feed is fetched over HTTP', async () => {
  await expect(createHttpFeed(`${base}/feed`).fetchXml()).resolves.toContain('<rss');
});

test('a feed slower than the timeout is given up', async () => {
  const started = Date.now();
  await expect(createHttpFeed(`${base}/slow`, { timeoutMs: 200 }).fetchXml()).rejects.toThrow(
    FeedFetchError,
  );
  expect(Date.now() - started).toBeLessThan(1_500);
});

test('a feed larger than the limit is cut off, with or without Content-Length', async () => {
  await expect(createHttpFeed(`${base}/huge`, { maxBytes: 1_000 }).fetchXml()).rejects.toThrow(
    /larger than 1000 bytes/,
  );
  await expect(
    createHttpFeed(`${base}/declared-huge`, { maxBytes: 1_000 }).fetchXml(),
  ).rejects.toThrow(/larger than 1000 bytes/);
});

test('an error status is a fetch failure', async () => {
  await expect(createHttpFeed(`${base}/missing`).fetchXml()).rejects.toThrow(/answered 404/);
});

test('the bundled sample feed is RSS', async () => {
  await expect(createBundledFeed().fetchXml()).resolves.toMatch(/<rss version="2.0"/);
});
