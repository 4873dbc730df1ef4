import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_USER, startTestApp, type TestApp } from '../testing.ts';
import { createSessionService, type SessionService } from './sessions.ts';

let app: TestApp;
let sessions: SessionService;
let userId: string;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
  sessions = createSessionService(app.db);
  const [user] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    DEMO_USER.email,
  ]);
  userId = user!.id;
});
afterAll(() => app.close());

async function lastSeenAgo(token: string): Promise<number> {
  const auth = await sessions.authenticate(token);
  const [row] = await app.db.query<{ ago: number }>(
    `SELECT extract(epoch FROM now() - last_seen_at)::float AS ago FROM sessions WHERE id = $1`,
    [auth!.sessionId],
  );
  return row!.ago;
}

async function setLastSeen(token: string, secondsAgo: number): Promise<void> {
  const auth = await sessions.authenticate(token);
  await app.db.query(
    `UPDATE sessions SET last_seen_at = now() - $2 * interval '1 second' WHERE id = $1`,
    [auth!.sessionId, secondsAgo],
  );
}

test('a token finds its session and its user, who can be updated like any loaded user', async () => {
  const token = await sessions.create(userId);
  const auth = await sessions.authenticate(token);
  expect(auth?.user.id).toBe(userId);
  expect(auth?.user.email).toBe(DEMO_USER.email);
  expect(auth?.user.role).toBe('user');
  expect(auth?.user.createdAt).toBeInstanceOf(Date);
  expect(auth?.user.isNewRecord).toBe(false);

  await auth!.user.update({ address: 'ul. Długa 1, Gdańsk' });
  const [row] = await app.db.query<{ address: string }>('SELECT address FROM users WHERE id = $1', [
    userId,
  ]);
  expect(row?.address).toBe('ul. Długa 1, Gdańsk');
  expect((await sessions.authenticate(token))?.user.address).toBe('ul. Długa 1, Gdańsk');
});

test("the session's read of the user's columns is what the model, and findByPk, hold", async () => {
  const auth = await sessions.authenticate(await sessions.create(userId));
  const loaded = await app.db.models.User.findByPk(userId);
  // Every attribute, with the same values and types (dates as Dates).
  expect(auth?.account).toMatchObject(loaded!.get({ plain: true }));
  // The model holds the user and nothing else: not the session's columns read with it.
  expect(auth!.user.get({ plain: true })).toEqual(loaded!.get({ plain: true }));
});

test('last_seen_at is written only once it is over a minute old', async () => {
  const token = await sessions.create(userId);
  await setLastSeen(token, 30);
  expect(await lastSeenAgo(token)).toBeGreaterThanOrEqual(29);
  await setLastSeen(token, 300);
  expect(await lastSeenAgo(token)).toBeLessThan(5);
});

test('revoked, expired and unknown tokens find nobody', async () => {
  const revoked = await sessions.create(userId);
  await sessions.revoke((await sessions.authenticate(revoked))!.sessionId);
  expect(await sessions.authenticate(revoked)).toBeNull();

  const expired = await sessions.create(userId);
  const { sessionId } = (await sessions.authenticate(expired))!;
  await app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
    sessionId,
  ]);
  expect(await sessions.authenticate(expired)).toBeNull();

  expect(await sessions.authenticate('A'.repeat(43))).toBeNull();
  expect(await sessions.authenticate('short')).toBeNull();
});
