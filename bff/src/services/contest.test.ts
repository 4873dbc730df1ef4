import { CONTEST_TIME_ZONE } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { registerVerifiedUser } from '../testing/http.ts';
import { CONTEST_PRIZE_BASE_UNITS, createContestService } from './contest.ts';
import { createLedger, userAccount } from './ledger.ts';
import { contestMonth, createVoteService } from './votes.ts';

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

async function newBrand(name: string, ownerId: string | null = null): Promise<number> {
  const [row] = await app.db.query<{ id: string }>(
    `INSERT INTO brands (name, website, owner_id) VALUES ($1, lower($1) || '.example', $2)
     RETURNING id::text`,
    [name, ownerId],
  );
  return Number(row!.id);
}

/** A vote service whose clock reads `at`. */
function votesAt(at: string) {
  return createVoteService({ db: app.db, clock: () => new Date(at) });
}

test('contest months follow Warsaw time: 23:59:59 on the last day and 00:00:00 on the first differ', async () => {
  const brand = await newBrand('Boundary');
  const [early, late] = [await newUserId(), await newUserId()];
  // 31 January 23:59:59 in Warsaw (UTC+1) is 22:59:59 UTC; 1 February 00:00:00 is 23:00:00 UTC.
  expect(await votesAt('2031-01-31T22:59:59Z').vote(early, brand)).toMatchObject({
    month: '2031-01',
  });
  expect(await votesAt('2031-01-31T23:00:00Z').vote(late, brand)).toMatchObject({
    month: '2031-02',
  });
  const tallies = await app.db.query<{ month: string; votes: number }>(
    'SELECT month, votes FROM brand_month_votes WHERE brand_id = $1 ORDER BY month',
    [brand],
  );
  expect(tallies).toEqual([
    { month: '2031-01', votes: 1 },
    { month: '2031-02', votes: 1 },
  ]);
  // Summer time: 31 August 23:59:59 in Warsaw is 21:59:59 UTC.
  expect(contestMonth(new Date('2031-08-31T21:59:59Z'))).toBe('2031-08');
  expect(contestMonth(new Date('2031-08-31T22:00:00Z'))).toBe('2031-09');
});

test('every instant around a month start belongs to the month Warsaw is in, whatever was asked before', () => {
  const warsaw = new Intl.DateTimeFormat('en-CA', {
    timeZone: CONTEST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  });
  // Winter and summer month starts, and the two clock changes, each from 2 hours before to 2
  // after, a minute apart and in shuffled order (contestMonth remembers its last answer).
  const instants = [
    '2031-01-31T23:00:00Z',
    '2031-03-30T01:00:00Z',
    '2031-08-31T22:00:00Z',
    '2031-10-26T01:00:00Z',
  ].flatMap((start) =>
    Array.from({ length: 240 }, (_, minute) => Date.parse(start) + (minute - 120) * 60_000),
  );
  const shuffled = instants.map((at, index) => instants[(index * 7919) % instants.length]!);
  for (const at of [...instants, ...shuffled]) {
    expect(contestMonth(new Date(at)), new Date(at).toISOString()).toBe(
      warsaw.format(new Date(at)),
    );
  }
});

test('a vote frees up 24 hours after it was cast, for the same brand too', async () => {
  const brand = await newBrand('Window');
  const user = await newUserId();
  await votesAt('2031-03-10T12:00:00Z').vote(user, brand);
  await expect(votesAt('2031-03-11T11:59:59Z').vote(user, brand)).rejects.toMatchObject({
    messageId: 'errors.alreadyVoted',
  });
  await expect(votesAt('2031-03-11T12:00:00Z').vote(user, brand)).resolves.toMatchObject({
    month: '2031-03',
  });
});

test('closing a month: most votes wins, the earliest to reach the count breaks a tie, the prize is credited once', async () => {
  const owner = await newUserId();
  const first = await newBrand('Tie First', owner);
  const second = await newBrand('Tie Second');
  const third = await newBrand('Few Votes');
  const voters = await Promise.all([newUserId(), newUserId(), newUserId(), newUserId()]);
  // Both leaders reach 2 votes; the first gets there on the 5th, the second on the 6th.
  await votesAt('2032-05-03T10:00:00Z').vote(voters[0]!, first);
  await votesAt('2032-05-04T10:00:00Z').vote(voters[1]!, second);
  await votesAt('2032-05-05T10:00:00Z').vote(voters[2]!, first);
  await votesAt('2032-05-06T10:00:00Z').vote(voters[3]!, second);
  await votesAt('2032-05-07T10:00:00Z').vote(voters[0]!, third);

  const ledger = createLedger(app.db);
  const contest = createContestService({
    db: app.db,
    ledger,
    clock: () => new Date('2032-06-01T00:05:00+02:00'),
  });
  const before = await ledger.balance(userAccount(owner));
  // The job may run twice at once (two instances) and again later: one winner, one prize.
  const [a, b] = await Promise.all([contest.closePreviousMonth(), contest.closePreviousMonth()]);
  const again = await contest.close('2032-05');
  expect([a, b, again].map((closed) => closed?.brandId)).toEqual([first, first, first]);
  expect([a, b].filter((closed) => closed?.closedNow)).toHaveLength(1);
  expect(again?.closedNow).toBe(false);
  expect((await ledger.balance(userAccount(owner))) - before).toBe(CONTEST_PRIZE_BASE_UNITS);

  const [brand] = await app.db.query<{ lifetime_premium: boolean }>(
    'SELECT lifetime_premium FROM brands WHERE id = $1',
    [first],
  );
  expect(brand!.lifetime_premium).toBe(true);
  const winners = await contest.winners();
  expect(winners[0]).toMatchObject({
    month: '2032-05',
    brand_id: first,
    name: 'Tie First',
    votes: 2,
    prize: 1_000_000,
  });
  expect(await contest.close('2032-04')).toBeNull();
});

test('the limit holds when another instance’s clock runs ahead: its votes count in the window too', async () => {
  const voter = await newUserId();
  const ahead = votesAt('2033-03-10T12:01:00Z');
  for (let index = 0; index < 10; index += 1) {
    await ahead.vote(voter, await newBrand(`Ahead ${index}`));
  }
  // An instance one minute behind must still see all ten (they were cast, whatever its clock says).
  await expect(
    votesAt('2033-03-10T12:00:00Z').vote(voter, await newBrand('Behind')),
  ).rejects.toMatchObject({
    status: 429,
    messageId: 'errors.voteLimit',
  });
});
