import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from 'vitest';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './embedded.ts';

test('a command-line tool finds the cluster a running server started, and none once it stops', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-embedded-'));
  try {
    expect(await runningEmbeddedPostgresUrl(dataDir)).toBeNull();
    const server = await startEmbeddedPostgres({ dataDir, ephemeral: true, fast: true });
    try {
      const url = await runningEmbeddedPostgresUrl(dataDir);
      expect(url).toBe(server.url);
      const client = new pg.Client({ connectionString: url ?? '' });
      await client.connect();
      const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
      await client.end();
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
    }
    expect(await runningEmbeddedPostgresUrl(dataDir)).toBeNull();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
