import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase } from '@brnd/bff/bench-database';
import {
  contestMonth,
  createVoteService,
  trendWeight,
  VOTE_REWARD_BASE_UNITS,
} from '@brnd/bff/votes';
import { VOTE_WINDOW_HOURS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { alternate, goal, onEachServer } from './support.ts';

/**
 * Votes (decisions 025, 052, 062 and 068): accepted votes per second as requests really arrive,
 * many clients at once, each waiting for its own answer. The load comes from another process
 * (votes-load.ts), so the clients' work never hides in the served process's figures; this
 * process serves `GET /<variant>/<day>/<index>` on node:http, each variant doing one thing:
 *
 * - `service`: the votes service (`votes.vote`, its micro-batches and follow-ups included),
 *   votes spread over the brands; `popular`: the same with half of them on 20 popular brands
 *   (same-brand votes share their tally row); `service16`: the service with only 16 clients;
 * - `sameSql`: the same rules sent raw, one `cast_vote` per request (a batch of one);
 * - `batched`: one `cast_votes` of 16 ballots per request (what the service sends batched);
 * - `insertUpsert`: the shortest path to the same effect without any rule: one statement
 *   inserting the vote and upserting its brand's tally into tables without keys, locks,
 *   triggers or ledger.
 *
 * Every vote is one the rules accept (each round runs a day after the last, each voter votes for
 * brands of its own), so the figures are accepted votes. Alternated in rounds after a warm-up and
 * `ANALYZE`; medians. After the run the limits and the ledger's invariants are read from the
 * tables. Goal: >= 2,000 accepted votes/s through the service.
 */

const execFileAsync = promisify(execFile);

const VOTES = Number(process.env.BENCH_VOTES ?? 2_000);
/** Requests in flight from the load generator: a busy moment has many more than 16 voters. */
const CLIENTS = Number(process.env.BENCH_VOTE_CLIENTS ?? 64);
/** Connections of the raw variants; the service uses only as many as its batches need. */
const POOL = 16;
/** Ballots per `cast_votes` statement in the batched variant (decision 062). */
const BATCH = 16;
const USERS = 1_000;
const BRANDS = 1_000;
/** The popular brands that half of the voters pick in the skewed variant. */
const POPULAR = 20;
const ROUNDS = 5;
const DAY_MS = 25 * 60 * 60_000;
const BASE = Date.UTC(2026, 0, 5);

/** Runs the load generator against `url`; answers requests per second. */
async function load(url: string, count: number, clients: number): Promise<number> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'votes-load.ts'),
      url,
      '0',
      String(count),
      String(clients),
    ],
    { maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    perSecond: number;
    failed: number;
    firstFailure: string | null;
  };
  if (result.failed > 0) {
    throw new Error(`${url}: ${result.failed} failed, first: ${result.firstFailure}`);
  }
  return result.perSecond;
}

export async function run(): Promise<Record<string, string>> {
  return onEachServer(async ({ server }) => {
    const scratch = await createScratchDatabase(server.serverUrl, {
      prefix: 'brnd_bench_votes',
      poolMax: POOL + 2,
    });
    try {
      const { db } = scratch;
      await db.query(`
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
      const reward = VOTE_REWARD_BASE_UNITS;

      /** What each variant does for request `index` of day `day`; throws unless accepted. */
      const handlers: Record<string, (at: Date, index: number) => Promise<void>> = {
        service: async (_at, index) => {
          const { user, brand } = ballot(index);
          await votes.vote(user, brand);
        },
        popular: async (_at, index) => {
          const { user, brand } = popularBallot(index);
          await votes.vote(user, brand);
        },
        sameSql: async (at, index) => {
          const { user, brand } = ballot(index);
          const [row] = await db.query<{ outcome: string }>(
            `SELECT outcome FROM cast_vote($1::uuid, $2::bigint, $3::timestamptz, $4,
                                           $5::double precision, $6::numeric)`,
            [user, brand, at.toISOString(), contestMonth(at), trendWeight(at), reward],
          );
          if (row?.outcome !== 'accepted') throw new Error(`vote ${index}: ${row?.outcome}`);
        },
        batched: async (at, batch) => {
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
              reward,
            ],
          );
          if (rows.some((row) => row.outcome !== 'accepted')) {
            throw new Error(`batch ${batch}: ${JSON.stringify(rows)}`);
          }
        },
        insertUpsert: async (at, index) => {
          const { user, brand } = ballot(index);
          await db.query(
            `WITH v AS (
               INSERT INTO bench_votes VALUES ($1, $2, $3, $4) RETURNING brand_id, month
             )
             INSERT INTO bench_tally AS t SELECT brand_id, month, 1 FROM v
             ON CONFLICT (brand_id, month) DO UPDATE SET votes = t.votes + 1`,
            [user, brand, at.toISOString(), contestMonth(at)],
          );
        },
      };
      handlers.service16 = handlers.service!;

      const server = createServer((request: IncomingMessage, response: ServerResponse) => {
        const [, variant, day, index] = (request.url ?? '').split('/');
        const handler = handlers[variant ?? ''];
        if (!handler) {
          response.writeHead(404).end();
          return;
        }
        handler(new Date(Number(day)), Number(index)).then(
          () => response.writeHead(200).end(),
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      /** A round of `variant` on a new day: `VOTES` accepted votes from `clients` clients. */
      const round =
        (variant: string, clients = CLIENTS) =>
        async () => {
          clockAt = nextDay();
          const requests = variant === 'batched' ? VOTES / BATCH : VOTES;
          const perSecond = await load(
            `${origin}/${variant}/${clockAt.getTime()}`,
            requests,
            clients,
          );
          if (process.env.BENCH_DEBUG) console.error(variant, perSecond);
          return variant === 'batched' ? perSecond * BATCH : perSecond;
        };

      let medians;
      try {
        medians = await alternate(
          {
            service: round('service'),
            popular: round('popular'),
            service16: round('service16', 16),
            sameSql: round('sameSql'),
            batched: round('batched', POOL),
            insertUpsert: round('insertUpsert'),
          },
          { rounds: ROUNDS, afterWarmUp: () => db.query('ANALYZE') },
        );
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }

      // The raw variants leave their trend weights to fold; the rules, read from the tables.
      await db.query('SELECT fold_brand_trends(2147483647)');
      const [check] = await db.query<Record<string, string>>(
        `SELECT
           (SELECT count(*) FROM votes)::text AS votes,
           (SELECT count(*) FROM votes v WHERE (SELECT count(*) FROM votes w
              WHERE w.user_id = v.user_id AND w.cast_at > v.cast_at - interval '${VOTE_WINDOW_HOURS} hours'
                AND w.cast_at <= v.cast_at) > ${VOTES_PER_WINDOW})::text AS over_limit,
           (SELECT count(*) FROM votes v JOIN votes w ON w.user_id = v.user_id
              AND w.brand_id = v.brand_id AND w.id < v.id
              AND w.cast_at > v.cast_at - interval '${VOTE_WINDOW_HOURS} hours')::text AS twice,
           -- +reward to the voter exactly once per vote: one transaction under its key, and
           -- no vote transaction without its vote.
           (SELECT count(*) FROM votes v WHERE (SELECT count(*) FROM ledger_transactions t
              JOIN ledger_entries e ON e.transaction_id = t.id
              WHERE t.idempotency_key = 'vote:' || v.id
                AND e.account_id = 'user:' || v.user_id AND e.amount = ${reward}) <> 1)::text
             AS credits_off,
           (SELECT count(*) FROM ledger_transactions t WHERE t.idempotency_key LIKE 'vote:%'
              AND NOT EXISTS (SELECT 1 FROM votes v WHERE 'vote:' || v.id = t.idempotency_key))::text
             AS orphan_credits,
           (SELECT count(*) FROM ledger_accounts a WHERE a.kind = 'user' AND (a.balance < 0
              OR a.balance <> ${reward}::numeric * (SELECT count(*) FROM votes v
                                                    WHERE 'user:' || v.user_id = a.id)))::text
             AS balances_off,
           (SELECT count(*) FROM (SELECT 1 FROM ledger_entries e
              GROUP BY e.transaction_id HAVING sum(e.amount) <> 0) AS u)::text AS unbalanced,
           (SELECT count(*) FROM ledger_accounts a WHERE a.balance <>
              (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id))::text
             AS sums_off,
           (SELECT count(*) FROM brand_month_votes t WHERE t.votes <>
              (SELECT count(*) FROM votes v WHERE v.brand_id = t.brand_id AND v.month = t.month))::text
             AS tallies_off,
           (SELECT count(*) FROM brands b WHERE b.trend_score = '-Infinity'
              AND EXISTS (SELECT 1 FROM votes v WHERE v.brand_id = b.id))
             + (SELECT count(*) FROM brand_trend_pending) AS trends_off`,
      );
      const broken = Object.entries(check ?? {}).filter(
        ([name, value]) => name !== 'votes' && String(value) !== '0',
      );
      return {
        'accepted votes/s (votes service)': goal(medians.service, 2_000, 'atLeast', 0),
        [`same, half of the votes on ${POPULAR} brands`]: goal(
          medians.popular,
          2_000,
          'atLeast',
          0,
        ),
        'same, 16 clients': `${medians.service16.toFixed(0)} /s`,
        'same SQL sent raw (cast_vote, one per request)': `${medians.sameSql.toFixed(0)} /s`,
        [`cast_votes, ${BATCH} ballots a request`]: goal(medians.batched, 2_000, 'atLeast', 0),
        'raw insert + tally upsert': `${medians.insertUpsert.toFixed(0)} /s`,
        'ratio service / same SQL': goal(medians.service / medians.sameSql, 0.5, 'atLeast'),
        'ratio service / insert + upsert': goal(
          medians.service / medians.insertUpsert,
          0.5,
          'atLeast',
        ),
        rules:
          broken.length === 0
            ? `exact (${check?.votes} votes: <= ${VOTES_PER_WINDOW} per user and window, one per brand, +1 BRND once per vote, no orphan credit, balances = entries, none negative, every transaction balanced, tallies = votes, trends folded)`
            : `BROKEN ${JSON.stringify(check)}`,
        setup: `${VOTES} votes x ${ROUNDS} rounds + warm-up, ${CLIENTS} clients in another process, ${USERS} voters, ${BRANDS} brands, medians; load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}`,
      };
    } finally {
      await scratch.drop();
    }
  });
}
