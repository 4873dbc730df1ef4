import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { Umzug, type RunnableMigration, type UmzugStorage } from 'umzug';
import { accounts } from './migrations/0001-accounts.ts';
import { contactMessages } from './migrations/0002-contact-messages.ts';
import { ledger } from './migrations/0010-ledger.ts';
import { payoutChainGenesis } from './migrations/0011-payout-chain-genesis.ts';
import { brands } from './migrations/0030-brands.ts';
import { brandSearchKnn } from './migrations/0031-brand-search-knn.ts';
import { sale } from './migrations/0020-sale.ts';
import { referrals } from './migrations/0040-referrals.ts';
import { operators } from './migrations/0050-operators.ts';
import { buybacks } from './migrations/0051-buybacks.ts';
import { newsletter } from './migrations/0052-newsletter.ts';
import { brandVerification } from './migrations/0053-brand-verification.ts';
import { brandSearchTiers } from './migrations/0054-brand-search-tiers.ts';
import { verificationDecisions } from './migrations/0055-verification-decisions.ts';
import { paymentRecords } from './migrations/0057-payment-records.ts';
import { saleTiersPayoutRetries } from './migrations/0058-sale-tiers-payout-retries.ts';
import { ledgerAssets } from './migrations/0060-ledger-assets.ts';
import { brandTokens } from './migrations/0061-brand-tokens.ts';
import { brandTokenTickers } from './migrations/0062-brand-token-tickers.ts';
import { verificationDocuments } from './migrations/0063-verification-documents.ts';
import { verificationRevocation } from './migrations/0064-verification-revocation.ts';
import { verificationResubmission } from './migrations/0065-verification-resubmission.ts';
import { ledgerSubAccounts } from './migrations/0070-ledger-sub-accounts.ts';
import { castVote } from './migrations/0071-cast-vote.ts';
import { paymentSeenAt } from './migrations/0078-payment-seen-at.ts';
import { treasuryTransactions } from './migrations/0085-treasury-transactions.ts';
import { liveEvents } from './migrations/0095-live-events.ts';
import { oneVerifiedPhone } from './migrations/0100-one-verified-phone.ts';
import { smsSends } from './migrations/0101-sms-sends.ts';
import { walletProofs } from './migrations/0105-wallet-proofs.ts';
import { treasuryBumpRequests } from './migrations/0106-treasury-bump-requests.ts';
import { voteWithoutCommitLock } from './migrations/0115-vote-without-commit-lock.ts';
import { smsSendsPruning } from './migrations/0120-sms-sends-pruning.ts';
import { e164PhoneNumbers } from './migrations/0121-e164-phone-numbers.ts';
import { signerNonces } from './migrations/0130-signer-nonces.ts';
import { buybackPurchases } from './migrations/0150-buyback-purchases.ts';
import { votesInBatches } from './migrations/0140-votes-in-batches.ts';
import { referralLinkArchive } from './migrations/0160-referral-link-archive.ts';
import { currentMonthTallies } from './migrations/0170-current-month-tallies.ts';
import { ledgerPostingsInBatches } from './migrations/0171-ledger-postings-in-batches.ts';
import { brandSearchNames } from './migrations/0180-brand-search-names.ts';
import { brandSearchOneTypo } from './migrations/0190-brand-search-one-typo.ts';
import { providerNotifications } from './migrations/0075-provider-notifications.ts';
import { idempotencyKeys } from './migrations/0076-idempotency-keys.ts';
import { cardOrderExpiry } from './migrations/0077-card-order-expiry.ts';
import { outboxHtml } from './migrations/0090-outbox-html.ts';
import { smsDeliveries } from './migrations/0091-sms-deliveries.ts';

export type Migration = RunnableMigration<Sequelize>;

/** In order. A migration, once released, is never edited: add a new one. */
export const migrations: Migration[] = [
  accounts,
  contactMessages,
  ledger,
  payoutChainGenesis,
  brands,
  brandSearchKnn,
  sale,
  referrals,
  operators,
  buybacks,
  newsletter,
  brandVerification,
  brandSearchTiers,
  verificationDecisions,
  paymentRecords,
  saleTiersPayoutRetries,
  ledgerAssets,
  brandTokens,
  brandTokenTickers,
  verificationDocuments,
  verificationRevocation,
  verificationResubmission,
  ledgerSubAccounts,
  castVote,
  paymentSeenAt,
  treasuryTransactions,
  liveEvents,
  providerNotifications,
  idempotencyKeys,
  cardOrderExpiry,
  outboxHtml,
  smsDeliveries,
  oneVerifiedPhone,
  smsSends,
  walletProofs,
  treasuryBumpRequests,
  voteWithoutCommitLock,
  smsSendsPruning,
  e164PhoneNumbers,
  signerNonces,
  votesInBatches,
  buybackPurchases,
  referralLinkArchive,
  currentMonthTallies,
  ledgerPostingsInBatches,
  brandSearchNames,
  brandSearchOneTypo,
];

/** Any constant works; it only has to be the same for every bff instance. */
const MIGRATION_LOCK_ID = 7_251_001;

/** Executed migration names live in a plain table we create ourselves (no `sync()` anywhere). */
function tableStorage(sequelize: Sequelize): UmzugStorage<Sequelize> {
  const ensureTable = () =>
    sequelize.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         run_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  return {
    async executed() {
      await ensureTable();
      const [rows] = await sequelize.query('SELECT name FROM schema_migrations ORDER BY name');
      return (rows as { name: string }[]).map((row) => row.name);
    },
    async logMigration({ name }) {
      await ensureTable();
      await sequelize.query('INSERT INTO schema_migrations (name) VALUES ($1)', { bind: [name] });
    },
    async unlogMigration({ name }) {
      await ensureTable();
      await sequelize.query('DELETE FROM schema_migrations WHERE name = $1', { bind: [name] });
    },
  };
}

export function createMigrator(sequelize: Sequelize): Umzug<Sequelize> {
  return new Umzug({
    migrations,
    context: sequelize,
    storage: tableStorage(sequelize),
    logger: undefined,
  });
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so bff instances starting together on
 * one database migrate (and seed) one after the other. The lock lives on its own connection
 * because Sequelize's pool hands out a different connection per query.
 */
export async function withMigrationLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

export async function migrateUp(sequelize: Sequelize, url: string): Promise<string[]> {
  return withMigrationLock(url, async () => {
    const applied = await createMigrator(sequelize).up();
    return applied.map((migration) => migration.name);
  });
}
