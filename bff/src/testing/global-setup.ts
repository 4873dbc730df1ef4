import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { withAdminClient } from '../db/admin.ts';
import { openDatabase, withDatabaseName } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateUp } from '../db/migrate.ts';
import { dropDatabasesWithPrefix, type TestDatabaseInfo } from './test-database.ts';

/**
 * Vitest global setup for the `bff` and `conformance` projects: one PostgreSQL for the whole run
 * (embedded, or the server in DATABASE_URL), one migrated template database, and its details
 * provided to the tests, where `startTestApp()` copies the template for each app.
 */

interface SharedServer {
  users: number;
  ready: Promise<TestDatabaseInfo>;
  stop: () => Promise<void>;
}

// Each project loads this file separately; the process-wide slot makes them share one server.
const SLOT = Symbol.for('brnd.bff.test-postgres');
const registry = globalThis as { [SLOT]?: SharedServer };

async function startServer(cleanups: (() => Promise<void>)[]): Promise<TestDatabaseInfo> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-test-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true, fast: true });
    cleanups.push(() => embedded.stop());
    serverUrl = embedded.url;
  }
  // Unique per run, so parallel runs on one shared server never touch each other's databases.
  const prefix = `brnd_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const info: TestDatabaseInfo = { serverUrl, templateName: `${prefix}_template`, prefix };
  cleanups.push(() => dropDatabasesWithPrefix(info.serverUrl, info.prefix));

  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(info.templateName)}`),
  );
  const templateUrl = withDatabaseName(serverUrl, info.templateName);
  const db = openDatabase(templateUrl, { poolMax: 1 });
  try {
    await migrateUp(db.sequelize, templateUrl);
  } finally {
    // A template must have no open connections when it is copied.
    await db.close();
  }
  return info;
}

export default async function setup(project: TestProject) {
  let shared = registry[SLOT];
  if (!shared) {
    const cleanups: (() => Promise<void>)[] = [];
    const stop = async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    };
    const created: SharedServer = {
      users: 0,
      ready: startServer(cleanups).catch(async (error: unknown) => {
        await stop().catch(() => {});
        throw error;
      }),
      stop,
    };
    registry[SLOT] = created;
    shared = created;
  }
  shared.users += 1;
  const owner = shared;
  project.provide('brndTestDatabase', await owner.ready);

  return async () => {
    owner.users -= 1;
    if (owner.users > 0) return;
    delete registry[SLOT];
    await owner.stop();
  };
}
