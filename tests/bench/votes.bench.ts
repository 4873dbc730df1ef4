import { createScratchDatabase } from '@brnd/bff/bench-database';
import {
  contestMonth,
  createVoteService,
  trendWeight,
  VOTE_REWARD_BASE_UNITS,
} from '@brnd/bff/votes';
import { VOTE_WINDOW_HOURS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { CAST_VOTE_BEFORE_052 } from './before.ts';
import { alternate, goal, onEachServer, throughput } from './support.ts';

/**
 * Votes (decisions 025 and 052): accepted votes per second through the votes service (its
 * batched tally announcements included), with the votes spread over the brands and with half of
 * them on 20 popular brands (same-brand votes share their tally and trend rows), next to the
 * same SQL sent raw (`cast_vote` with the same arguments), the same rules for 16 ballots in one
 * statement (`cast_votes`, decision 062: what the service sends when votes queue), the vote of before decision 052
 * (migration 0071's function: a NOTIFY in the vote's transaction, the trend updated in place), and the shortest path to the same effect without any rule:
 * one statement inserting the vote and upserting its brand's tally into tables without keys,
 * locks, triggers or ledger. Every vote of the bench is one the rules accept (each round runs a
 * day after the last, each voter votes for brands of its own), so the figures are accepted
 * votes; the rules are checked on the tables after the run.
 * Alternated in rounds with a warm-up; medians. Goal: >= 2,000 accepted votes/s.
 */

const VOTES = Number(process.env.BENCH_VOTES ?? 2_000);
const CONCURRENCY = 16;
/** Ballots per `cast_votes` statement in the batched variant (decision 062). */
const BATCH = 16;
const USERS = 1_000;
const BRANDS = 1_000;
/** The popular brands that half of the voters pick in the skewed variant. */
const POPULAR = 20;
const ROUNDS = 5;
const DAY_MS = 25 * 60 * 60_000;
const BASE = Date.UTC(2026, 0, 5);

export async function run(): Promise<Record<string, string>> {
  return onEachServer(async ({ server }) => {
    const scratch = await createScratchDatabase(server.serverUrl, {
      prefix: 'brnd_bench_votes',
      poolMax: CONCURRENCY + 2,
    });
    try {
      const { db } = scratch;
      await db.query(`
        ${CAST_VOTE_BEFORE_052}
        CREATE TABLE bench_votes (user_id uuid, brand_id bigint, cast_at timestamptz, month text);
        CREATE TABLE bench_tally (brand_id bigint, month text, votes integer,
                                  PRIMARY KEY (brand_id, month));
        INSERT INTO users (id, name, email, mobile, password_hash, referral_code)
          SELECT gen_random_uuid(), 'Bench', 'bench' || n || '@example.test', '+48500100200',
                 'x', 'bench' || n
          FROM generate_series(1, ${USERS}) AS n;
        INSERT INTO ledger_accounts (id, kind, user_id)
          SELECT 'user:' || id, 'user', id FROM users;
        INSERT INTO brands (name, website, industry)
          SELECT 'Bench brand ' || n, 'bench' || n || '.example.com', 'tools'
          FROM generate_series(1, ${BRANDS}) AS n;
        ANALYZE;
      `);
      const users = (await db.query<{ id: string }>('SELECT id::text FROM users')).map(
        (row) => row.id,
      );
      const brands = (await db.query<{ id: string }>('SELECT id::text FROM brands')).map((row) =>
        Number(row.id),
      );
      /** Vote `index` of a round: its voter, and a brand that voter has not voted for. */
      const ballot = (index: number) => {
        const voter = index % USERS;
        return {
          user: users[voter]!,
          brand: brands[(Math.floor(index / USERS) + voter) % BRANDS]!,
        };
      };
      /** As `ballot`, but every other voter picks one of the POPULAR brands. */
      const popularBallot = (index: number) => {
        const voter = index % USERS;
        const choice = Math.floor(index / USERS);
        if (voter % 2 === 1) return ballot(index);
        return {
          user: users[voter]!,
          brand: brands[(choice * POPULAR + ((voter / 2) % POPULAR)) % BRANDS]!,
        };
      };
      // Each variant and round gets its own day, so every vote is accepted.
      let day = 0;
      const nextDay = () => new Date(BASE + (day += 1) * DAY_MS);
      let clockAt = new Date(BASE);
      const votes = createVoteService({ db, clock: () => clockAt });

      /** `sql` with cast_vote's arguments for every ballot of a new day; all must be accepted. */
      const castRaw = (sql: string, { reward = true } = {}) => {
        const at = nextDay();
        const args = [at.toISOString(), contestMonth(at), trendWeight(at)];
        if (reward) args.push(VOTE_REWARD_BASE_UNITS);
        return throughput(VOTES, CONCURRENCY, async (index) => {
          const { user, brand } = ballot(index);
          const [row] = await db.query<{ outcome: string }>(sql, [user, brand, ...args]);
          if (row?.outcome !== 'accepted') throw new Error(`vote ${index}: ${row?.outcome}`);
        });
      };

      const medians = await alternate(
        {
          service: () => {
            clockAt = nextDay();
            return throughput(VOTES, CONCURRENCY, async (index) => {
              const { user, brand } = ballot(index);
              await votes.vote(user, brand);
            });
          },
          popular: () => {
            clockAt = nextDay();
            return throughput(VOTES, CONCURRENCY, async (index) => {
              const { user, brand } = popularBallot(index);
              await votes.vote(user, brand);
            });
          },
          sameSql: () =>
            castRaw(
              `SELECT outcome FROM cast_vote($1::uuid, $2::bigint, $3::timestamptz, $4,
                                             $5::double precision, $6::numeric)`,
            ),
          batched: async () => {
            const at = nextDay();
            const batches = await throughput(VOTES / BATCH, CONCURRENCY, async (batch) => {
              const ballots = Array.from({ length: BATCH }, (_, k) => ballot(batch * BATCH + k));
              const rows = await db.query<{ outcome: string }>(
                `SELECT outcome FROM cast_votes($1::uuid[], $2::bigint[], $3::timestamptz[],
                   $4::text[], $5::double precision[], $6::numeric)`,
                [
                  ballots.map((one) => one.user),
                  ballots.map((one) => one.brand),
                  ballots.map(() => at.toISOString()),
                  ballots.map(() => contestMonth(at)),
                  ballots.map(() => trendWeight(at)),
                  VOTE_REWARD_BASE_UNITS,
                ],
              );
              if (rows.some((row) => row.outcome !== 'accepted')) {
                throw new Error(`batch ${batch}: ${JSON.stringify(rows)}`);
              }
            });
            return batches * BATCH;
          },
          before: () =>
            castRaw(
              `SELECT outcome FROM bench_cast_vote_before_052($1::uuid, $2::bigint,
                 $3::timestamptz, $4, $5::double precision)`,
              { reward: false },
            ),
          insertUpsert: () => {
            const at = nextDay();
            return throughput(VOTES, CONCURRENCY, async (index) => {
              const { user, brand } = ballot(index);
              await db.query(
                `WITH v AS (
                   INSERT INTO bench_votes VALUES ($1, $2, $3, $4) RETURNING brand_id, month
                 )
                 INSERT INTO bench_tally AS t SELECT brand_id, month, 1 FROM v
                 ON CONFLICT (brand_id, month) DO UPDATE SET votes = t.votes + 1`,
                [user, brand, at.toISOString(), contestMonth(at)],
              );
            });
          },
        },
        { rounds: ROUNDS, afterWarmUp: () => db.query('ANALYZE') },
      );

      // The raw variants leave their trend weights to fold; the rules, read from the tables.
      await db.query('SELECT fold_brand_trends(2147483647)');
      const [check] = await db.query<{
        votes: string;
        credits: string;
        over_limit: string;
        twice: string;
        tallies_off: string;
        trends_off: string;
      }>(
        `SELECT
           (SELECT count(*) FROM votes)::text AS votes,
           (SELECT count(*) FROM ledger_transactions WHERE idempotency_key LIKE 'vote:%')::text
             AS credits,
           (SELECT count(*) FROM votes v WHERE (SELECT count(*) FROM votes w
              WHERE w.user_id = v.user_id AND w.cast_at > v.cast_at - interval '${VOTE_WINDOW_HOURS} hours'
                AND w.cast_at <= v.cast_at) > ${VOTES_PER_WINDOW})::text AS over_limit,
           (SELECT count(*) FROM votes v JOIN votes w ON w.user_id = v.user_id
              AND w.brand_id = v.brand_id AND w.id < v.id
              AND w.cast_at > v.cast_at - interval '${VOTE_WINDOW_HOURS} hours')::text AS twice,
           (SELECT count(*) FROM brand_month_votes t WHERE t.votes <>
              (SELECT count(*) FROM votes v WHERE v.brand_id = t.brand_id AND v.month = t.month))::text
             AS tallies_off,
           (SELECT count(*) FROM brands b WHERE b.trend_score = '-Infinity'
              AND EXISTS (SELECT 1 FROM votes v WHERE v.brand_id = b.id))
             + (SELECT count(*) FROM brand_trend_pending) AS trends_off`,
      );
      const exact =
        check?.votes === check?.credits &&
        check?.over_limit === '0' &&
        check.twice === '0' &&
        check.tallies_off === '0' &&
        check.trends_off === '0';
      return {
        'accepted votes/s (votes service)': goal(medians.service, 2_000, 'atLeast', 0),
        [`same, half of the votes on ${POPULAR} brands`]: goal(
          medians.popular,
          2_000,
          'atLeast',
          0,
        ),
        'same SQL sent raw (cast_vote)': `${medians.sameSql.toFixed(0)} /s`,
        [`cast_votes, ${BATCH} ballots a statement`]: goal(medians.batched, 2_000, 'atLeast', 0),
        'raw insert + tally upsert': `${medians.insertUpsert.toFixed(0)} /s`,
        'votes as before 052 (migration 0071 verbatim)': `${medians.before.toFixed(0)} /s`,
        'ratio service / before 052': (medians.service / medians.before).toFixed(2),
        'ratio service / same SQL': goal(medians.service / medians.sameSql, 0.5, 'atLeast'),
        'ratio service / insert + upsert': goal(
          medians.service / medians.insertUpsert,
          0.5,
          'atLeast',
        ),
        rules: exact
          ? `exact (${check?.votes} votes, as many credits, <= ${VOTES_PER_WINDOW} per window, one per brand, tallies = votes, trends folded)`
          : `BROKEN ${JSON.stringify(check)}`,
        setup: `${VOTES} votes x ${ROUNDS} rounds + warm-up, ${CONCURRENCY} concurrent, ${USERS} voters, ${BRANDS} brands, medians`,
      };
    } finally {
      await scratch.drop();
    }
  });
}
