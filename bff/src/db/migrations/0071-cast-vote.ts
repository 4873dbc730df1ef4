import {
  VOTE_WINDOW_HOURS,
  VOTES_PER_BRAND_PER_WINDOW,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import type { Migration } from '../migrate.ts';

/** First key of the voters' advisory locks; the second is a hash of the user id. */
const VOTE_LOCK_SPACE = 7_251_030;
const WINDOW = `interval '${VOTE_WINDOW_HOURS} hours'`;
/** 1 BRND in base units (18 decimals, as services/ledger.ts counts them). */
const ONE_BRND = 10n ** 18n;
/** Where vote credits come from (LEDGER_ACCOUNTS.supply). */
const SUPPLY_ACCOUNT = 'external:supply';

/** This migration's `cast_vote`; migration 0115's down puts it back. */
export const CAST_VOTE_0071 = `
      -- Outcomes: accepted (vote_id), not_found, already_voted, limit (oldest: when the oldest
      -- vote of the window was cast, from which the wait is counted).
      CREATE FUNCTION cast_vote(
        p_user uuid, p_brand bigint, p_at timestamptz, p_month text, p_weight double precision
      ) RETURNS TABLE (outcome text, vote_id bigint, oldest timestamptz)
      LANGUAGE plpgsql AS $$
      DECLARE
        brand_industry text;
        in_window integer;
        for_brand integer;
        first_at timestamptz;
        cast_id bigint;
      BEGIN
        -- Serialises this user's votes across every bff instance; other users are not held up.
        -- The window below has no upper bound, so a vote that waited here also counts the votes
        -- it waited for, whichever clock stamped them.
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

        INSERT INTO votes (user_id, brand_id, cast_at, month)
          VALUES (p_user, p_brand, p_at, p_month) RETURNING id INTO cast_id;
        INSERT INTO brand_month_votes AS tally (brand_id, month, industry, votes, reached_at)
          VALUES (p_brand, p_month, brand_industry, 1, p_at)
          ON CONFLICT (brand_id, month)
          DO UPDATE SET votes = tally.votes + 1, reached_at = excluded.reached_at;
        -- log(exp(score) + exp(weight)), computed without overflow (services/votes.ts).
        UPDATE brands SET trend_score = CASE
            WHEN trend_score = '-Infinity' THEN p_weight
            ELSE greatest(trend_score, p_weight) + ln(1 + exp(-abs(trend_score - p_weight)))
          END
          WHERE id = p_brand;

        INSERT INTO ledger_accounts (id, kind, user_id, asset)
          VALUES ('user:' || p_user, 'user', p_user, 'BRND')
          ON CONFLICT DO NOTHING;
        PERFORM ledger_post(
          'vote:' || cast_id,
          jsonb_build_object('kind', 'vote', 'brandId', p_brand, 'month', p_month),
          ARRAY['${SUPPLY_ACCOUNT}', 'user:' || p_user],
          ARRAY[-${ONE_BRND}, ${ONE_BRND}]::numeric[]
        );
        RETURN QUERY SELECT 'accepted'::text, cast_id, NULL::timestamptz;
      END $$;
`;

/**
 * A vote in one statement (decision 025): `cast_vote` takes the voter's advisory lock, checks
 * the window, writes the vote, its brand's month tally and trend score, and credits 1 BRND
 * through `ledger_post` (migration 0070) under `vote:<id>`, all in the statement's own
 * transaction. The rule's numbers come from `contracts/domain`: changing one of them needs a new
 * migration that builds this function (and the exclusion constraint) again.
 */
export const castVote: Migration = {
  name: '0071-cast-vote',
  async up({ context: sequelize }) {
    if (VOTES_PER_BRAND_PER_WINDOW !== 1) {
      throw new Error('votes_one_per_brand_per_window allows one vote per brand per window');
    }
    await sequelize.query(`
      ${CAST_VOTE_0071}

      -- The window of the exclusion constraint from the same constant.
      ALTER TABLE votes DROP CONSTRAINT votes_one_per_brand_per_window;
      ALTER TABLE votes ADD CONSTRAINT votes_one_per_brand_per_window EXCLUDE USING gist (
        user_id WITH =,
        brand_id WITH =,
        -- In UTC, where adding hours is immutable (no daylight-saving jump).
        tsrange(cast_at AT TIME ZONE 'UTC', (cast_at AT TIME ZONE 'UTC') + ${WINDOW}) WITH &&
      );
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`DROP FUNCTION cast_vote;`);
  },
};
