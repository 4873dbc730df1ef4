/**
 * The platform as deployed (docs/deploy.md), on one machine: N bff replicas (`server.ts`, as
 * `npm run start:prod` runs it) on one PostgreSQL and one chain (bff/src/testing/cluster-services.ts), behind Debian's
 * nginx with the shipped deploy/nginx.conf, its addresses filled in. Used by the scale-out e2e
 * run and the fan-out bench; each start has its own database, chain, ports and temp directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClusterServices } from '@brnd/bff/testing/cluster-services';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const START_TIMEOUT_MS = 90_000;

export interface Cluster {
  services: ClusterServices;
  /** nginx, the address browsers use (APP_URL). */
  proxyUrl: string;
  /** Each replica directly, as the proxy reaches it. */
  replicaUrls: string[];
  /** SIGKILL: a replica that dies without a word (a crash, an OOM kill, a lost host). */
  kill(index: number): Promise<void>;
  /** Everything the processes wrote, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** deploy/nginx.conf with this run's proxy port and replica addresses. */
export function nginxConfig(proxyPort: number, replicaPorts: number[]): string {
  const shipped = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const upstream = /(upstream brnd \{\n)((?:.*\n)*?)(\s*keepalive)/;
  if (!upstream.test(shipped) || !/listen \d+;/.test(shipped)) {
    throw new Error('deploy/nginx.conf no longer has the upstream and listen lines this run fills');
  }
  return shipped
    .replace(upstream, (_, open: string, body: string, keepalive: string) => {
      const comments = body
        .split('\n')
        .filter((line) => line.trim().startsWith('#'))
        .join('\n');
      const servers = replicaPorts
        .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
        .join('\n');
      return `${open}${comments}\n${servers}\n${keepalive}`;
    })
    .replace(/listen \d+;/, `listen 127.0.0.1:${proxyPort};`);
}

async function waitFor(url: string, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const gone = exited();
    if (gone) throw new Error(gone);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface ClusterOptions {
  replicas?: number;
  /** First of replicas + 1 consecutive ports (proxy first); unset: free ports. */
  basePort?: number;
  /** Extra environment for every replica. */
  env?: Record<string, string>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!existsSync(NGINX_PATH)) {
    throw new Error(
      `nginx is missing at ${NGINX_PATH}: run node scripts/ensure-debian-packages.mjs (or set NGINX_PATH)`,
    );
  }
  const count = options.replicas ?? 3;
  const ports = options.basePort
    ? Array.from({ length: count + 1 }, (_, index) => options.basePort! + index)
    : await Promise.all(Array.from({ length: count + 1 }, freePort));
  const [proxyPort, ...replicaPorts] = ports as [number, ...number[]];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'brnd-cluster-'));
  // nginx's workers (and PostgreSQL, as root) run as other users that must reach their files.
  chmodSync(dir, 0o755);
  const children = new Map<string, ChildProcess>();
  let log = '';
  const exits = new Map<string, string>();
  const expected = new Set<string>();

  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => (log += `[${name}] ${chunk.toString()}`);
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code, signal) => {
      if (!expected.has(name)) exits.set(name, `${name} exited (${code ?? signal}):\n${log}`);
    });
    children.set(name, child);
    return child;
  };
  const firstExit = () => exits.values().next().value;

  const stop = async () => {
    const order = ['nginx', ...replicaPorts.map((_, index) => `bff-${index}`), 'services'];
    for (const name of order) {
      const child = children.get(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      expected.add(name);
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const servicesChild = start(
      'services',
      process.execPath,
      ['--import', 'tsx', 'bff/src/testing/cluster-services.ts', path.join(dir, 'data')],
      { ...process.env },
    );
    const services = await new Promise<ClusterServices>((resolve, reject) => {
      let buffered = '';
      servicesChild.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split('\n').find((candidate) => candidate.startsWith('{'));
        if (line) resolve(JSON.parse(line) as ClusterServices);
      });
      servicesChild.on('exit', () => reject(new Error(`services exited:\n${log}`)));
    });

    const proxyUrl = `http://localhost:${proxyPort}`;
    const replicaUrls = replicaPorts.map((port) => `http://localhost:${port}`);
    replicaPorts.forEach((port, index) =>
      start(`bff-${index}`, process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
        PATH: process.env.PATH,
        PORT: String(port),
        APP_URL: proxyUrl,
        TRUST_PROXY: 'true',
        DATABASE_URL: services.databaseUrl,
        DATA_DIR: path.join(dir, `bff-${index}`),
        SESSION_SECRET: 'scale-out-run-session-secret-shared-by-all-replicas',
        CHAIN_RPC_URL: services.rpcUrl,
        CHAIN_ID: String(services.chainId),
        TREASURY_PRIVATE_KEY: services.treasuryPrivateKey,
        BRND_ADDRESS: services.contracts.brnd,
        BRAND_TOKEN_FACTORY_ADDRESS: services.contracts.brandTokenFactory,
        STAKING_ADDRESS: services.contracts.staking,
        SALE_WATCH_INTERVAL_MS: '500',
        LOG_LEVEL: 'warn',
        ...options.env,
      }),
    );

    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(proxyPort, replicaPorts));
    start(
      'nginx',
      NGINX_PATH,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        PATH: process.env.PATH,
      },
    );

    await Promise.all(replicaUrls.map((url) => waitFor(`${url}/api/ready`, firstExit)));
    await waitFor(`${proxyUrl}/api/ready`, firstExit);

    return {
      services,
      proxyUrl,
      replicaUrls,
      async kill(index) {
        const name = `bff-${index}`;
        const child = children.get(name)!;
        expected.add(name);
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      },
      output: () => log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
