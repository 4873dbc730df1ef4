import { CAST_VOTE_0071 } from '@brnd/bff/migrations/0071-cast-vote';
/**
 * The code paths of before issue #15, kept verbatim so the benches can show what changed in the
 * same run on the same database.
 */

/** The posting of decision 005's addendum, verbatim: every posting locks the parent's row. */
export const HOT_ROW_POSTING = `WITH accounts AS (
    SELECT id FROM ledger_accounts WHERE id = ANY($3::text[])
    ORDER BY id COLLATE "C" FOR NO KEY UPDATE
  ), posted AS (
    INSERT INTO ledger_transactions (idempotency_key, metadata)
    SELECT $1, $2 FROM (SELECT count(*) FROM accounts) AS locked
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
  ), entries AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT posted.id, e.account, e.amount::numeric
    FROM posted, unnest($3::text[], $4::text[]) WITH ORDINALITY AS e(account, amount, n)
    ORDER BY e.n
  )
  SELECT id::text FROM posted`;

/**
 * The vote of before decision 052, verbatim: migration 0071's `cast_vote` under another name.
 * Its tally trigger sends a NOTIFY in the vote's transaction (the database-wide commit lock) and
 * it updates the brand's trend score in place.
 */
export const CAST_VOTE_BEFORE_052 = CAST_VOTE_0071.replace(
  'CREATE FUNCTION cast_vote(',
  'CREATE FUNCTION bench_cast_vote_before_052(',
);
