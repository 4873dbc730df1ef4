import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withAdminClient } from '../db/admin.ts';
import { openDatabase, withDatabaseName, type Database } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateUp } from '../db/migrate.ts';

export interface BenchServer {
  serverUrl: string;
  stop(): Promise<void>;
}

/** A bench's PostgreSQL: DATABASE_URL's server if set, otherwise a throwaway embedded one. */
export async function startBenchServer(): Promise<BenchServer> {
  const url = process.env.DATABASE_URL;
  if (url) return { serverUrl: url, stop: async () => {} };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-bench-pg-'));
  const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true, fast: true });
  return {
    serverUrl: embedded.url,
    async stop() {
      await embedded.stop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ScratchDatabase {
  db: Database;
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A new, migrated database on `serverUrl` with a random name. */
export async function createScratchDatabase(
  serverUrl: string,
  { prefix = 'brnd_bench', poolMax }: { prefix?: string; poolMax?: number } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`),
  );
  const url = withDatabaseName(serverUrl, name);
  const db = openDatabase(url, poolMax ? { poolMax } : {});
  const drop = async () => {
    await db.close().catch(() => {});
    await withAdminClient(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
    );
  };
  try {
    await migrateUp(db.sequelize, url);
  } catch (error) {
    await drop();
    throw error;
  }
  return { db, url, drop };
}

/** A bench's own migrated database on its own server; `close` removes both. */
export async function openBenchDatabase(
  options: { poolMax?: number } = {},
): Promise<{ db: Database; url: string; close(): Promise<void> }> {
  const server = await startBenchServer();
  try {
    const scratch = await createScratchDatabase(server.serverUrl, options);
    return {
      db: scratch.db,
      url: scratch.url,
      async close() {
        await scratch.drop().catch(() => {});
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
