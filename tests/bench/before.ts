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
 * A vote of before decision 025: ten statements in one transaction, the credit through the
 * posting above on the supply's one row.
 */
export const VOTE_TRANSACTION_STATEMENTS = {
  lock: 'SELECT pg_advisory_xact_lock(7251030, hashtext($1))',
  brand: 'SELECT industry FROM brands WHERE id = $1',
  window: `SELECT brand_id::text, cast_at FROM votes
    WHERE user_id = $1 AND cast_at > $2::timestamptz - interval '24 hours'`,
  vote: `INSERT INTO votes (user_id, brand_id, cast_at, month) VALUES ($1, $2, $3, $4)
    RETURNING id::text`,
  tally: `INSERT INTO brand_month_votes AS tally (brand_id, month, industry, votes, reached_at)
    VALUES ($1, $2, $3, 1, $4)
    ON CONFLICT (brand_id, month)
    DO UPDATE SET votes = tally.votes + 1, reached_at = excluded.reached_at`,
  trend: `UPDATE brands SET trend_score = CASE
      WHEN trend_score = '-Infinity' THEN $2
      ELSE greatest(trend_score, $2) + ln(1 + exp(-abs(trend_score - $2)))
    END
    WHERE id = $1`,
  account: `INSERT INTO ledger_accounts (id, kind, user_id, asset) VALUES ($1, 'user', $2, 'BRND')
    ON CONFLICT DO NOTHING`,
};
