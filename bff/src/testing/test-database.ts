import { randomBytes } from 'node:crypto';
import { withAdminClient } from '../db/admin.ts';
import { withDatabaseName } from '../db/database.ts';

/** What the global setup hands to every test worker (must survive structuredClone). */
export interface TestDatabaseInfo {
  /** Any database URL on the test server; others are derived from it. */
  serverUrl: string;
  /** Migrated database that each test database is copied from. */
  templateName: string;
  /** Prefix of every database this run creates, so teardown drops exactly those. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    brndTestDatabase: TestDatabaseInfo;
  }
}

/** Another CREATE DATABASE is copying the same template at this moment (SQLSTATE 55006). */
const TEMPLATE_BUSY = '55006';

export async function createDatabaseFromTemplate(info: TestDatabaseInfo): Promise<string> {
  const name = `${info.prefix}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(info.serverUrl, async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(
          `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(info.templateName)}`,
        );
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== TEMPLATE_BUSY || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  });
  return withDatabaseName(info.serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

export async function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<void> {
  const names = await withAdminClient(serverUrl, async (client) => {
    const result = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return result.rows.map((row) => row.datname);
  });
  for (const name of names) await dropDatabase(serverUrl, name);
}
