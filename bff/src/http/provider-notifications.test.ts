import { CARD_CALLBACK_PATH } from '@brnd/contracts/api/card-provider';
import { REFUSED_NOTIFICATIONS_KEPT_MAX } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { purgeExpired } from '../services/maintenance.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { PROVIDER_NOTIFICATIONS_PER_MINUTE } from './orders.ts';

/**
 * Forged notifications cannot fill the table or the server (docs/decisions/027): refused ones are
 * bounded in count and age, and each provider endpoint is throttled per address in PostgreSQL.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const forged = (n: number) =>
  fetch(`${app.baseUrl}${CARD_CALLBACK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': 't=1,v1=forged' },
    body: JSON.stringify({ cashTxHash: `forged-${n}`, status: 'paid' }),
  });

async function refused(): Promise<number> {
  const [row] = await app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payment_notifications WHERE outcome = 'refused'",
  );
  return row?.n ?? 0;
}

test('refused notifications keep only the newest ones, and none older than a week', async () => {
  await app.db.query(
    `INSERT INTO payment_notifications (provider, order_ref, outcome, http_status, reason, body,
       signature_valid, received_at)
     SELECT 'card', 'old-' || i, 'refused', 401, 'orders.errors.badSignature', '{}', false,
       now() - interval '1 hour'
     FROM generate_series(1, $1::int + 5) AS i`,
    [REFUSED_NOTIFICATIONS_KEPT_MAX],
  );
  expect((await forged(0)).status).toBeGreaterThanOrEqual(400);
  expect(await refused()).toBe(REFUSED_NOTIFICATIONS_KEPT_MAX);
  const [newest] = await app.db.query<{ order_ref: string }>(
    "SELECT order_ref FROM payment_notifications WHERE outcome = 'refused' ORDER BY id DESC LIMIT 1",
  );
  expect(newest?.order_ref).toBe('forged-0');

  // A week on, the retention purge removes them; accepted rows can never be deleted.
  await app.db.query(
    `INSERT INTO payment_notifications (provider, order_ref, outcome, http_status, body,
       signature_valid, received_at)
     VALUES ('card', 'kept', 'accepted', 200, '{}', true, now() - interval '30 days')`,
  );
  await app.db.query(
    `DELETE FROM payment_notifications WHERE outcome = 'refused' AND order_ref <> 'forged-0'`,
  );
  await app.db.query(
    `INSERT INTO payment_notifications (provider, order_ref, outcome, http_status, body,
       signature_valid, received_at)
     VALUES ('card', 'stale', 'refused', 401, '{}', false, now() - interval '8 days')`,
  );
  await purgeExpired(app.db);
  const left = await app.db.query<{ order_ref: string }>(
    "SELECT order_ref FROM payment_notifications WHERE order_ref IN ('kept', 'stale', 'forged-0') ORDER BY order_ref",
  );
  expect(left.map((row) => row.order_ref)).toEqual(['forged-0', 'kept']);
  await expect(
    app.db.query("DELETE FROM payment_notifications WHERE order_ref = 'kept'"),
  ).rejects.toThrow(/keeps accepted rows/);
});

test('a provider endpoint takes a limited number of notifications a minute from one address', async () => {
  await app.db.query("DELETE FROM rate_limits WHERE key LIKE 'provider:%'");
  const before = await refused();
  const answers = await Promise.all(
    Array.from({ length: PROVIDER_NOTIFICATIONS_PER_MINUTE + 5 }, (_, n) => forged(n + 1)),
  );
  const throttled = answers.filter((answer) => answer.status === 429);
  expect(throttled).toHaveLength(5);
  expect(Number(throttled[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
  // The throttled ones are not stored: only what was let through is.
  expect((await refused()) - before).toBe(PROVIDER_NOTIFICATIONS_PER_MINUTE);
});
