import {
  VOTE_WINDOW_HOURS,
  VOTES_PER_BRAND_PER_WINDOW,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import type { Migration } from '../migrate.ts';
import { CAST_VOTE_0115, VOTES_ANNOUNCED_BY_CALLER } from './0115-vote-without-commit-lock.ts';

/** As migrations 0071 and 0115: the voters' advisory locks, the window, where credits come from. */
const VOTE_LOCK_SPACE = 7_251_030;
const WINDOW = `interval '${VOTE_WINDOW_HOURS} hours'`;
const SUPPLY_ACCOUNT = 'external:supply';

/**
 * Votes in batches (decision 062). `cast_votes` takes many ballots in one statement and one
 * transaction, so a commit (a WAL flush with fsync on), a round trip and a statement's fixed cost
 * are shared by all of them; the votes service sends whatever ballots arrived while its previous
 * batches were in flight. Every ballot gets the rules of migration 0115 unchanged, one after the
 * other under its voter's advisory lock: a voter's second ballot in the same batch sees the
 * first. Answers one row per ballot (`ballot` is its 1-based position in the arrays).
 *
 * Nothing is waited for in an order another batch could take the other way round: the voters'
 * advisory locks in the order of their keys, then the ledger rows in byte order of their ids (one
 * free sub-account of the supply for the whole batch, then the voters' accounts, as
 * `ledger_post` orders them), then the tally rows in brand order, one update per brand and month
 * for all of the batch's votes.
 *
 * The credits are posted set-wise: one ledger transaction per vote under `vote:<id>`, two entries
 * each, through the same tables, triggers, CHECKs and commit check as every posting. The supply
 * may go negative (migration 0010), so any of its sub-accounts can pay; a key that exists already
 * fails the batch (a vote's key is new by construction).
 *
 * `cast_vote` becomes a batch of one, so the rules have one spelling.
 */
export const votesInBatches: Migration = {
  name: '0140-votes-in-batches',
  async up({ context: sequelize }) {
    if (VOTES_PER_BRAND_PER_WINDOW !== 1) {
      throw new Error('votes_one_per_brand_per_window allows one vote per brand per window');
    }
    await sequelize.query(`
      DO $$
      BEGIN
        IF NOT (SELECT allow_negative FROM ledger_accounts WHERE id = '${SUPPLY_ACCOUNT}') THEN
          RAISE EXCEPTION 'cast_votes pays from any sub-account: ${SUPPLY_ACCOUNT} needs no floor';
        END IF;
      END $$;

      CREATE OR REPLACE FUNCTION cast_votes(
        p_users uuid[], p_brands bigint[], p_at timestamptz[], p_months text[],
        p_weights double precision[], p_reward numeric
      ) RETURNS TABLE (ballot integer, outcome text, vote_id bigint, oldest timestamptz)
      LANGUAGE plpgsql AS $$
      DECLARE
        b record;
        brand_industry text;
        in_window integer;
        for_brand integer;
        first_at timestamptz;
        cast_id bigint;
        source text;
        ids bigint[] := '{}';
        voters uuid[] := '{}';
        brands bigint[] := '{}';
        months text[] := '{}';
        industries text[] := '{}';
        times timestamptz[] := '{}';
        weights double precision[] := '{}';
      BEGIN
        IF p_reward IS NULL OR p_reward <= 0 THEN
          RAISE EXCEPTION 'cast_votes: the reward must be positive (%)', p_reward;
        END IF;
        IF cardinality(p_users) IS DISTINCT FROM cardinality(p_brands)
           OR cardinality(p_users) IS DISTINCT FROM cardinality(p_at)
           OR cardinality(p_users) IS DISTINCT FROM cardinality(p_months)
           OR cardinality(p_users) IS DISTINCT FROM cardinality(p_weights) THEN
          RAISE EXCEPTION 'cast_votes: the ballots'' arrays differ in length';
        END IF;
        -- The caller announces the tallies after the commit (decision 052).
        PERFORM set_config('${VOTES_ANNOUNCED_BY_CALLER}', 'on', true);

        -- Voters in the order of their lock keys (every batch takes them in that order), each
        -- voter's ballots in the order sent.
        FOR b IN
          SELECT x.voter, x.brand, x.at, x.month, x.weight, x.n::integer AS n
          FROM unnest(p_users, p_brands, p_at, p_months, p_weights)
            WITH ORDINALITY AS x(voter, brand, at, month, weight, n)
          ORDER BY hashtext(x.voter::text), x.n
        LOOP
          PERFORM pg_advisory_xact_lock(${VOTE_LOCK_SPACE}, hashtext(b.voter::text));

          SELECT r.industry INTO brand_industry FROM brands r WHERE r.id = b.brand;
          IF NOT FOUND THEN
            RETURN QUERY SELECT b.n, 'not_found'::text, NULL::bigint, NULL::timestamptz;
            CONTINUE;
          END IF;

          SELECT count(*), count(*) FILTER (WHERE v.brand_id = b.brand), min(v.cast_at)
            INTO in_window, for_brand, first_at
            FROM votes v WHERE v.user_id = b.voter AND v.cast_at > b.at - ${WINDOW};
          IF for_brand >= ${VOTES_PER_BRAND_PER_WINDOW} THEN
            RETURN QUERY SELECT b.n, 'already_voted'::text, NULL::bigint, NULL::timestamptz;
            CONTINUE;
          END IF;
          IF in_window >= ${VOTES_PER_WINDOW} THEN
            RETURN QUERY SELECT b.n, 'limit'::text, NULL::bigint, first_at;
            CONTINUE;
          END IF;

          INSERT INTO votes (user_id, brand_id, cast_at, month)
            VALUES (b.voter, b.brand, b.at, b.month) RETURNING id INTO cast_id;
          ids := ids || cast_id;
          voters := voters || b.voter;
          brands := brands || b.brand;
          months := months || b.month;
          industries := industries || brand_industry;
          times := times || b.at;
          weights := weights || b.weight;
          RETURN QUERY SELECT b.n, 'accepted'::text, cast_id, NULL::timestamptz;
        END LOOP;
        IF cardinality(ids) = 0 THEN
          RETURN;
        END IF;

        -- The credits: +p_reward to each voter from one free sub-account of the supply (the
        -- parent row itself if every sub-account is held, as ledger_post does).
        INSERT INTO ledger_accounts (id, kind, user_id, asset)
          SELECT DISTINCT 'user:' || u, 'user', u, 'BRND' FROM unnest(voters) AS u
          ON CONFLICT DO NOTHING;
        SELECT a.id INTO source FROM ledger_accounts a
          WHERE a.parent_id = '${SUPPLY_ACCOUNT}'
          ORDER BY random() LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
          source := '${SUPPLY_ACCOUNT}';
        END IF;
        PERFORM 1 FROM ledger_accounts a
          WHERE a.id = ANY (source || ARRAY(SELECT 'user:' || u FROM unnest(voters) AS u))
          ORDER BY a.id COLLATE "C" FOR NO KEY UPDATE;
        WITH posted AS (
          INSERT INTO ledger_transactions (idempotency_key, metadata)
            SELECT 'vote:' || v.id,
                   jsonb_build_object('kind', 'vote', 'brandId', v.brand, 'month', v.month)
            FROM unnest(ids, brands, months) WITH ORDINALITY AS v(id, brand, month, n)
            ORDER BY v.n
          RETURNING id, idempotency_key
        )
        INSERT INTO ledger_entries (transaction_id, account_id, amount)
          SELECT p.id, e.account, e.amount
          FROM posted p
          JOIN unnest(ids, voters) AS v(id, voter) ON p.idempotency_key = 'vote:' || v.id
          CROSS JOIN LATERAL (VALUES (1, source, -p_reward), (2, 'user:' || v.voter, p_reward))
            AS e(k, account, amount)
          ORDER BY p.id, e.k;

        -- One update per brand and month, in brand order.
        INSERT INTO brand_month_votes AS tally (brand_id, month, industry, votes, reached_at)
          SELECT t.brand, t.month, min(t.industry), count(*), max(t.at)
          FROM unnest(brands, months, industries, times) AS t(brand, month, industry, at)
          GROUP BY t.brand, t.month
          ORDER BY t.brand, t.month
          ON CONFLICT (brand_id, month)
          DO UPDATE SET votes = tally.votes + excluded.votes, reached_at = excluded.reached_at;
        -- The trend scores are folded in after the commit (fold_brand_trends, decision 052).
        INSERT INTO brand_trend_pending (brand_id, weight)
          SELECT w.brand, w.weight FROM unnest(brands, weights) AS w(brand, weight);
      END $$;

      DROP FUNCTION cast_vote(uuid, bigint, timestamptz, text, double precision, numeric);
      CREATE FUNCTION cast_vote(
        p_user uuid, p_brand bigint, p_at timestamptz, p_month text, p_weight double precision,
        p_reward numeric
      ) RETURNS TABLE (outcome text, vote_id bigint, oldest timestamptz)
      LANGUAGE sql AS $$
        SELECT c.outcome, c.vote_id, c.oldest
        FROM cast_votes(ARRAY[p_user], ARRAY[p_brand], ARRAY[p_at], ARRAY[p_month],
                        ARRAY[p_weight], p_reward) AS c
      $$;
    `);
  },
  /** Migration 0115's `cast_vote`. */
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP FUNCTION cast_vote(uuid, bigint, timestamptz, text, double precision, numeric);
      DROP FUNCTION cast_votes;
      ${CAST_VOTE_0115}
    `);
  },
};
