import type { Migration } from '../migrate.ts';

/**
 * The ledger holds more than BRND: each brand token is an asset of its own (decision 015). An
 * account belongs to one asset for life; a user has one account per asset; a transaction must
 * balance in every asset it touches, not just in total (ten BRND must never pay for ten brand
 * tokens). Existing accounts are BRND.
 */
export const ledgerAssets: Migration = {
  name: '0060-ledger-assets',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE ledger_accounts ADD COLUMN asset text NOT NULL DEFAULT 'BRND';
      ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
      -- held: tokens waiting for an e-mail address without an account; burned: redeemed.
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
        CHECK (kind IN ('user', 'treasury', 'payouts', 'rewards', 'external', 'held', 'burned'));
      DROP INDEX ledger_accounts_user_key;
      CREATE UNIQUE INDEX ledger_accounts_user_asset_key ON ledger_accounts (user_id, asset);

      CREATE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.asset <> OLD.asset OR NEW.kind <> OLD.kind
           OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
          RAISE EXCEPTION 'ledger account % cannot change its asset, kind or owner', OLD.id
            USING ERRCODE = 'raise_exception';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ledger_accounts_fixed BEFORE UPDATE OF asset, kind, user_id ON ledger_accounts
        FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();

      -- (transaction_id, id) lets the commit check find a transaction's last entry at once.
      CREATE INDEX ledger_entries_transaction_entry_idx ON ledger_entries (transaction_id, id);
      DROP INDEX ledger_entries_transaction_idx;

      -- Runs for every entry at commit, but sums once per transaction (at its last entry): a bulk
      -- give of 1,000 entries would otherwise sum 1,000 entries 1,000 times.
      CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        off record;
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_entries
                   WHERE transaction_id = NEW.transaction_id AND id > NEW.id) THEN
          RETURN NULL;
        END IF;
        SELECT a.asset, sum(e.amount) AS total INTO off
          FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = NEW.transaction_id
          GROUP BY a.asset HAVING sum(e.amount) <> 0
          LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'ledger transaction % does not sum to zero in % (%)',
            NEW.transaction_id, off.asset, off.total
            -- Not check_violation: that one means an overdraft to ledger.post.
            USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NULL;
      END $$;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        total numeric;
      BEGIN
        SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries
          WHERE transaction_id = NEW.transaction_id;
        IF total <> 0 THEN
          RAISE EXCEPTION 'ledger transaction % does not sum to zero (%)', NEW.transaction_id, total
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$;
      CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
      DROP INDEX ledger_entries_transaction_entry_idx;
      DROP TRIGGER ledger_accounts_fixed ON ledger_accounts;
      DROP FUNCTION ledger_account_fixed;
      DROP INDEX ledger_accounts_user_asset_key;
      CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id);
      ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
        CHECK (kind IN ('user', 'treasury', 'payouts', 'rewards', 'external'));
      ALTER TABLE ledger_accounts DROP COLUMN asset;
    `);
  },
};
