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

/**
 * A vote without the commit-wide lock (decision 052). A transaction that has sent a NOTIFY takes
 * one lock for the whole database while it commits (PostgreSQL queues notifications in commit
 * order), so the tally trigger of migration 0095 made every vote commit one after another: 92 %
 * of the busy backends of the votes bench waited on it. `cast_vote` now marks its transaction,
 * the trigger stays silent for it, and the votes service announces the changed tallies itself,
 * many in one statement after the commits. Every other writer of a tally is still announced by
 * the trigger.
 *
 * The brand's tally and trend rows, which every vote for that brand updates, are now written
 * last, so a popular brand's votes queue on them only for the end of each other's transaction.
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

      DROP FUNCTION cast_vote(uuid, bigint, timestamptz, text, double precision);
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
        -- The rows that votes for one brand share come last, so they are held only from here to
        -- the commit.
        INSERT INTO brand_month_votes AS tally (brand_id, month, industry, votes, reached_at)
          VALUES (p_brand, p_month, brand_industry, 1, p_at)
          ON CONFLICT (brand_id, month)
          DO UPDATE SET votes = tally.votes + 1, reached_at = excluded.reached_at;
        -- log(exp(score) + exp(weight)) without overflow; past a difference of 700 the smaller
        -- term is far below a double's precision, and exp() of less than -745 underflows.
        UPDATE brands SET trend_score = CASE
            WHEN trend_score = '-Infinity' THEN p_weight
            ELSE greatest(trend_score, p_weight)
              + ln(1 + exp(-least(abs(trend_score - p_weight), 700)))
          END
          WHERE id = p_brand;

        RETURN QUERY SELECT 'accepted'::text, cast_id, NULL::timestamptz;
      END $$;
    `);
  },
  /** Migration 0071's `cast_vote`, and the trigger announces every tally again. */
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP FUNCTION cast_vote(uuid, bigint, timestamptz, text, double precision, numeric);
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
