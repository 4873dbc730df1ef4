import type { Migration } from '../migrate.ts';

/** BRND set aside for referral rewards (see docs/decisions/012-referral-rewards.md). */
const REFERRAL_POOL_BASE_UNITS = (50_000_000n * 10n ** 18n).toString();

/**
 * Referral links, who signed up through which link, and the rewards paid for them.
 *
 * The database holds the rules that keep rewards exactly-once: one referrer per account
 * (`referral_signups` keyed by the referred user), one reward per event (`UNIQUE (kind,
 * subject)`: a referred account, a brand, an order) tied to exactly one ledger transaction.
 */
export const referrals: Migration = {
  name: '0040-referrals',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE referral_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,64}$'),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
        clicks bigint NOT NULL DEFAULT 0 CHECK (clicks >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX referral_links_code_key ON referral_links (upper(code));
      CREATE INDEX referral_links_user_idx ON referral_links (user_id, created_at, id);

      -- Every account's own code is its first link, created with the account whatever code
      -- path creates it (sign-up, seed, admin tools).
      CREATE FUNCTION referral_links_for_new_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO referral_links (user_id, code, created_at)
        VALUES (NEW.id, NEW.referral_code, NEW.created_at);
        RETURN NEW;
      END $$;
      CREATE TRIGGER users_referral_link AFTER INSERT ON users
        FOR EACH ROW EXECUTE FUNCTION referral_links_for_new_user();
      INSERT INTO referral_links (user_id, code, created_at)
        SELECT id, referral_code, created_at FROM users;

      CREATE TABLE referral_signups (
        referred_user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        link_id uuid NOT NULL REFERENCES referral_links (id) ON DELETE CASCADE,
        referrer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (referred_user_id <> referrer_id)
      );
      CREATE INDEX referral_signups_link_idx ON referral_signups (link_id);

      CREATE TABLE referral_rewards (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('signup', 'brand', 'sale')),
        -- The event rewarded: the referred account (signup), the brand, or the order (sale).
        subject text NOT NULL,
        link_id uuid NOT NULL REFERENCES referral_links (id) ON DELETE RESTRICT,
        referrer_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        referred_user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        ledger_transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, subject),
        CHECK (referred_user_id <> referrer_id)
      );
      CREATE INDEX referral_rewards_link_idx ON referral_rewards (link_id);

      INSERT INTO ledger_accounts (id, kind, allow_negative) VALUES ('rewards:referrals', 'rewards', false);
      WITH funding AS (
        INSERT INTO ledger_transactions (idempotency_key, metadata)
        VALUES ('genesis:referral-pool', '{"kind": "genesis"}')
        RETURNING id
      )
      INSERT INTO ledger_entries (transaction_id, account_id, amount)
      SELECT id, 'external:supply', -${REFERRAL_POOL_BASE_UNITS} FROM funding
      UNION ALL
      SELECT id, 'rewards:referrals', ${REFERRAL_POOL_BASE_UNITS} FROM funding;
    `);
  },
  /**
   * Development only (production never migrates down). The ledger is append-only, so undoing the
   * pool's funding lifts that guard for its own rows alone, and refuses once any reward was paid.
   */
  async down({ context: sequelize }) {
    await sequelize.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM referral_rewards) THEN
          RAISE EXCEPTION '0040-referrals cannot be undone: referral rewards were paid';
        END IF;
      END $$;
      DROP TABLE referral_rewards, referral_signups;
      DROP TRIGGER users_referral_link ON users;
      DROP FUNCTION referral_links_for_new_user;
      DROP TABLE referral_links;

      ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
      ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only;
      DELETE FROM ledger_entries WHERE transaction_id =
        (SELECT id FROM ledger_transactions WHERE idempotency_key = 'genesis:referral-pool');
      DELETE FROM ledger_transactions WHERE idempotency_key = 'genesis:referral-pool';
      ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
      ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only;
      UPDATE ledger_accounts SET balance = balance + ${REFERRAL_POOL_BASE_UNITS}
        WHERE id = 'external:supply';
      DELETE FROM ledger_accounts WHERE id = 'rewards:referrals';
    `);
  },
};
