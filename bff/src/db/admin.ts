import pg from 'pg';
import { databaseName, withDatabaseName } from './database.ts';

/** Runs `work` with a short-lived connection to the server's maintenance database. */
export async function withAdminClient<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` unless it exists; returns `url`. */
export async function ensureDatabase(url: string): Promise<string> {
  const name = databaseName(url);
  await withAdminClient(url, async (client) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    }
  });
  return url;
}
