import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { login, signup } from '@brnd/contracts/api/accounts';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { databaseName } from './db/database.ts';
import { freePort } from './db/embedded.ts';
import { DEMO_USER } from './seed/demo.ts';
import { REPO_ROOT } from './env.ts';
import { call, latestMessage, newUser } from './testing/http.ts';
import { createDatabaseFromTemplate, dropDatabase } from './testing/test-database.ts';

const info = inject('brndTestDatabase');
let databaseUrl: string;
let dataDir: string;
beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(info);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-server-'));
});
afterAll(async () => {
  await dropDatabase(info.serverUrl, databaseName(databaseUrl));
  await rm(dataDir, { recursive: true, force: true });
});

test('server.ts starts the whole bff, mails through its SMTP catcher and drains on SIGTERM', async () => {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      LOG_LEVEL: 'error',
      SHUTDOWN_PAUSE_MS: '1500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  let terminated = false;
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`Dev outbox: http://localhost:${port}/dev/outbox`)) {
          resolve(`http://localhost:${port}`);
        }
      });
      void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
    });

    const demo = await call(baseUrl, login, {
      body: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(demo.data).toHaveProperty('token');
    expect(output).toContain(`BRND running at http://localhost:${port}`);
    // No CHAIN_RPC_URL: an embedded anvil with the platform contracts deployed on it.
    const chainInfo = (await (await fetch(`${baseUrl}/dev/info`)).json()) as {
      rpcUrl: string;
      chainId: number;
      contracts: { brnd: string };
      services: { name: string; url: string; embedded: boolean }[];
    };
    expect(chainInfo.chainId).toBe(31337);
    // Everything started in place of a real service, with where it listens (DATABASE_URL is set
    // here, so PostgreSQL is not among them).
    expect(chainInfo.services.map((service) => service.name).sort()).toEqual([
      'BTC gateway simulator',
      'Card provider simulator',
      'Chain RPC',
      'ETH price simulator',
      'SMS simulator (Twilio API)',
      'SMTP catcher (read at /dev/outbox)',
    ]);
    for (const service of chainInfo.services) {
      expect(service.url).toMatch(/^[a-z]+:\/\/127\.0\.0\.1:\d+/);
    }
    expect(output).toContain(`Chain 31337 at ${chainInfo.rpcUrl}`);
    const code = (await (
      await fetch(chainInfo.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getCode',
          params: [chainInfo.contracts.brnd, 'latest'],
        }),
      })
    ).json()) as { result: string };
    expect(code.result.length).toBeGreaterThan(2);

    const user = newUser();
    expect((await call(baseUrl, signup, { body: { ...user } })).status).toBe(201);
    const mail = await latestMessage(baseUrl, user.email, 'email');
    expect(mail.text).toContain(`${baseUrl}/verify/`);

    // SIGTERM: readiness fails at once while the replica still serves (the proxy's pause), then
    // its event streams end so their browsers reconnect to another replica, and it exits 0.
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
    const stream = await fetch(`${baseUrl}/api/sale/events`);
    expect(stream.status).toBe(200);
    const streamEnded = stream.text().then(() => Date.now());
    terminated = server.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/ready`)).status, { interval: 50 })
      .toBe(503);
    const draining = Date.now();
    expect(await (await fetch(`${baseUrl}/api/ready`)).json()).toMatchObject({
      status: 'draining',
    });
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    expect(await streamEnded).toBeGreaterThan(draining);
  } finally {
    // A second SIGTERM means "stop now" (exit 1): sent only when the test stopped early.
    if (!terminated) server.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  // The whole server starts here (tsx, PostgreSQL pool, anvil, simulators), then drains.
}, 120_000);
