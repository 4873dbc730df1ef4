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
 * A vote of before decision 052: `cast_vote` with its tally announced by a NOTIFY in the vote's
 * own transaction, as migration 0095's trigger did, so every commit took the database-wide
 * notification lock. (The ten-statement vote of before decision 025 is measured there.)
 */
export const VOTE_WITH_NOTIFY = `WITH v AS (
    SELECT outcome FROM cast_vote($1::uuid, $2::bigint, $3::timestamptz, $4, $5::double precision,
                                  $6::numeric)
  )
  SELECT v.outcome, pg_notify('brnd_events', json_build_object('topic', 'votes', 'brand', $2::bigint,
    'month', $4::text, 'votes', 0)::text) AS announced
  FROM v`;
