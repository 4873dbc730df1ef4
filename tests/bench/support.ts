import { startBenchServer, type BenchServer } from '@brnd/bff/bench-database';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { LatencySpec } from './latency-load.ts';
import type { LoadResult, LoadSpec } from './steady-load.ts';

const execFileAsync = promisify(execFile);

/**
 * What every bench shares: the PostgreSQL servers it runs against, A/B rounds that alternate
 * with a warm-up and report the median, and goals printed as met or MISSED.
 */

/** The machine's own PostgreSQL (fsync on), used next to the embedded one when it answers. */
const MACHINE_URL = process.env.BENCH_MACHINE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchTarget {
  label: string;
  server: BenchServer;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs `work` on each server in turn: the embedded PostgreSQL (or DATABASE_URL's), then the
 * machine's PostgreSQL with its real settings when it is reachable. Figures are prefixed with
 * the server's label.
 */
export async function onEachServer(
  work: (target: BenchTarget) => Promise<Record<string, string>>,
): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  const servers: { label: string; start: () => Promise<BenchServer> }[] = [
    {
      label: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
      start: () => startBenchServer(),
    },
  ];
  if (!process.env.DATABASE_URL && process.env.BENCH_MACHINE_PG !== '0') {
    if (await reachable(MACHINE_URL)) {
      servers.push({
        label: 'machine pg',
        start: async () => ({ serverUrl: MACHINE_URL, stop: async () => {} }),
      });
    } else {
      figures['machine pg'] = `not reachable at ${MACHINE_URL}: skipped`;
    }
  }
  for (const { label, start } of servers) {
    const server = await start();
    try {
      const settings = await serverSettings(server.serverUrl);
      figures[`${label}: server`] = settings;
      for (const [key, value] of Object.entries(await work({ label, server }))) {
        figures[`${label}: ${key}`] = value;
      }
    } finally {
      await server.stop();
    }
  }
  return figures;
}

async function serverSettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; fsync: string; commit: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS commit`,
    );
    const row = rows[0]!;
    return `PostgreSQL ${row.version}, fsync ${row.fsync}, synchronous_commit ${row.commit}`;
  } finally {
    await client.end();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Runs each variant once as a warm-up, then `afterWarmUp` (a bench passes `ANALYZE`, so the
 * planner knows the tables as the warm-up filled them: statistics of empty tables make the
 * cached plans of PL/pgSQL functions scan whole tables, which slows every round as they grow),
 * then `rounds` times in alternation (A B C, A B C, …) so load from elsewhere on the machine hits
 * every side alike; returns each variant's median.
 */
export async function alternate<K extends string>(
  variants: Record<K, (round: number) => Promise<number>>,
  { rounds = 5, afterWarmUp }: { rounds?: number; afterWarmUp?: () => Promise<unknown> } = {},
): Promise<Record<K, number>> {
  const names = Object.keys(variants) as K[];
  for (const name of names) await variants[name](-1);
  await afterWarmUp?.();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) samples[name].push(await variants[name](round));
  }
  return Object.fromEntries(names.map((name) => [name, median(samples[name])])) as Record<
    K,
    number
  >;
}

/** `value` against a goal: "1.23 (goal >= 0.5: met)" or "… MISSED". */
export function goal(
  value: number,
  target: number,
  direction: 'atLeast' | 'below' | 'atMost',
  digits = 2,
): string {
  const met =
    direction === 'atLeast'
      ? value >= target
      : direction === 'atMost'
        ? value <= target
        : value < target;
  const sign = direction === 'atLeast' ? '>=' : direction === 'atMost' ? '<=' : '<';
  return `${value.toFixed(digits)} (goal ${sign} ${target}: ${met ? 'met' : 'MISSED'})`;
}

/** Runs `task(0..total-1)` with `concurrency` workers; returns tasks per second. */
export async function throughput(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/**
 * Sends `spec`'s load from a process of its own (steady-load.ts), so the load generator never
 * takes its CPU from the server's event loop unseen; throws when a request failed.
 */
export async function loadFromAnotherProcess(spec: LoadSpec): Promise<LoadResult> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'brnd-load-'));
  try {
    const file = path.join(directory, 'spec.json');
    await writeFile(file, JSON.stringify(spec));
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'steady-load.ts'), file],
      { maxBuffer: 1 << 20 },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
    if (result.failed > 0) throw new Error(`${spec.url}: ${result.failed} failed requests`);
    return result;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Each request's time in ms (in the order of `spec.paths`, warm-up left out), sent by
 * `spec.clients` concurrent clients from a process of their own (latency-load.ts).
 */
export async function latenciesFromAnotherProcess(spec: LatencySpec): Promise<number[]> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'brnd-latency-'));
  try {
    const file = path.join(directory, 'spec.json');
    await writeFile(file, JSON.stringify(spec));
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'latency-load.ts'), file],
      { maxBuffer: 1 << 26 },
    );
    return JSON.parse(stdout.trim().split('\n').pop()!) as number[];
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The machine is shared: a figure means little without the load it was taken under. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ');
}

/** A statement as the bff sent it, for a bare handler to send again. */
export interface Statement {
  sql: string;
  bind: unknown[];
}

/**
 * What the bff did for one request, for the bare side to do again: the statements it sent and
 * the headers it answered with (those Node writes itself and the request's own id left out).
 */
export interface Replay {
  statements: Statement[];
  headers: Record<string, string>;
}

/** Headers of an answer the bare side does not replay: Node writes them, or they are per request. */
export const UNREPLAYED_HEADERS = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

/** Where a request's recording is kept: its bearer token and its path. */
export const replayKey = (path: string, token: string | undefined) => `${token ?? ''} ${path}`;

/**
 * Starts a server script in a process of its own (`node --import tsx script ...args`, plus
 * `nodeOptions` such as --cpu-prof) and waits for the `{"url": …}` line it prints.
 */
export async function startServerProcess(
  script: string,
  args: string[],
  nodeOptions: string[] = [],
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((text) => text.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A process's CPU time so far (user + system), in microseconds, from /proc. */
export async function processCpuMicros(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, what /proc/<pid>/stat counts in. */
const CLOCK_TICKS_PER_SECOND = 100;
