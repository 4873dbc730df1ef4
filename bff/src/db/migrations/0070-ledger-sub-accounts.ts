import type { Migration } from '../migrate.ts';

/** Sub-accounts of each split account; more than the postings any pool runs at once. */
export const LEDGER_SUB_ACCOUNTS = 32;
/**
 * The BRND platform accounts that every vote, order, reward and payout posts to (decision 024).
 * Brand tokens' accounts are per brand and stay whole.
 */
const SPLIT_ACCOUNTS = [
  'external:supply',
  'external:chain',
  'treasury:sale',
  'rewards:pool',
  'rewards:referrals',
  'payouts:in_flight',
];

/** `ledger_post` as this migration made it (0171 replaces it; its down restores this). */
export const LEDGER_POST_0070 = `
      -- Posts a transaction once per key; returns it, and whether this call created it.
      CREATE FUNCTION ledger_post(
        p_key text, p_metadata jsonb, p_accounts text[], p_amounts numeric[]
      ) RETURNS TABLE (id bigint, metadata jsonb, created boolean)
      LANGUAGE plpgsql AS $$
      DECLARE
        split text[];
        targets text[] := '{}';
        amounts numeric[] := '{}';
        entry record;
        sub record;
        picked text;
        owed numeric;
        part numeric;
        posted bigint;
      BEGIN
        -- A retry (the common repeat) locks nothing.
        RETURN QUERY SELECT t.id, t.metadata, false FROM ledger_transactions t
          WHERE t.idempotency_key = p_key;
        IF FOUND THEN
          RETURN;
        END IF;

        SELECT array_agg(DISTINCT a.parent_id) INTO split FROM ledger_accounts a
          WHERE a.parent_id = ANY (p_accounts);
        IF split IS NULL THEN
          targets := p_accounts;
          amounts := p_amounts;
        ELSE
          FOR entry IN
            SELECT e.account, e.amount, p.allow_negative
            FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS e(account, amount, n)
            LEFT JOIN ledger_accounts p ON p.id = e.account AND p.id = ANY (split)
            ORDER BY e.n
          LOOP
            IF entry.allow_negative IS NULL THEN
              targets := targets || entry.account;
              amounts := amounts || entry.amount;
              CONTINUE;
            END IF;
            -- A free sub-account that can take the entry alone; never waits for a held one.
            SELECT a.id INTO picked FROM ledger_accounts a
              WHERE a.parent_id = entry.account
                AND (entry.allow_negative OR entry.amount > 0 OR a.balance >= -entry.amount)
              ORDER BY random() LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
            IF FOUND THEN
              targets := targets || picked;
              amounts := amounts || entry.amount;
            ELSIF entry.allow_negative OR entry.amount > 0 THEN
              -- Every sub-account is held: the parent takes it (locked below, in order).
              targets := targets || entry.account;
              amounts := amounts || entry.amount;
            ELSE
              -- A debit no free sub-account can pay alone: wait for the parent and all of its
              -- sub-accounts (in the fixed order) and pay it from as many as it takes. What is
              -- still owed goes to the parent, whose CHECK then refuses the overdraft.
              owed := -entry.amount;
              FOR sub IN
                SELECT a.id, a.balance FROM ledger_accounts a
                WHERE a.id = entry.account OR a.parent_id = entry.account
                ORDER BY a.id COLLATE "C" FOR NO KEY UPDATE
              LOOP
                EXIT WHEN owed = 0;
                part := least(owed, greatest(sub.balance, 0));
                IF part > 0 THEN
                  targets := targets || sub.id;
                  amounts := amounts || -part;
                  owed := owed - part;
                END IF;
              END LOOP;
              IF owed > 0 THEN
                targets := targets || entry.account;
                amounts := amounts || -owed;
              END IF;
            END IF;
          END LOOP;
        END IF;

        -- Every account in byte order of its id, so two postings never wait on each other in
        -- opposite orders (decision 005's addendum).
        PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (targets)
          ORDER BY a.id COLLATE "C" FOR NO KEY UPDATE;

        -- Waits for a concurrent insert of the same key, then skips: one wins, once.
        INSERT INTO ledger_transactions AS t (idempotency_key, metadata)
          VALUES (p_key, p_metadata)
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING t.id INTO posted;
        IF posted IS NULL THEN
          RETURN QUERY SELECT t.id, t.metadata, false FROM ledger_transactions t
            WHERE t.idempotency_key = p_key;
          RETURN;
        END IF;

        INSERT INTO ledger_entries (transaction_id, account_id, amount)
          SELECT posted, e.account, e.amount
          FROM unnest(targets, amounts) WITH ORDINALITY AS e(account, amount, n)
          ORDER BY e.n;
        RETURN QUERY SELECT posted, p_metadata, true;
      END $$;
`;

/**
 * A ledger without a hot row (decision 024). The platform accounts that every vote, order and
 * payout touched get sub-accounts. A posting still names the parent; `ledger_post` books it on a
 * sub-account no other transaction holds (SKIP LOCKED), so concurrent postings never queue on one
 * balance row. Each sub-account is an ordinary ledger account with its parent's asset, kind and
 * floor: its balance row moves with its entries, its CHECK refuses an overdraft, and the commit
 * check sums each transaction per asset, exactly as before. The parent's balance is its own plus
 * its sub-accounts'; the parent's existing balance is spread over them by a posting.
 *
 * `ledger_post` is the one way tokens move, in the database, so a vote can post in the same
 * statement as the vote itself; `ledger.post()` calls it.
 */
export const ledgerSubAccounts: Migration = {
  name: '0070-ledger-sub-accounts',
  async up({ context: sequelize }) {
    const subAccounts = SPLIT_ACCOUNTS.flatMap((parent) =>
      Array.from(
        { length: LEDGER_SUB_ACCOUNTS },
        (_, index) => `('${parent}/${String(index + 1).padStart(2, '0')}', '${parent}')`,
      ),
    ).join(',\n        ');
    await sequelize.query(`
      ALTER TABLE ledger_accounts ADD COLUMN parent_id text REFERENCES ledger_accounts (id);
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_sub_account_check
        CHECK (parent_id IS NULL OR user_id IS NULL);
      CREATE INDEX ledger_accounts_parent_idx ON ledger_accounts (parent_id)
        WHERE parent_id IS NOT NULL;

      INSERT INTO ledger_accounts (id, kind, allow_negative, asset, parent_id)
      SELECT s.id, p.kind, p.allow_negative, p.asset, p.id
      FROM (VALUES
        ${subAccounts}
      ) AS s(id, parent) JOIN ledger_accounts p ON p.id = s.parent;

      -- What a floor account holds now is spread evenly over its sub-accounts (the first takes
      -- the remainder), so a debit usually finds one free sub-account that can pay it alone.
      WITH parents AS (
        SELECT id, balance FROM ledger_accounts
        WHERE id IN (${SPLIT_ACCOUNTS.map((id) => `'${id}'`).join(', ')})
          AND NOT allow_negative AND balance > 0
      ), split AS (
        INSERT INTO ledger_transactions (idempotency_key, metadata)
        SELECT 'ledger:split:' || id, '{"kind": "split"}' FROM parents
        RETURNING id AS transaction_id, substr(idempotency_key, 14) AS parent
      )
      INSERT INTO ledger_entries (transaction_id, account_id, amount)
      SELECT split.transaction_id, parents.id, -parents.balance
        FROM split JOIN parents ON parents.id = split.parent
      UNION ALL
      SELECT split.transaction_id, sub.id,
        trunc(parents.balance / ${LEDGER_SUB_ACCOUNTS})
          + CASE WHEN sub.id LIKE '%/01' THEN mod(parents.balance, ${LEDGER_SUB_ACCOUNTS}) ELSE 0 END
        FROM split JOIN parents ON parents.id = split.parent
        JOIN ledger_accounts sub ON sub.parent_id = parents.id;

      CREATE OR REPLACE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.asset <> OLD.asset OR NEW.kind <> OLD.kind
           OR NEW.user_id IS DISTINCT FROM OLD.user_id
           OR NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
          RAISE EXCEPTION 'ledger account % cannot change its asset, kind, owner or parent', OLD.id
            USING ERRCODE = 'raise_exception';
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER ledger_accounts_fixed ON ledger_accounts;
      CREATE TRIGGER ledger_accounts_fixed
        BEFORE UPDATE OF asset, kind, user_id, parent_id ON ledger_accounts
        FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();

      ${LEDGER_POST_0070}
    `);
  },
  /**
   * Development only (production never migrates down). Entries are append-only, so undoing the
   * split lifts that guard for the split postings alone, and refuses once anything else was
   * booked on a sub-account.
   */
  async down({ context: sequelize }) {
    await sequelize.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_entries e
                   JOIN ledger_accounts a ON a.id = e.account_id
                   JOIN ledger_transactions t ON t.id = e.transaction_id
                   WHERE a.parent_id IS NOT NULL AND t.idempotency_key NOT LIKE 'ledger:split:%') THEN
          RAISE EXCEPTION '0070-ledger-sub-accounts cannot be undone: sub-accounts were posted to';
        END IF;
      END $$;
      DROP FUNCTION ledger_post;
      ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
      ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only;
      DELETE FROM ledger_entries WHERE transaction_id IN
        (SELECT id FROM ledger_transactions WHERE idempotency_key LIKE 'ledger:split:%');
      DELETE FROM ledger_transactions WHERE idempotency_key LIKE 'ledger:split:%';
      ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
      ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only;
      UPDATE ledger_accounts p SET balance = p.balance + s.total
        FROM (SELECT parent_id, sum(balance) AS total FROM ledger_accounts
              WHERE parent_id IS NOT NULL GROUP BY parent_id) s
        WHERE p.id = s.parent_id;
      DELETE FROM ledger_accounts WHERE parent_id IS NOT NULL;

      DROP TRIGGER ledger_accounts_fixed ON ledger_accounts;
      CREATE OR REPLACE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      ALTER TABLE ledger_accounts DROP COLUMN parent_id;
    `);
  },
};
