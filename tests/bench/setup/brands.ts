import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTEST_TIME_ZONE, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import pg from 'pg';
import {
  createBenchApp,
  createMemoryLogger,
  createScratchDatabase,
  type Database,
  trendWeight,
} from '@brnd/bff/testing/bench';

/**
 * The brand listings bench's data and server (tests/bench/brands.bench.ts measures them): a
 * database of its own on the bench's PostgreSQL, seeded with SQL only, and the real bff on it.
 *
 * Votes obey the real rules without relaxing any constraint: each user votes on some days, ten
 * votes a day one minute apart at the user's own time of day, so any 24 hours hold at most ten
 * of their votes; on even days the brands come from ids 0–9 modulo 20 and on odd days from
 * 10–19, so two votes of one user for one brand are always two days apart. Brands are picked
 * with a skew (a few are popular), days are spread over the last year, so this month's tallies
 * and the trending decay both have work to do.
 */

const DAYS = 365;
const SYLLABLES_PER_NAME = 3;
/** Consonant + vowel: every name has the same shape, so the id → name mapping is one-to-one. */
const SYLLABLES = 'bcdfghjklmnprstvwxz'
  .split('')
  .flatMap((consonant) => 'aeiou'.split('').map((vowel) => consonant + vowel))
  .slice(0, 100);
const NAME_SPACE = SYLLABLES.length ** SYLLABLES_PER_NAME;
/** Words many real brand names share, so searches also meet broad matches. */
const NAME_WORDS = ['Shop', 'Labs', 'Games', 'Pay', 'Sport', 'Cloud', 'Store', 'Studio'];
const INDUSTRIES = ['e-commerce', 'saas', 'gaming', 'tools', 'sports', 'crypto'];
const COUNTRIES = ['Poland', 'Germany', 'Estonia', 'France', 'Spain', 'Czechia', 'Lithuania'];
const TLDS = ['com', 'io', 'pl', 'eu', 'app', 'shop'];

export interface BenchDatabase {
  url: string;
  db: Database;
  brands: number;
  votes: number;
  users: number;
  seedSeconds: number;
  /** Seconds per seeding step. */
  steps: Record<string, number>;
  /** Closes its pool and drops it. */
  drop(): Promise<void>;
}

/** The brand name of id `i` (1-based); the SQL seed builds the same names. */
export function benchBrandName(i: number): string {
  const p = permuted(i);
  let name = '';
  for (let position = 0, rest = p; position < SYLLABLES_PER_NAME; position += 1) {
    name += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  name = name[0]!.toUpperCase() + name.slice(1);
  return i % 4 === 0 ? `${name} ${NAME_WORDS[(i / 4) % NAME_WORDS.length]}` : name;
}

/** Spreads consecutive ids over the name space (7919 is prime, so this is a permutation). */
function permuted(i: number): number {
  return (i * 7919 + 13) % NAME_SPACE;
}

/**
 * Bulk-load practice: the tables' indexes and their foreign-key and exclusion constraints are
 * built once over the loaded rows (PostgreSQL checks every row then) rather than row by row,
 * which is many times slower at ten million rows. The definitions are read from the migrated
 * schema, so what is rebuilt is exactly what the migrations made, and no rule is left out.
 */
async function bulkLoad(
  db: Seeder,
  tables: string[],
  load: () => Promise<void>,
  step: (name: string) => void,
) {
  const dropped: { table: string; indexes: string[]; constraints: [string, string][] }[] = [];
  for (const table of tables) {
    const constraints = await db.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conrelid = $1::regclass AND contype IN ('f', 'x')`,
      [table],
    );
    const indexes = await db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE tablename = $1 AND indexname NOT IN (
         SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass)`,
      [table],
    );
    for (const { name } of constraints) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    }
    for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);
    dropped.push({
      table,
      indexes: indexes.map((index) => index.definition),
      constraints: constraints.map((constraint) => [constraint.name, constraint.definition]),
    });
  }
  await load();
  for (const { indexes } of dropped) for (const definition of indexes) await db.query(definition);
  step('indexes');
  for (const { table, constraints } of dropped) {
    for (const [name, definition] of constraints) {
      await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`);
      // The votes' exclusion constraint probes its index once per vote: the longest step.
      step(name.endsWith('_fkey') ? 'foreign keys' : name);
    }
  }
}

interface Seeder {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * Users, then votes (brand ids are known from the count alone), then one pass over the votes
 * that yields both this month's tallies and each brand's trend score, then the brands with their
 * score: no row is written twice, and the ten million votes are read once.
 */
async function seed(db: Seeder, brands: number, votes: number, users: number, now: Date) {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string) => {
    const at = performance.now();
    steps[name] = (steps[name] ?? 0) + (at - mark) / 1000;
    mark = at;
  };
  const names = `ARRAY[${SYLLABLES.map((s) => `'${s}'`).join(',')}]`;
  const words = `ARRAY[${NAME_WORDS.map((s) => `'${s}'`).join(',')}]`;
  const industries = `ARRAY[${INDUSTRIES.map((s) => `'${s}'`).join(',')}]`;
  const countries = `ARRAY[${COUNTRIES.map((s) => `'${s}'`).join(',')}]`;
  const tlds = `ARRAY[${TLDS.map((s) => `'${s}'`).join(',')}]`;
  const n = SYLLABLES.length;
  // log Σ exp(w) is kept shifted by the weight of `now`, newer than every vote, so exp() stays
  // in range (a year back is about e^-253, still a double).
  const slopePerSecond = (trendWeight(new Date(3_600_000)) - trendWeight(new Date(0))) / 3600;
  const intercept = trendWeight(new Date(0));
  const top = trendWeight(now);

  await bulkLoad(
    db,
    // brand_search_names is filled by a trigger on brands (migration 0180).
    ['brands', 'brand_search_names', 'votes', 'brand_month_votes'],
    async () => {
      // Ids in the order of u: the votes then arrive in the exclusion index's order (user
      // first), so its check, one probe per vote, finds the pages it needs still in memory.
      await db.query(
        `INSERT INTO users (id, name, email, mobile, password_hash, referral_code, email_verified_at,
         phone_verified_at)
       SELECT lpad(to_hex(u), 32, '0')::uuid, 'Voter ' || u, 'voter' || u || '@bench.example',
         '+48500' || lpad(u::text, 6, '0'), 'x', 'BENCH' || u, $2, $2
       FROM generate_series(1, $1::integer) AS u`,
        [users, now.toISOString()],
      );
      step('users');

      // One row per (user, voting day): days are distinct per user (step 17 is coprime with 365).
      const daysPerUser = Math.ceil(votes / VOTES_PER_WINDOW / users);
      const blocks = Math.floor(brands / 20);
      // Pages of brand ids per parity; r³ gives a long tail (ids are also newest last, fine).
      await db.query(
        `INSERT INTO votes (user_id, brand_id, cast_at, month)
       SELECT lpad(to_hex(u), 32, '0')::uuid,
         1 + ((20 * floor(${blocks} * power(random_seed, 3))::bigint) + (day % 2) * 10 + k) % $5,
         cast_at,
         to_char(cast_at AT TIME ZONE $6, 'YYYY-MM')
       FROM generate_series(1, $1::integer) AS u,
         generate_series(0, $2::integer - 1) AS j,
         LATERAL (SELECT ((u * 7 + j * 17) % ${DAYS}) AS day,
           ((u * 13) % 1380) AS minute_of_day,
           ((hashtext(u || ':' || j)::bigint & 2147483647) / 2147483648.0) AS random_seed) AS d,
         generate_series(0, ${VOTES_PER_WINDOW - 1}) AS k,
         LATERAL (SELECT $3::timestamptz - make_interval(hours => day * 24, mins => minute_of_day + 10 - k)
           AS cast_at) AS t
       WHERE (u - 1) * $2 * ${VOTES_PER_WINDOW} + j * ${VOTES_PER_WINDOW} + k < $4`,
        [users, daysPerUser, now.toISOString(), votes, brands, CONTEST_TIME_ZONE],
      );
      step('votes');

      // The tallies and trend scores the vote service keeps, derived from the votes as it would.
      await db.query(
        `CREATE TEMPORARY TABLE bench_brand_months AS
       SELECT brand_id, month, count(*)::integer AS votes, max(cast_at) AS reached_at,
         sum(exp($1::double precision + extract(epoch FROM cast_at) * $2::double precision
           - $3::double precision)) AS decayed
       FROM votes GROUP BY brand_id, month`,
        [intercept, slopePerSecond, top],
      );
      step('month totals');

      // Explicit ids, the ones the votes point at; the sequence continues after them.
      await db.query(
        `INSERT INTO brands (id, name, website, description, image_url, industry, token_ticker,
         no_of_employees, city, country, created_at, trend_score)
       SELECT i, name, lower(replace(name, ' ', '')) || '-' || i || '.' || (${tlds})[1 + i % ${TLDS.length}],
         name || ' makes things people like, from ' || (${countries})[1 + i % ${COUNTRIES.length}] || '.',
         '/uploads/bench-' || (i % 50) || '.png',
         CASE WHEN i % 10 = 0 THEN NULL ELSE (${industries})[1 + i % ${INDUSTRIES.length}] END,
         upper(left(replace(name, ' ', ''), 4)),
         (i * 37) % 5000,
         'City ' || (i % 300),
         (${countries})[1 + i % ${COUNTRIES.length}],
         $2::timestamptz - make_interval(secs => ($1::bigint - i) * 20),
         coalesce($3::double precision + ln(scores.decayed), '-Infinity')
       FROM generate_series(1, $1::bigint) AS i
         LEFT JOIN (SELECT brand_id, sum(decayed) AS decayed FROM bench_brand_months
           GROUP BY brand_id) AS scores ON scores.brand_id = i,
         LATERAL (SELECT (i * 7919 + 13) % ${NAME_SPACE} AS p) AS permutation,
         LATERAL (SELECT initcap((${names})[1 + p % ${n}] || (${names})[1 + (p / ${n}) % ${n}]
             || (${names})[1 + (p / ${n * n}) % ${n}])
           || CASE WHEN i % 4 = 0 THEN ' ' || (${words})[1 + (i / 4) % ${NAME_WORDS.length}] ELSE '' END
           AS name) AS named`,
        [brands, now.toISOString(), top],
      );
      await db.query(`SELECT setval('brands_id_seq', $1::bigint)`, [brands]);
      step('brands');

      await db.query(
        `INSERT INTO brand_month_votes (brand_id, month, industry, votes, reached_at)
       SELECT m.brand_id, m.month, b.industry, m.votes, m.reached_at
       FROM bench_brand_months m JOIN brands b ON b.id = m.brand_id
         -- In the primary key's order, so its index grows at the end instead of all over.
         ORDER BY m.brand_id, m.month`,
      );
      await db.query('DROP TABLE bench_brand_months');
      step('tallies');
    },
    step,
  );
  // What autovacuum does to a live database within a minute or two of such a load (the
  // inserted rows pass its insert threshold): statistics, and the visibility map, without which
  // an index-only scan visits the heap. Measured seconds after the load instead, the bench
  // measured autovacuum working through ten million votes beside the requests (decision 081).
  await db.query('VACUUM (ANALYZE)');
  step('vacuum analyze');
  return steps;
}

/** A fresh database with `brands` brands and `votes` votes. */
export async function createBenchDatabase(
  serverUrl: string,
  { brands, votes, now = new Date() }: { brands: number; votes: number; now?: Date },
): Promise<BenchDatabase> {
  const { db, url, drop } = await createScratchDatabase(serverUrl, {
    prefix: 'brnd_bench_brands',
    poolMax: 10,
  });
  // A user votes on about 20 days a year.
  const users = Math.max(1, Math.ceil(votes / VOTES_PER_WINDOW / 20));
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let steps: Record<string, number>;
  try {
    // Memory for the index builds and the tallies' grouping, for this connection only: the
    // bff's own connections keep the server's settings.
    await client.query(`SET maintenance_work_mem = '1GB'; SET work_mem = '256MB'`);
    const seeder: Seeder = {
      query: async <Row>(sql: string, params: unknown[] = []) =>
        (await client.query(sql, params)).rows as Row[],
    };
    steps = await seed(seeder, brands, votes, users, now);
  } finally {
    await client.end();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  const [counted] = await db.query<{ brands: string; votes: string }>(
    'SELECT (SELECT count(*) FROM brands)::text AS brands, (SELECT count(*) FROM votes)::text AS votes',
  );
  return {
    url,
    db,
    brands: Number(counted!.brands),
    votes: Number(counted!.votes),
    users,
    seedSeconds,
    steps,
    drop,
  };
}

/** The real bff (createApp) on the bench database, listening on a free local port. */
export async function startBenchApp(
  db: Database,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createBenchApp(db, { logger: createMemoryLogger(), appUrl: baseUrl });
  server.on('request', app.callback());
  return {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
