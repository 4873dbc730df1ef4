import { adminContest, closeContestMonth } from '@brnd/contracts/api/admin-contest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAuditLog } from '../services/audit-log.ts';
import { createContestService, CONTEST_PRIZE_BASE_UNITS } from '../services/contest.ts';
import { createLedger, userAccount } from '../services/ledger.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { createVoteService, contestMonth } from '../services/votes.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, loginToken, registerVerifiedUser } from '../testing/http.ts';

const OPERATOR = { email: 'contest-ops@brnd.example', password: 'C0ntest!pass' };

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  token = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(async () => {
  await app?.close();
});

async function newUserId(): Promise<{ id: string; email: string }> {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const [row] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    user.email,
  ]);
  return { id: row!.id, email: user.email };
}

async function newBrand(name: string, ownerId: string | null = null): Promise<number> {
  const [row] = await app.db.query<{ id: string }>(
    `INSERT INTO brands (name, website, owner_id) VALUES ($1, lower(replace($1, ' ', '-')) || '.example', $2)
     RETURNING id::text`,
    [name, ownerId],
  );
  return Number(row!.id);
}

function votesAt(at: string) {
  return createVoteService({ db: app.db, clock: () => new Date(at) });
}

const close = (month: string) => call(app.baseUrl, closeContestMonth, { token, body: { month } });

test('the console shows this month’s standings, most votes first', async () => {
  const now = new Date();
  const leader = await newBrand('Standing Leader');
  const second = await newBrand('Standing Second');
  const voters = await Promise.all([newUserId(), newUserId(), newUserId()]);
  const votes = votesAt(now.toISOString());
  await votes.vote(voters[0]!.id, leader);
  await votes.vote(voters[1]!.id, leader);
  await votes.vote(voters[2]!.id, second);

  const overview = (await call(app.baseUrl, adminContest, { token })).data!;
  expect(overview.month).toBe(contestMonth(now));
  expect(overview.standings.slice(0, 2)).toEqual([
    expect.objectContaining({ rank: 1, brand_id: leader, name: 'Standing Leader', votes: 2 }),
    expect.objectContaining({ rank: 2, brand_id: second, votes: 1 }),
  ]);
});

test('an operator closes an ended month once: one winner, one prize, one audit row, even racing the job', async () => {
  const owner = await newUserId();
  const winner = await newBrand('Manual Winner', owner.id);
  const loser = await newBrand('Manual Loser');
  const voters = await Promise.all([newUserId(), newUserId(), newUserId()]);
  await votesAt('2025-03-10T10:00:00Z').vote(voters[0]!.id, winner);
  await votesAt('2025-03-11T10:00:00Z').vote(voters[1]!.id, winner);
  await votesAt('2025-03-12T10:00:00Z').vote(voters[2]!.id, loser);

  const before = (await call(app.baseUrl, adminContest, { token })).data!;
  expect(before.open_months).toContain('2025-03');

  const ledger = createLedger(app.db);
  const balance = await ledger.balance(userAccount(owner.id));
  // The scheduled job (its clock in April 2025) and two operator clicks at once.
  const job = createContestService({
    db: app.db,
    ledger,
    clock: () => new Date('2025-04-01T00:05:00+02:00'),
  });
  const [byJob, first, second] = await Promise.all([
    job.closePreviousMonth(),
    close('2025-03'),
    close('2025-03'),
  ]);
  expect(byJob?.brandId).toBe(winner);
  expect([first, second].map((answer) => answer.status)).toEqual([200, 200]);
  const closedNow = [byJob?.closedNow, first.data!.closed_now, second.data!.closed_now];
  expect(closedNow.filter(Boolean)).toHaveLength(1);
  expect(first.data!.winner).toMatchObject({
    month: '2025-03',
    brand_id: winner,
    name: 'Manual Winner',
    votes: 2,
    prize: 1_000_000,
    owner_email: owner.email,
  });
  expect((await ledger.balance(userAccount(owner.id))) - balance).toBe(CONTEST_PRIZE_BASE_UNITS);

  // Closing it again later changes nothing.
  const again = await close('2025-03');
  expect(again.data).toMatchObject({ closed_now: false, winner: { brand_id: winner } });
  expect((await ledger.balance(userAccount(owner.id))) - balance).toBe(CONTEST_PRIZE_BASE_UNITS);

  const audit = await app.db.query<{ actor_email: string }>(
    `SELECT actor_email FROM admin_audit_log WHERE action = 'contest.close' AND subject = '2025-03'`,
  );
  // Recorded only if an operator (not the job) was the one to close it.
  expect(audit).toHaveLength(byJob?.closedNow ? 0 : 1);

  const after = (await call(app.baseUrl, adminContest, { token })).data!;
  expect(after.open_months).not.toContain('2025-03');
  expect(after.winners.filter((row) => row.month === '2025-03')).toHaveLength(1);
});

test('the running month, a future month and a month without votes cannot be closed', async () => {
  const current = contestMonth(new Date());
  const running = await close(current);
  expect(running.status).toBe(409);
  expect(running.error?.messageId).toBe('adminContest.errors.notEnded');
  expect((await close('2099-01')).error?.messageId).toBe('adminContest.errors.notEnded');

  const empty = await close('2001-02');
  expect(empty.status).toBe(409);
  expect(empty.error?.messageId).toBe('adminContest.errors.noVotes');
  expect(empty.error?.message).toBe('2001-02 had no votes, so it has no winner.');

  const malformed = await close('2030-13');
  expect(malformed.status).toBe(400);
  expect(malformed.error?.errors).toEqual({ month: 'adminContest.errors.month' });
  const rows = await app.db.query('SELECT month FROM contest_winners WHERE month IN ($1, $2)', [
    current,
    '2001-02',
  ]);
  expect(rows).toEqual([]);
});

test('a winner without an owner is recorded but nobody is credited', async () => {
  const orphan = await newBrand('Ownerless Winner');
  const voter = await newUserId();
  await votesAt('2024-07-15T10:00:00Z').vote(voter.id, orphan);
  const closed = await close('2024-07');
  expect(closed.data).toMatchObject({
    closed_now: true,
    winner: { brand_id: orphan, prize: 0, owner_email: null },
  });
  const [entry] = (
    await createAuditLog(app.db).list({ action: 'contest.close', actor: OPERATOR.email })
  ).entries;
  expect(entry).toMatchObject({ subject: '2024-07', details: { brand_id: orphan, votes: 1 } });
});
