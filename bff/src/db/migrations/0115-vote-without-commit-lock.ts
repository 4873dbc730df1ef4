import {
  VOTE_WINDOW_HOURS,
  VOTES_PER_BRAND_PER_WINDOW,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import type { Migration } from '../migrate.ts';
import { CAST_VOTE_0071 } from './0071-cast-vote.ts';

/** As migration 0071: the voters' advisory locks, the window, where credits come from. */
const VOTE_LOCK_SPACE = 7_251_030;
const WINDOW = `interval '${VOTE_WINDOW_HOURS} hours'`;
const SUPPLY_ACCOUNT = 'external:supply';
/**
 * Set for its transaction by `cast_vote`: the tally trigger then leaves the announcement to the
 * caller, which batches it after the commit (services/votes.ts).
 */
export const VOTES_ANNOUNCED_BY_CALLER = 'brnd.votes_announced_by_caller';
/** The one trend folder at a time (any constant; the same for every bff instance). */
const TREND_FOLD_LOCK = 7_251_052;

/** The vote of this migration (migration 0140 brings it back when undone). */
export const CAST_VOTE_0115 = `
      CREATE FUNCTION cast_vote(
        p_user uuid, p_brand bigint, p_at timestamptz, p_month text, p_weight double precision,
        p_reward numeric
      ) RETURNS TABLE (outcome text, vote_id bigint, oldest timestamptz)
      LANGUAGE plpgsql AS $$
      DECLARE
        brand_industry text;
        in_window integer;
        for_brand integer;
        first_at timestamptz;
        cast_id bigint;
      BEGIN
        IF p_reward IS NULL OR p_reward <= 0 THEN
          RAISE EXCEPTION 'cast_vote: the reward must be positive (%)', p_reward;
        END IF;
        PERFORM pg_advisory_xact_lock(${VOTE_LOCK_SPACE}, hashtext(p_user::text));

        SELECT b.industry INTO brand_industry FROM brands b WHERE b.id = p_brand;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not_found'::text, NULL::bigint, NULL::timestamptz;
          RETURN;
        END IF;

        SELECT count(*), count(*) FILTER (WHERE v.brand_id = p_brand), min(v.cast_at)
          INTO in_window, for_brand, first_at
          FROM votes v WHERE v.user_id = p_user AND v.cast_at > p_at - ${WINDOW};
        IF for_brand >= ${VOTES_PER_BRAND_PER_WINDOW} THEN
          RETURN QUERY SELECT 'already_voted'::text, NULL::bigint, NULL::timestamptz;
          RETURN;
        END IF;
        IF in_window >= ${VOTES_PER_WINDOW} THEN
          RETURN QUERY SELECT 'limit'::text, NULL::bigint, first_at;
          RETURN;
        END IF;

        -- The caller announces the tally after the commit (no NOTIFY, no commit-wide lock).
        PERFORM set_config('${VOTES_ANNOUNCED_BY_CALLER}', 'on', true);
        INSERT INTO votes (user_id, brand_id, cast_at, month)
          VALUES (p_user, p_brand, p_at, p_month) RETURNING id INTO cast_id;
        INSERT INTO ledger_accounts (id, kind, user_id, asset)
          VALUES ('user:' || p_user, 'user', p_user, 'BRND')
          ON CONFLICT DO NOTHING;
        PERFORM ledger_post(
          'vote:' || cast_id,
          jsonb_build_object('kind', 'vote', 'brandId', p_brand, 'month', p_month),
          ARRAY['${SUPPLY_ACCOUNT}', 'user:' || p_user],
          ARRAY[-p_reward, p_reward]
        );
        -- The row that votes for one brand share comes last, so it is held only from here to
        -- the commit.
        INSERT INTO brand_month_votes AS tally (brand_id, month, industry, votes, reached_at)
          VALUES (p_brand, p_month, brand_industry, 1, p_at)
          ON CONFLICT (brand_id, month)
          DO UPDATE SET votes = tally.votes + 1, reached_at = excluded.reached_at;
        -- The trend score is folded in after the commit (fold_brand_trends).
        INSERT INTO brand_trend_pending (brand_id, weight) VALUES (p_brand, p_weight);

        RETURN QUERY SELECT 'accepted'::text, cast_id, NULL::timestamptz;
      END $$;
`;

/**
 * A vote without the commit-wide lock (decision 052). A transaction that has sent a NOTIFY takes
 * one lock for the whole database while it commits (PostgreSQL queues notifications in commit
 * order), so the tally trigger of migration 0095 made every vote commit one after another: 92 %
 * of the busy backends of the votes bench waited on it. `cast_vote` now marks its transaction,
 * the trigger stays silent for it, and the votes service announces the changed tallies itself,
 * many in one statement after the commits. Every other writer of a tally is still announced by
 * the trigger.
 *
 * The brand's trend score is folded in after the vote. `cast_vote` updated `brands.trend_score`
 * in the vote's transaction: a non-HOT update of the widest table through every one of its
 * indexes (trigram GIN included), the largest part of a vote's WAL, holding the brand's row,
 * which all of its votes share, to the commit. The vote now appends its weight to
 * `brand_trend_pending` (no index, no key: one heap row), and `fold_brand_trends` moves what is
 * pending into the scores, one update per brand for all of its pending votes, in a transaction
 * that deletes the rows it folds, so each weight counts exactly once. The votes service calls it
 * shortly after its votes; trending lags by that much. The brand's tally row, which the votes
 * for one brand still share, is written last, so they queue on it only for each other's commit.
 *
 * Also: the trend score's exp() is clamped (a vote more than ~745 log-units older than the
 * brand's score underflowed and failed), and the credit is the caller's `p_reward` (base units of
 * VOTE_REWARD_BRND, services/votes.ts), so the constant has one spelling that no deployed function
 * can lag behind. Everything else is migration 0071's `cast_vote`, unchanged.
 */
export const voteWithoutCommitLock: Migration = {
  name: '0115-vote-without-commit-lock',
  async up({ context: sequelize }) {
    if (VOTES_PER_BRAND_PER_WINDOW !== 1) {
      throw new Error('votes_one_per_brand_per_window allows one vote per brand per window');
    }
    await sequelize.query(`
      CREATE OR REPLACE FUNCTION brnd_notify_votes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('${VOTES_ANNOUNCED_BY_CALLER}', true) IS DISTINCT FROM 'on' THEN
          PERFORM pg_notify('brnd_events', json_build_object(
            'topic', 'votes', 'brand', NEW.brand_id, 'month', NEW.month, 'votes', NEW.votes)::text);
        END IF;
        RETURN NULL;
      END $$;

      CREATE TABLE brand_trend_pending (
        brand_id bigint NOT NULL,
        weight double precision NOT NULL
      );

      -- Folds up to p_limit pending weights into the brands' trend scores; answers how many,
      -- or -1 when another session is folding.
      CREATE FUNCTION fold_brand_trends(p_limit integer) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        folded integer;
      BEGIN
        -- One folder at a time: two would update the same brands in different orders.
        IF NOT pg_try_advisory_xact_lock(${TREND_FOLD_LOCK}) THEN
          RETURN -1;
        END IF;
        WITH taken AS (
          DELETE FROM brand_trend_pending p
          WHERE p.ctid = ANY (ARRAY(
            SELECT q.ctid FROM brand_trend_pending q LIMIT p_limit FOR UPDATE SKIP LOCKED))
          RETURNING p.brand_id, p.weight
        ), peaks AS (
          SELECT t.brand_id, max(t.weight) AS peak FROM taken t GROUP BY t.brand_id
        ), sums AS (
          -- log(sum(exp(weight))) of each brand's pending votes, without overflow.
          SELECT t.brand_id, count(*) AS votes,
                 p.peak + ln(sum(exp(greatest(t.weight - p.peak, -700)))) AS score
          FROM taken t JOIN peaks p ON p.brand_id = t.brand_id
          GROUP BY t.brand_id, p.peak
        ), updated AS (
          -- log(exp(trend_score) + exp(score)) without overflow; past a difference of 700 the
          -- smaller term is far below a double's precision, and exp() of less than -745
          -- underflows.
          UPDATE brands b SET trend_score = CASE
              WHEN b.trend_score = '-Infinity' THEN s.score
              ELSE greatest(b.trend_score, s.score)
                + ln(1 + exp(-least(abs(b.trend_score - s.score), 700)))
            END
          FROM sums s
          WHERE b.id = s.brand_id
        )
        SELECT coalesce(sum(s.votes), 0) INTO folded FROM sums s;
        RETURN folded;
      END $$;

      DROP FUNCTION cast_vote(uuid, bigint, timestamptz, text, double precision);
      ${CAST_VOTE_0115}
    `);
  },
  /** Migration 0071's `cast_vote`, and the trigger announces every tally again. */
  async down({ context: sequelize }) {
    await sequelize.query(`
      SELECT fold_brand_trends(2147483647);
      DROP FUNCTION cast_vote(uuid, bigint, timestamptz, text, double precision, numeric);
      DROP FUNCTION fold_brand_trends;
      DROP TABLE brand_trend_pending;
      ${CAST_VOTE_0071}
      CREATE OR REPLACE FUNCTION brnd_notify_votes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('brnd_events', json_build_object(
          'topic', 'votes', 'brand', NEW.brand_id, 'month', NEW.month, 'votes', NEW.votes)::text);
        RETURN NULL;
      END $$;
    `);
  },
};
