/** What the benches in tests/bench use of the bff: its real pieces, reached through one export. */
export { createBenchApp } from './bench-app.ts';
export { createScratchDatabase, openBenchDatabase, startBenchServer } from './bench-database.ts';
export { insertUserRow } from './users.ts';
export { createServices } from '../composition.ts';
export { openDatabase, type Database } from '../db/database.ts';
export { createLogger, createMemoryLogger } from '../logger.ts';
export { openTokenAccounts } from '../services/brand-tokens/accounts.ts';
export { parseGiveCsv } from '../services/brand-tokens/csv.ts';
export { ONE_TOKEN } from '../services/ledger.ts';
export { TEST_ARGON2_COST, createPasswordHasher } from '../services/passwords.ts';
export { createSessionService } from '../services/sessions.ts';
export { trendWeight } from '../services/votes.ts';
