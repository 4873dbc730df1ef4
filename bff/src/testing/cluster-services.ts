/**
 * What the replicas of a scale-out run (tests/cluster) share, started once: an embedded PostgreSQL (migrated,
 * with an operator account) and one anvil with the platform's contracts. Prints one JSON line
 * (`ClusterServices`) on stdout and stops everything on SIGTERM. Run by tests/cluster/cluster.ts.
 */
import { startAnvil } from '@brnd/contracts/chain/anvil';
import { connectDevChain } from '../chain/platform-chain.ts';
import { ensureDatabase } from '../db/admin.ts';
import { openDatabase, withDatabaseName } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateUp } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher } from '../services/passwords.ts';
import { seedIfEmpty } from '../seed/demo.ts';

export interface ClusterServices {
  databaseUrl: string;
  rpcUrl: string;
  chainId: number;
  treasuryPrivateKey: string;
  contracts: { brnd: string; brandTokenFactory: string; staking: string };
  operator: { email: string; password: string };
}

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
