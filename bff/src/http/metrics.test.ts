import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { createMemoryLogger } from '../logger.ts';
import { logKoaError } from './request-id.ts';
import { startJobQueue } from '../jobs/queue.ts';

const TOKEN = 'metrics-token-that-is-at-least-32-chars';
let app: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-metrics-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>BRND</title>');
  // Large enough that a client closing early interrupts the stream.
  await writeFile(path.join(staticDir, 'big.js'), 'x'.repeat(8 * 1024 * 1024));
  app = await startTestApp({ staticDir, metricsToken: TOKEN });
});
afterAll(async () => {
  await app.close();
  await rm(staticDir, { recursive: true, force: true });
});

const scrape = (token?: string) =>
  fetch(`${app.baseUrl}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

test('an operator reads metrics only with the configured token', async () => {
  expect((await scrape()).status).toBe(401);
  expect((await scrape('wrong-token-wrong-token-wrong-token-x')).status).toBe(401);
  const ok = await scrape(TOKEN);
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-type')).toContain('text/plain');
});

test('request latency is labelled by route template and status, never by raw path', async () => {
  await fetch(`${app.baseUrl}/api/health`);
  await fetch(`${app.baseUrl}/api/orders/verify/8d0f7c1e-4f7a-4a55-9c61-2f4c0b8f1a11`);
  await fetch(`${app.baseUrl}/api/no-such-thing-${Date.now()}`);
  const text = await (await scrape(TOKEN)).text();
  expect(text).toMatch(
    /brnd_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
  );
  expect(text).toMatch(/route="\/api\/orders\/verify\/:uuid",status="401"/);
  expect(text).toMatch(/route="unmatched",status="404"/);
  expect(text).not.toContain('8d0f7c1e');
  expect(text).not.toContain('no-such-thing');
});

test('orders by status and the job queue are reported from the database', async () => {
  const text = await (await scrape(TOKEN)).text();
  expect(text).toContain('# TYPE brnd_orders gauge');
  expect(text).toContain('# TYPE brnd_jobs gauge');
  expect(text).toContain('# TYPE brnd_event_streams_open gauge');
});

test('every answer carries a request id, an incoming one is kept', async () => {
  const own = await fetch(`${app.baseUrl}/api/health`);
  expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const kept = await fetch(`${app.baseUrl}/api/health`, {
    headers: { 'x-request-id': 'edge-1234abcd' },
  });
  expect(kept.headers.get('x-request-id')).toBe('edge-1234abcd');
});

test('a client that closes the connection mid-download is not logged as an error', async () => {
  const url = new URL(`${app.baseUrl}/big.js`);
  await new Promise<void>((resolve) => {
    const req = request(url, (res) => {
      res.once('data', () => {
        req.destroy();
        setTimeout(resolve, 200);
      });
    });
    req.on('error', () => {});
    req.end();
  });
  expect(app.logs.filter((entry) => entry.level === 'error')).toEqual([]);
});

test('a stream closed early is debug, anything else stays an error', () => {
  const logger = createMemoryLogger();
  const log = logKoaError(logger);
  log(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
  log(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
  log(new Error('database exploded'));
  expect(logger.entries.map((entry) => [entry.level, entry.message])).toEqual([
    ['debug', 'client closed the connection'],
    ['debug', 'client closed the connection'],
    ['error', 'unhandled Koa error'],
  ]);
});

test('readiness names what is missing, and is ready once the job queue is up', async () => {
  const own = await startTestApp();
  try {
    const before = await fetch(`${own.baseUrl}/api/ready`);
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({
      status: 'unready',
      database: 'up',
      chain: 'none',
      queue: 'down',
    });
    const queue = await startJobQueue(own.db.url, createMemoryLogger());
    try {
      const after = await fetch(`${own.baseUrl}/api/ready`);
      expect(after.status).toBe(200);
      expect(await after.json()).toMatchObject({ status: 'ready', queue: 'up' });
    } finally {
      await queue.stop();
    }
  } finally {
    await own.close();
  }
});
