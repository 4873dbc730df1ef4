/**
 * What the replicas of a scale-out run share, started once: an embedded PostgreSQL (migrated,
 * with an operator account) and one anvil with the platform's contracts. Prints one JSON line
 * (`ClusterServices`) on stdout and stops everything on SIGTERM. Run by cluster.ts.
 */
import { startAnvil } from '@brnd/contracts/chain/anvil';
import { connectDevChain } from '../../bff/src/chain/platform-chain.ts';
import { ensureDatabase } from '../../bff/src/db/admin.ts';
import { openDatabase, withDatabaseName } from '../../bff/src/db/database.ts';
import { startEmbeddedPostgres } from '../../bff/src/db/embedded.ts';
import { migrateUp } from '../../bff/src/db/migrate.ts';
import { createLogger } from '../../bff/src/logger.ts';
import { createOperator } from '../../bff/src/services/operators.ts';
import { createPasswordHasher } from '../../bff/src/services/passwords.ts';
import { seedIfEmpty } from '../../bff/src/seed/demo.ts';
import type { ClusterServices } from './cluster.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: services.ts <data dir>');
const operator = { email: 'ops@brnd.example', password: 'Operator1!x' };

const [postgres, anvil] = await Promise.all([
  startEmbeddedPostgres({ dataDir, ephemeral: true, fast: true }),
  startAnvil(),
]);
const stop = async () => {
  await anvil.stop();
  await postgres.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

const databaseUrl = await ensureDatabase(withDatabaseName(postgres.url, 'brnd'));
const db = openDatabase(databaseUrl, { poolMax: 2 });
await migrateUp(db.sequelize, databaseUrl);
const treasuryPrivateKey = anvil.accounts[0]!.privateKey;
const chain = await connectDevChain(db, createLogger({ level: 'warn', json: false }), {
  rpcUrl: anvil.rpcUrl,
  chainId: anvil.chainId,
  treasuryPrivateKey,
});
// The demo data first: replicas seed only a database without users, and the operator is one.
const hasher = createPasswordHasher();
await seedIfEmpty(db, hasher);
await createOperator(db, hasher, { ...operator, name: 'Ops' });
await chain.stop();
await db.close();

const services: ClusterServices = {
  databaseUrl,
  rpcUrl: anvil.rpcUrl,
  chainId: anvil.chainId,
  treasuryPrivateKey,
  contracts: chain.contracts,
  operator,
};
console.log(JSON.stringify(services));
