/**
 * `npm run admin:create -- --email ops@example.com [--name "Ada Ops"] [--password …]`
 *
 * Makes an operator. Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: the running
 * server's cluster when it is up, otherwise it starts the cluster for the moment it needs it.
 */
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@brnd/contracts/domain/constants';
import { ensureDatabase } from '../db/admin.ts';
import { openDatabase, withDatabaseName } from '../db/database.ts';
import {
  EMBEDDED_DATABASE,
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
} from '../db/embedded.ts';
import { migrateUp } from '../db/migrate.ts';
import { loadEnvOrExit } from '../env.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher } from '../services/passwords.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email <e-mail> [--name <name>] [--password <p>]');
  process.exit(2);
}

const env = loadEnvOrExit();
let stopCluster = async () => {};
let url = env.databaseUrl;
if (!url) {
  let clusterUrl = await runningEmbeddedPostgresUrl(env.dataDir);
  if (!clusterUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: env.dataDir });
    stopCluster = () => embedded.stop();
    clusterUrl = embedded.url;
  }
  url = await ensureDatabase(withDatabaseName(clusterUrl, EMBEDDED_DATABASE));
}

const db = openDatabase(url, { poolMax: 2 });
try {
  await migrateUp(db.sequelize, url);
  const result = await createOperator(db, createPasswordHasher(), {
    email: values.email,
    name: values.name,
    password: values.password,
  });
  if (result.outcome === 'created') {
    console.log(`Created operator ${result.email}. Password (shown once): ${result.password}`);
  } else if (result.outcome === 'promoted') {
    console.log(`${result.email} is now an operator; the account keeps its password.`);
  } else {
    console.log(`${result.email} is already an operator.`);
  }
} catch (error) {
  const message = v.isValiError(error)
    ? `That e-mail address or password is not valid (passwords: ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with a lower- and upper-case letter, a digit and a symbol).`
    : String(error);
  console.error(message);
  process.exitCode = 1;
} finally {
  await db.close();
  await stopCluster();
}
