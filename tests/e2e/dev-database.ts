import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';

/**
 * The e2e server's database, for arranging what would take days (a stake's age): the
 * DATABASE_URL it was given, or the embedded PostgreSQL that /dev/info lists, with the password
 * the server keeps in its data directory.
 */
export async function devDatabase(request: APIRequestContext): Promise<pg.Client> {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const info = (await (await request.get('/dev/info')).json()) as {
      services: { name: string; url: string }[];
    };
    const listed = info.services.find((service) => service.name === 'PostgreSQL');
    if (!listed) throw new Error('/dev/info lists no embedded PostgreSQL');
    const password = readFileSync(
      path.join(process.env.E2E_DATA_DIR as string, 'postgres-password'),
      'utf8',
    ).trim();
    const embedded = new URL(listed.url);
    embedded.username = 'postgres';
    embedded.password = password;
    url = embedded.toString();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
