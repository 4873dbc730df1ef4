import { topRatedBrands, trendingBrands } from '@brnd/contracts/api/brand-listings';
import {
  brandDetails,
  contestWinners,
  favouriteBrands,
  searchBrands,
  vote,
  voteStatus,
} from '@brnd/contracts/api/brands';
import { VOTE_REWARD_BRND, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';

/**
 * The vote limits under real concurrency: two bff instances on one PostgreSQL database, as two
 * instances behind a load balancer would run.
 */

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ databaseUrl: first.db.url });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function addBrands(count: number, prefix: string): Promise<number[]> {
  const rows = await first.db.query<{ id: string }>(
    `INSERT INTO brands (name, website, industry)
     SELECT $1 || ' ' || n, lower($1) || n || '.example.com', 'tools'
     FROM generate_series(1, $2) AS n RETURNING id::text`,
    [prefix, count],
  );
  return rows.map((row) => Number(row.id));
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await first.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    email,
  ]);
  return row!.id;
}

test('100 parallel votes across 100 brands on two instances: exactly 10 count, 10 BRND credited', async () => {
  const brandIds = await addBrands(100, 'Parallel');
  const { user, token } = await registerVerifiedUser(first.baseUrl);
  const userId = await userIdOf(user.email);

  const answers = await Promise.all(
    brandIds.map((brandId, index) =>
      call(index % 2 === 0 ? first.baseUrl : second.baseUrl, vote, {
        token,
        body: { brand_id: String(brandId) },
      }),
    ),
  );

  const accepted = answers.filter((answer) => answer.status === 200);
  const limited = answers.filter((answer) => answer.status === 429);
  expect(accepted).toHaveLength(VOTES_PER_WINDOW);
  expect(limited).toHaveLength(100 - VOTES_PER_WINDOW);
  for (const answer of limited) {
    expect(answer.error?.messageId).toBe('errors.voteLimit');
    expect(answer.error?.message).toBe(
      'You have used your limit of 10 votes. You can vote again in 24 hours.',
    );
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  }

  const [votes] = await first.db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM votes WHERE user_id = $1',
    [userId],
  );
  expect(votes!.count).toBe(VOTES_PER_WINDOW);
  const [credits] = await first.db.query<{ count: number; total: string }>(
    `SELECT count(*)::integer AS count, sum(e.amount)::text AS total
     FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.account_id = $1 AND t.idempotency_key LIKE 'vote:%'`,
    [`user:${userId}`],
  );
  expect(credits!.count).toBe(VOTES_PER_WINDOW);
  expect(credits!.total).toBe(
    (BigInt(VOTES_PER_WINDOW * VOTE_REWARD_BRND) * 10n ** 18n).toString(),
  );

  const status = await call(second.baseUrl, voteStatus, { token });
  expect(status.data).toMatchObject({ voteLimit: 10, votesLeft: 0, timeInHours: 24 });
  // Every listing now says this user cannot vote; the brands voted for say so too.
  const listing = await call(first.baseUrl, topRatedBrands, { token, query: { limit: '20' } });
  expect(listing.data?.brands.rows.every((brand) => brand.can_vote === '0')).toBe(true);
});

test('50 parallel votes for one brand on two instances: exactly one counts', async () => {
  const [brandId] = await addBrands(1, 'Single');
  const { user, token } = await registerVerifiedUser(first.baseUrl);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      call(index % 2 === 0 ? first.baseUrl : second.baseUrl, vote, {
        token,
        body: { brand_id: String(brandId) },
      }),
    ),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(refused.map((answer) => answer.error?.message)).toEqual(
    Array(49).fill('You have already voted for this brand.'),
  );

  const details = await call(first.baseUrl, brandDetails, {
    token,
    params: { brandId: String(brandId) },
  });
  expect(details.data?.brands.rows[0]).toMatchObject({ votes: 1, voted: 1, can_vote: '1' });
  const [count] = await first.db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM votes WHERE user_id = $1',
    [await userIdOf(user.email)],
  );
  expect(count!.count).toBe(1);
  const favourites = await call(first.baseUrl, favouriteBrands, { token });
  expect(favourites.data?.brands.rows.map((brand) => [brand.id, brand.myvotes])).toEqual([
    [brandId, 1],
  ]);
});

test('many voters at once on two instances: each accepted vote credits 1 BRND exactly once', async () => {
  const brandIds = await addBrands(6, 'Crowd');
  const voters = await Promise.all(
    Array.from({ length: 8 }, () => registerVerifiedUser(first.baseUrl)),
  );
  const supply = async () => {
    const [row] = await first.db.query<{ total: string }>(
      `SELECT sum(balance)::text AS total FROM ledger_accounts
       WHERE id = 'external:supply' OR parent_id = 'external:supply'`,
    );
    return BigInt(row!.total);
  };
  const before = await supply();
  // Every voter votes for every brand twice, half through each instance, all at once.
  const answers = await Promise.all(
    voters.flatMap(({ token }, voter) =>
      [...brandIds, ...brandIds].map((brandId, index) =>
        call((voter + index) % 2 === 0 ? first.baseUrl : second.baseUrl, vote, {
          token,
          body: { brand_id: String(brandId) },
        }),
      ),
    ),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(
    voters.length * brandIds.length,
  );
  expect(
    answers.filter((answer) => answer.status === 409).map((answer) => answer.error?.messageId),
  ).toEqual(Array(voters.length * brandIds.length).fill('errors.alreadyVoted'));
  const [credits] = await first.db.query<{ votes: number; credits: number; keys: number }>(
    `SELECT (SELECT count(*)::integer FROM votes WHERE brand_id = ANY($1::bigint[])) AS votes,
            count(*)::integer AS credits, count(DISTINCT t.idempotency_key)::integer AS keys
     FROM ledger_transactions t
     WHERE t.idempotency_key IN
       (SELECT 'vote:' || id FROM votes WHERE brand_id = ANY($1::bigint[]))`,
    [brandIds],
  );
  expect(credits).toEqual({
    votes: voters.length * brandIds.length,
    credits: voters.length * brandIds.length,
    keys: voters.length * brandIds.length,
  });
  expect(before - (await supply())).toBe(BigInt(voters.length * brandIds.length) * 10n ** 18n);
  const tallies = await first.db.query<{ votes: number }>(
    'SELECT votes FROM brand_month_votes WHERE brand_id = ANY($1::bigint[])',
    [brandIds],
  );
  expect(tallies.map((tally) => tally.votes)).toEqual(brandIds.map(() => voters.length));
});

test('a visitor sees plain listings; votes null until a brand gets its first vote', async () => {
  const [brandId] = await addBrands(1, 'Untouched');
  const details = await call(first.baseUrl, brandDetails, { params: { brandId: String(brandId) } });
  expect(details.data?.brands.rows[0]).toMatchObject({ votes: null, voted: 0, can_vote: '1' });
  const missing = await call(first.baseUrl, brandDetails, { params: { brandId: '99999999' } });
  expect(missing.data).toEqual({ brands: { rows: [] } });
  const voteWithoutToken = await call(first.baseUrl, vote, { body: { brand_id: String(brandId) } });
  expect(voteWithoutToken.status).toBe(401);
  const unknownBrand = await call(first.baseUrl, vote, {
    token: (await registerVerifiedUser(first.baseUrl)).token,
    body: { brand_id: '99999999' },
  });
  expect(unknownBrand.status).toBe(404);
});

test('search finds a brand by part of its name and despite a typo', async () => {
  await first.db.query(
    `INSERT INTO brands (name, website, industry) VALUES ('Quillmarket', 'quillmarket.example', 'e-commerce')`,
  );
  const part = await call(first.baseUrl, searchBrands, { params: { text: 'illmark' } });
  expect(part.data?.brands.rows[0]?.name).toBe('Quillmarket');
  const typo = await call(first.baseUrl, searchBrands, { params: { text: 'quilmarket' } });
  expect(typo.data?.brands.rows[0]?.name).toBe('Quillmarket');
  const none = await call(first.baseUrl, searchBrands, { params: { text: 'zzxqvw' } });
  expect(none.data?.brands).toEqual({ rows: [], rowCount: 0 });
});

test('trending favours fresh votes over an older, larger count', async () => {
  const [old, fresh] = await addBrands(2, 'Trend');
  // 40 votes two weeks ago against 3 votes today: the halving every 24 h leaves 40 / 2^14.
  const { trendWeight } = await import('../services/votes.ts');
  const day = 24 * 3_600_000;
  await first.db.query('UPDATE brands SET trend_score = $2 WHERE id = $1', [
    old,
    trendWeight(new Date(Date.now() - 14 * day)) + Math.log(40),
  ]);
  await first.db.query('UPDATE brands SET trend_score = $2 WHERE id = $1', [
    fresh,
    trendWeight(new Date()) + Math.log(3),
  ]);
  const trending = await call(first.baseUrl, trendingBrands, { query: { limit: '1000' } });
  const ids = trending.data!.brands.rows.map((brand) => brand.id);
  expect(ids.indexOf(fresh!)).toBeLessThan(ids.indexOf(old!));
});

test('a vote far older than its brand’s trend score counts (exp() no longer underflows)', async () => {
  const [brandId] = await addBrands(1, 'Backdated');
  const { trendWeight } = await import('../services/votes.ts');
  // As if the brand's votes were 800 log-units (about 3.8 years of halvings) newer than today.
  const score = trendWeight(new Date()) + 800;
  await first.db.query('UPDATE brands SET trend_score = $2 WHERE id = $1', [brandId, score]);
  const { token } = await registerVerifiedUser(first.baseUrl);
  const answer = await call(first.baseUrl, vote, { token, body: { brand_id: String(brandId) } });
  expect(answer.status).toBe(200);
  await first.settled();
  const [row] = await first.db.query<{ trend_score: number; pending: number }>(
    `SELECT trend_score, (SELECT count(*)::integer FROM brand_trend_pending) AS pending
     FROM brands WHERE id = $1`,
    [brandId],
  );
  expect(row).toMatchObject({ pending: 0 });
  expect(row!.trend_score).toBeCloseTo(score, 6);
});

test('votes on two instances raise their brand’s trend score once each, folded after the votes', async () => {
  const [brandId] = await addBrands(1, 'Folded');
  const { trendWeight } = await import('../services/votes.ts');
  const voters = await Promise.all(
    Array.from({ length: 6 }, () => registerVerifiedUser(first.baseUrl)),
  );
  const answers = await Promise.all(
    voters.map(({ token }, index) =>
      call(index % 2 === 0 ? first.baseUrl : second.baseUrl, vote, {
        token,
        body: { brand_id: String(brandId) },
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(voters.map(() => 200));
  await Promise.all([first.settled(), second.settled()]);
  const casts = await first.db.query<{ cast_at: Date }>(
    'SELECT cast_at FROM votes WHERE brand_id = $1',
    [brandId],
  );
  // log(sum(exp(weight))) of the six votes, as the brand's score started at -Infinity.
  const weights = casts.map((row) => trendWeight(new Date(row.cast_at)));
  const peak = Math.max(...weights);
  const expected = peak + Math.log(weights.reduce((sum, w) => sum + Math.exp(w - peak), 0));
  const [row] = await first.db.query<{ trend_score: number; pending: number }>(
    `SELECT trend_score, (SELECT count(*)::integer FROM brand_trend_pending) AS pending
     FROM brands WHERE id = $1`,
    [brandId],
  );
  expect(row).toMatchObject({ pending: 0 });
  expect(row!.trend_score).toBeCloseTo(expected, 9);
});

test('the demo seed fills the home strip, trending and last month winner', async () => {
  const demo = await startTestApp({ seed: true });
  try {
    const top = await call(demo.baseUrl, topRatedBrands, { query: { limit: '50' } });
    expect(top.data?.brands.rows[0]).toMatchObject({ name: 'Amberline', votes: 1284 });
    expect(top.data?.brands.rows.every((brand) => brand.image_url.startsWith('/uploads/'))).toBe(
      true,
    );
    const trending = await call(demo.baseUrl, trendingBrands, { query: { limit: '3' } });
    expect(trending.data?.brands.rows[0]?.name).toBe('Pixel Forge');
    const logo = await fetch(`${demo.baseUrl}${top.data!.brands.rows[0]!.image_url}`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await logo.arrayBuffer()).slice(1, 4)).toEqual(
      new Uint8Array([0x50, 0x4e, 0x47]),
    );
    const winners = await call(demo.baseUrl, contestWinners);
    expect(winners.data?.winners.rows[0]).toMatchObject({ name: 'Pixel Forge', prize: 1_000_000 });
  } finally {
    await demo.close();
  }
});
