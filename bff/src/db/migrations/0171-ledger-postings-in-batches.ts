import type { Migration } from '../migrate.ts';
import { LEDGER_POST_0070 } from './0070-ledger-sub-accounts.ts';

/**
 * Postings in batches, balances moved once per statement (decision 080).
 *
 * `ledger_post_batch` posts many transactions in one statement, each once per idempotency key,
 * so postings that arrive together share a round trip, a commit and a WAL flush (the ledger
 * service gathers the ones not made inside a caller's transaction). Per batch, each split account
 * (decision 024) is booked on one free sub-account (SKIP LOCKED) that takes all of the batch's
 * entries on it, a floor account's only if its balance covers all of the batch's debits of it;
 * otherwise as `ledger_post` of 0070 did: the parent if every sub-account is held, or, for a floor
 * debit, the parent and all its sub-accounts in the fixed order, paid from as many as it takes.
 * Then every account in byte order of its id, then the transaction rows and their entries, each
 * in one INSERT. `ledger_post` is a batch of one, so the rules have one spelling.
 *
 * The entries' row triggers of 0010/0060 (one balance UPDATE per entry, and a sum per entry at
 * commit) become one statement trigger over the inserted rows: it refuses a statement whose new
 * entries do not sum to zero per transaction and asset, then moves each account's balance once
 * by the sum of its new entries (the accounts' CHECK still refuses an overdraft). A statement's
 * entries balance on their own, so every transaction does: each transaction's entries are
 * written in one statement (every writer does), and an entry added later must balance by itself.
 */
const APPLY_ENTRIES = `
  CREATE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    off record;
  BEGIN
    SELECT e.transaction_id, a.asset, sum(e.amount) AS total INTO off
      FROM added e JOIN ledger_accounts a ON a.id = e.account_id
      GROUP BY e.transaction_id, a.asset HAVING sum(e.amount) <> 0
      LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'ledger transaction % does not sum to zero in % (%)',
        off.transaction_id, off.asset, off.total
        -- Not check_violation: that one means an overdraft to ledger.post.
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    -- The writers hold these rows already, locked in byte order of their ids.
    UPDATE ledger_accounts a SET balance = a.balance + s.total
      FROM (SELECT account_id, sum(amount) AS total FROM added GROUP BY account_id) s
      WHERE a.id = s.account_id;
    RETURN NULL;
  END $$;
  DROP TRIGGER ledger_entries_apply ON ledger_entries;
  DROP TRIGGER ledger_entries_balanced ON ledger_entries;
  CREATE TRIGGER ledger_entries_applied AFTER INSERT ON ledger_entries
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();
`;

const POST_BATCH = `
  -- p_postings[i] is the posting (1-based, into p_keys) that entry i belongs to. Answers one row
  -- per posting: its transaction, and whether this call created it.
  CREATE FUNCTION ledger_post_batch(
    p_keys text[], p_metadata jsonb[], p_postings integer[], p_accounts text[],
    p_amounts numeric[]
  ) RETURNS TABLE (posting integer, id bigint, metadata jsonb, created boolean)
  LANGUAGE plpgsql
  -- Every statement here is driven by the arrays and reaches rows through primary and unique
  -- keys, so the generic plan is the plan; replanning them on every call was a third of the
  -- backend's CPU for a posting made alone (decision 080's addendum).
  SET plan_cache_mode = force_generic_plan
  AS $$
  DECLARE
    fresh integer[];
    split record;
    picked text;
    mapped_from text[] := '{}';
    mapped_to text[] := '{}';
    waited text[] := '{}';
    entry record;
    held_ids text[];
    held_left numeric[];
    owed numeric;
    part numeric;
    t_postings integer[] := '{}';
    t_accounts text[] := '{}';
    t_amounts numeric[] := '{}';
    new_postings integer[];
    new_ids bigint[];
  BEGIN
    -- Keys posted before (the common retry) lock nothing; a key given twice is posted once.
    SELECT coalesce(array_agg(f.n), '{}') INTO fresh FROM (
      SELECT DISTINCT ON (k.key) k.n FROM unnest(p_keys) WITH ORDINALITY AS k(key, n)
      WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = k.key)
      ORDER BY k.key, k.n
    ) f;

    IF cardinality(fresh) > 0 THEN
      FOR split IN
        SELECT p.id, p.allow_negative,
               coalesce(sum(-e.amount) FILTER (WHERE e.amount < 0), 0) AS debits
        FROM unnest(p_postings, p_accounts, p_amounts) AS e(posting, account, amount)
        JOIN ledger_accounts p ON p.id = e.account
        WHERE e.posting = ANY (fresh) AND p.kind <> 'user'
          AND EXISTS (SELECT 1 FROM ledger_accounts s WHERE s.parent_id = p.id)
        GROUP BY p.id, p.allow_negative
        ORDER BY p.id COLLATE "C"
      LOOP
        -- A free sub-account that can take all of the batch's entries; never waits for a held one.
        SELECT a.id INTO picked FROM ledger_accounts a
          WHERE a.parent_id = split.id AND (split.allow_negative OR a.balance >= split.debits)
          ORDER BY random() LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
        IF FOUND THEN
          mapped_from := mapped_from || split.id;
          mapped_to := mapped_to || picked;
        ELSIF split.allow_negative OR split.debits = 0 THEN
          -- Every sub-account is held: the parent takes them (locked below, in order).
          CONTINUE;
        ELSE
          -- Debits no free sub-account can pay alone: wait for the parent and all of its
          -- sub-accounts (in the fixed order) and pay each from as many as it takes. What is
          -- still owed goes to the parent, whose CHECK then refuses the overdraft.
          waited := waited || split.id;
          SELECT array_agg(h.id ORDER BY h.id COLLATE "C"),
                 array_agg(greatest(h.balance, 0) ORDER BY h.id COLLATE "C")
            INTO held_ids, held_left
            FROM (SELECT a.id, a.balance FROM ledger_accounts a
                  WHERE a.id = split.id OR a.parent_id = split.id
                  ORDER BY a.id COLLATE "C" FOR NO KEY UPDATE) h;
          FOR entry IN
            SELECT e.posting, e.amount
            FROM unnest(p_postings, p_accounts, p_amounts) WITH ORDINALITY AS e(posting, account, amount, k)
            WHERE e.account = split.id AND e.posting = ANY (fresh)
            ORDER BY e.k
          LOOP
            IF entry.amount > 0 THEN
              t_postings := t_postings || entry.posting;
              t_accounts := t_accounts || split.id;
              t_amounts := t_amounts || entry.amount;
              CONTINUE;
            END IF;
            owed := -entry.amount;
            FOR i IN 1 .. cardinality(held_ids) LOOP
              EXIT WHEN owed = 0;
              part := least(owed, held_left[i]);
              IF part > 0 THEN
                t_postings := t_postings || entry.posting;
                t_accounts := t_accounts || held_ids[i];
                t_amounts := t_amounts || -part;
                held_left[i] := held_left[i] - part;
                owed := owed - part;
              END IF;
            END LOOP;
            IF owed > 0 THEN
              t_postings := t_postings || entry.posting;
              t_accounts := t_accounts || split.id;
              t_amounts := t_amounts || -owed;
            END IF;
          END LOOP;
        END IF;
      END LOOP;

      SELECT t_postings || coalesce(array_agg(e.posting ORDER BY e.k), '{}'),
             t_accounts || coalesce(array_agg(coalesce(mapped_to[array_position(mapped_from, e.account)],
                                                       e.account) ORDER BY e.k), '{}'),
             t_amounts || coalesce(array_agg(e.amount ORDER BY e.k), '{}')
        INTO t_postings, t_accounts, t_amounts
        FROM unnest(p_postings, p_accounts, p_amounts) WITH ORDINALITY AS e(posting, account, amount, k)
        WHERE e.posting = ANY (fresh) AND NOT e.account = ANY (waited);

      -- Every account in byte order of its id, so two postings never wait on each other in
      -- opposite orders (decision 005's addendum).
      PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (t_accounts)
        ORDER BY a.id COLLATE "C" FOR NO KEY UPDATE;

      -- Waits for a concurrent insert of the same key, then skips: one wins, once.
      WITH inserted AS (
        INSERT INTO ledger_transactions AS t (idempotency_key, metadata)
          SELECT p_keys[f.n], p_metadata[f.n] FROM unnest(fresh) AS f(n) ORDER BY f.n
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING t.id, t.idempotency_key
      )
      SELECT array_agg(f.n), array_agg(i.id) INTO new_postings, new_ids
        FROM inserted i JOIN unnest(fresh) AS f(n) ON p_keys[f.n] = i.idempotency_key;

      IF new_postings IS NOT NULL THEN
        INSERT INTO ledger_entries (transaction_id, account_id, amount)
          SELECT c.id, e.account, e.amount
          FROM unnest(t_postings, t_accounts, t_amounts) WITH ORDINALITY AS e(posting, account, amount, k)
          JOIN unnest(new_postings, new_ids) AS c(posting, id) ON c.posting = e.posting
          ORDER BY c.id, e.k;
      END IF;
    END IF;

    RETURN QUERY
      SELECT k.n::integer, t.id, t.metadata, coalesce(k.n = ANY (new_postings), false)
      FROM unnest(p_keys) WITH ORDINALITY AS k(key, n)
      JOIN ledger_transactions t ON t.idempotency_key = k.key
      ORDER BY k.n;
  END $$;

  DROP FUNCTION ledger_post(text, jsonb, text[], numeric[]);
  CREATE FUNCTION ledger_post(p_key text, p_metadata jsonb, p_accounts text[], p_amounts numeric[])
  RETURNS TABLE (id bigint, metadata jsonb, created boolean)
  LANGUAGE sql AS $$
    SELECT b.id, b.metadata, b.created
    FROM ledger_post_batch(ARRAY[p_key], ARRAY[p_metadata],
                           array_fill(1, ARRAY[cardinality(p_accounts)]), p_accounts, p_amounts) b
  $$;
`;

export const ledgerPostingsInBatches: Migration = {
  name: '0171-ledger-postings-in-batches',
  async up({ context: sequelize }) {
    await sequelize.query(`${APPLY_ENTRIES}${POST_BATCH}`);
  },
  /** Development only: 0070's `ledger_post` and the row triggers of 0010 and 0060 again. */
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TRIGGER ledger_entries_applied ON ledger_entries;
      DROP FUNCTION ledger_apply_entries;
      CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
        FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
      CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
      DROP FUNCTION ledger_post(text, jsonb, text[], numeric[]);
      DROP FUNCTION ledger_post_batch;
      ${LEDGER_POST_0070}
    `);
  },
};
