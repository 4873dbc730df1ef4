import { VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { registerVerifiedUser } from '../testing/http.ts';
import { createLedger, userAccount } from './ledger.ts';
import { contestMonth, createVoteService, trendWeight, VOTE_REWARD_BASE_UNITS } from './votes.ts';

/**
 * Votes in batches (decision 062): many ballots in one `cast_votes` statement keep every rule of
 * a vote sent alone, a voter's ballots within one batch included.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function newUserId(): Promise<string> {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const [row] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    user.email,
  ]);
  return row!.id;
}

async function newBrands(prefix: string, count: number): Promise<number[]> {
  const rows = await app.db.query<{ id: string }>(
    `INSERT INTO brands (name, website)
     SELECT $1 || ' ' || n, lower($1) || n || '.example' FROM generate_series(1, $2::int) AS n
     RETURNING id::text`,
    [prefix, count],
  );
  return rows.map((row) => Number(row.id));
}

/** The rows the ledger holds for `userId`'s votes: credit transactions and the balance. */
async function credits(userId: string) {
  const [row] = await app.db.query<{ transactions: string }>(
    `SELECT count(*)::text AS transactions FROM ledger_transactions t
     WHERE t.idempotency_key IN (SELECT 'vote:' || v.id FROM votes v WHERE v.user_id = $1)`,
    [userId],
  );
  const balance = await createLedger(app.db).balance(userAccount(userId));
  return { transactions: Number(row!.transactions), balance };
}

test('one batch with a voter’s twelve ballots accepts ten, refuses the same brand twice, credits each vote once', async () => {
  const voter = await newUserId();
  const other = await newUserId();
  const brands = await newBrands('Batch', 12);
  const at = new Date('2031-03-10T12:00:00Z');
  // The voter's ballots: brands 1..12 with brand 1 again second; the other voter's ballot between.
  const ballots = [
    { user: voter, brand: brands[0]! },
    { user: voter, brand: brands[0]! },
    { user: other, brand: brands[0]! },
    ...brands.slice(1).map((brand) => ({ user: voter, brand })),
    { user: voter, brand: 999_999_999 },
  ];
  const rows = await app.db.query<{ ballot: number; outcome: string }>(
    `SELECT ballot, outcome FROM cast_votes($1::uuid[], $2::bigint[], $3::timestamptz[],
       $4::text[], $5::double precision[], $6::numeric) ORDER BY ballot`,
    [
      ballots.map((ballot) => ballot.user),
      ballots.map((ballot) => ballot.brand),
      ballots.map(() => at.toISOString()),
      ballots.map(() => contestMonth(at)),
      ballots.map(() => trendWeight(at)),
      VOTE_REWARD_BASE_UNITS,
    ],
  );
  expect(rows.map((row) => row.outcome)).toEqual([
    'accepted',
    'already_voted',
    'accepted',
    ...Array.from({ length: VOTES_PER_WINDOW - 1 }, () => 'accepted'),
    'limit',
    'limit',
    'not_found',
  ]);
  expect(await credits(voter)).toEqual({
    transactions: VOTES_PER_WINDOW,
    balance: BigInt(VOTES_PER_WINDOW) * BigInt(VOTE_REWARD_BASE_UNITS),
  });
  expect(await credits(other)).toEqual({
    transactions: 1,
    balance: BigInt(VOTE_REWARD_BASE_UNITS),
  });
  const [tally] = await app.db.query<{ votes: number }>(
    'SELECT votes FROM brand_month_votes WHERE brand_id = $1 AND month = $2',
    [brands[0], contestMonth(at)],
  );
  expect(tally?.votes).toBe(2);
});

test('forty concurrent votes of two voters through two instances: ten each accepted, credited once', async () => {
  const voters = [await newUserId(), await newUserId()];
  const brands = await newBrands('Crowd', 20);
  const at = new Date('2031-03-11T12:00:00Z');
  const instances = [0, 1].map(() => createVoteService({ db: app.db, clock: () => at }));
  // More votes at once than one instance sends alone, so some of them share a batch.
  const outcomes = await Promise.allSettled(
    voters.flatMap((voter, v) =>
      brands.map((brand, b) => instances[(b + v) % 2]!.vote(voter, brand)),
    ),
  );
  const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  expect(accepted).toBe(2 * VOTES_PER_WINDOW);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      expect((outcome.reason as { status?: number }).status).toBe(429);
    }
  }
  for (const voter of voters) {
    expect(await credits(voter)).toEqual({
      transactions: VOTES_PER_WINDOW,
      balance: BigInt(VOTES_PER_WINDOW) * BigInt(VOTE_REWARD_BASE_UNITS),
    });
  }
  const [sum] = await app.db.query<{ votes: string }>(
    'SELECT sum(votes)::text AS votes FROM brand_month_votes WHERE brand_id = ANY ($1::bigint[])',
    [brands],
  );
  expect(Number(sum?.votes)).toBe(2 * VOTES_PER_WINDOW);
});

test('votes arriving together share one statement, and each caller gets its own answer', async () => {
  const voters = await Promise.all(Array.from({ length: 6 }, () => newUserId()));
  const brands = await newBrands('Gathered', 3);
  const at = new Date('2031-03-12T12:00:00Z');
  let statements = 0;
  const counting = new Proxy(app.db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return (sql: string, ...rest: unknown[]) => {
        if (sql.includes('cast_votes')) statements += 1;
        return (target.query as (...args: unknown[]) => unknown)(sql, ...rest);
      };
    },
  });
  const service = createVoteService({
    db: counting,
    clock: () => at,
    batching: { gatherMs: 50, maxBatch: 64, inFlight: 1 },
  });
  const outcomes = await Promise.allSettled([
    ...voters.map((voter) => service.vote(voter, brands[0]!)),
    service.vote(voters[0]!, brands[0]!),
    service.vote(voters[1]!, 999_999_999),
    service.vote(voters[2]!, brands[1]!),
  ]);
  expect(statements).toBe(1);
  const status = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'fulfilled' ? 200 : (outcome.reason as { status?: number }).status;
  expect(outcomes.map(status)).toEqual([200, 200, 200, 200, 200, 200, 409, 404, 200]);
  const voteIds = outcomes.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [(outcome.value as { voteId: string }).voteId] : [],
  );
  expect(new Set(voteIds).size).toBe(7);
  expect(await credits(voters[2]!)).toEqual({
    transactions: 2,
    balance: 2n * BigInt(VOTE_REWARD_BASE_UNITS),
  });
});
