import type { Migration } from '../migrate.ts';

/** Whole BRND in the token sale allocation (the treasury view counts down from it). */
const SALE_ALLOCATION_BASE_UNITS = (400_000_000n * 10n ** 18n).toString();

/**
 * The token ledger (double-entry), payouts to wallets and the chain deployments.
 *
 * The database itself keeps the ledger's invariants, so no code path (or psql session) can
 * break them: entries are append-only, a transaction's entries sum to zero (checked at commit),
 * each account's balance is maintained by a trigger in the same transaction as its entries, and a
 * CHECK refuses a negative balance on accounts that may not go negative.
 */
export const ledger: Migration = {
  name: '0010-ledger',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE ledger_accounts (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('user', 'treasury', 'payouts', 'rewards', 'external')),
        user_id uuid REFERENCES users (id) ON DELETE RESTRICT,
        allow_negative boolean NOT NULL DEFAULT false,
        balance numeric(78, 0) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (allow_negative OR balance >= 0),
        CHECK ((kind = 'user') = (user_id IS NOT NULL))
      );
      CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id);

      CREATE TABLE ledger_transactions (
        id bigserial PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
        account_id text NOT NULL REFERENCES ledger_accounts (id),
        amount numeric(78, 0) NOT NULL CHECK (amount <> 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
      CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);

      -- A correction is a reversing transaction, never an edit.
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'raise_exception';
      END $$;
      CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
        FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
      CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
      CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
        FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
      CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

      -- The balance moves with the entry, in the same transaction, under the row's lock; the
      -- CHECK on ledger_accounts then refuses an overdraft.
      CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
        FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();

      -- Checked at commit, when every entry of the transaction is in.
      CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
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
      CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

      -- The platform's own accounts. 'external:supply' is where tokens come from and
      -- 'external:chain' where they go when paid out on-chain: both may go negative.
      INSERT INTO ledger_accounts (id, kind, allow_negative) VALUES
        ('external:supply', 'external', true),
        ('external:chain', 'external', true),
        ('treasury:sale', 'treasury', false),
        ('rewards:pool', 'rewards', false),
        ('payouts:in_flight', 'payouts', false);

      WITH genesis AS (
        INSERT INTO ledger_transactions (idempotency_key, metadata)
        VALUES ('genesis:sale-allocation', '{"kind": "genesis"}')
        RETURNING id
      )
      INSERT INTO ledger_entries (transaction_id, account_id, amount)
      SELECT id, 'external:supply', -${SALE_ALLOCATION_BASE_UNITS} FROM genesis
      UNION ALL
      SELECT id, 'treasury:sale', ${SALE_ALLOCATION_BASE_UNITS} FROM genesis;

      CREATE TABLE payouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        to_address text NOT NULL,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'signed', 'broadcast', 'confirmed', 'failed')),
        chain_id bigint NOT NULL,
        nonce bigint,
        raw_transaction text,
        tx_hash text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((raw_transaction IS NULL) = (tx_hash IS NULL))
      );
      CREATE INDEX payouts_user_idx ON payouts (user_id, created_at DESC);
      CREATE INDEX payouts_unfinished_idx ON payouts (status)
        WHERE status IN ('pending', 'signed', 'broadcast');
      CREATE UNIQUE INDEX payouts_tx_hash_key ON payouts (tx_hash);

      CREATE TABLE chain_deployments (
        chain_id bigint NOT NULL,
        genesis_hash text NOT NULL,
        brnd text NOT NULL,
        brand_token_factory text NOT NULL,
        staking text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain_id, genesis_hash)
      );

      ALTER TABLE users ADD COLUMN wallet_address text;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE users DROP COLUMN wallet_address;
      DROP TABLE chain_deployments, payouts, ledger_entries, ledger_transactions, ledger_accounts;
      DROP FUNCTION ledger_append_only, ledger_apply_entry, ledger_check_balanced;
    `);
  },
};
