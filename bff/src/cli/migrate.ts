import { openDatabase } from '../db/database.ts';
import { migrateUp } from '../db/migrate.ts';
import { loadEnvOrExit } from '../env.ts';

/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL and exits, the step of an
 * upgrade that runs once before the new replicas start (docs/deploy.md). Replicas take the same
 * lock at start, so running it twice, or alongside a starting replica, is harmless.
 */
const env = loadEnvOrExit();
if (!env.databaseUrl) {
  console.error('DATABASE_URL is not set: the embedded PostgreSQL migrates itself on `npm start`');
  process.exit(1);
}
const db = openDatabase(env.databaseUrl);
try {
  const applied = await migrateUp(db.sequelize, env.databaseUrl);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the schema is up to date');
} finally {
  await db.close();
}
