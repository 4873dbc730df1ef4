import { changeMobile, confirmMobile, login, resendCode } from '@brnd/contracts/api/accounts';
import {
  SMS_DAILY_BUDGET_OTHER_DESTINATIONS,
  SMS_OTHER_DESTINATIONS,
  SMS_PER_ACCOUNT_PER_DAY,
  SMS_PER_NUMBER_PER_DAY,
  SMS_RESEND_COOLDOWN_MS,
  SMS_RESENDS_PER_HOUR,
  SMS_SENDS_KEPT_MS,
} from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { purgeExpired } from '../services/maintenance.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  newUser,
  registerVerifiedUser,
  signUpAndConfirmEmail,
  smsCode,
  storedMobile,
} from '../testing/http.ts';

/** SMS bounds and one verified number per account (decision 040), on PostgreSQL. */

let app: TestApp;
let clockOffset = 0;
const HOUR_MS = 60 * 60_000;
beforeAll(async () => {
  app = await startTestApp({ clock: () => new Date(Date.now() + clockOffset) });
});
afterAll(() => app.close());

const advance = (ms: number) => {
  clockOffset += ms;
};

/** A user at the phone step whose first code went to `mobile`. */
async function atPhoneStep(mobile = newUser().mobile) {
  const user = newUser({ mobile });
  const code = await signUpAndConfirmEmail(app.baseUrl, user);
  const sent = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: user.mobile },
  });
  expect(sent.status).toBe(200);
  return { user, code };
}

const resend = (code: string) =>
  call(app.baseUrl, resendCode, { body: { verification_code: code } });

test('a resend inside the cooldown is refused with Retry-After; after it, a code is sent', async () => {
  const { code } = await atPhoneStep();
  const early = await resend(code);
  expect(early.status).toBe(429);
  expect(early.error?.messageId).toBe('errors.smsCooldown');
  const wait = Number(early.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(SMS_RESEND_COOLDOWN_MS / 1000);
  expect(early.error?.values?.seconds).toBe(wait);

  advance(SMS_RESEND_COOLDOWN_MS);
  expect((await resend(code)).status).toBe(200);
});

test('codes per account are capped per hour and per day, counted across numbers', async () => {
  const { code } = await atPhoneStep();
  for (let sent = 1; sent < SMS_RESENDS_PER_HOUR; sent += 1) {
    advance(SMS_RESEND_COOLDOWN_MS);
    expect((await resend(code)).status).toBe(200);
  }
  advance(SMS_RESEND_COOLDOWN_MS);
  const hourly = await resend(code);
  expect([hourly.status, hourly.error?.messageId]).toEqual([429, 'errors.resendLimit']);

  // The next hour allows more, up to the day's cap, whichever number the code goes to.
  advance(HOUR_MS);
  for (let sent = SMS_RESENDS_PER_HOUR; sent < SMS_PER_ACCOUNT_PER_DAY; sent += 1) {
    advance(SMS_RESEND_COOLDOWN_MS);
    const changed = await call(app.baseUrl, changeMobile, {
      body: { verification_code: code, mobile: newUser().mobile },
    });
    expect(changed.status).toBe(200);
  }
  advance(HOUR_MS);
  const daily = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: newUser().mobile },
  });
  expect([daily.status, daily.error?.messageId]).toEqual([429, 'errors.smsDailyLimit']);
  expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(HOUR_MS / 1000);
});

test('one number gets a bounded number of codes a day, whichever accounts ask', async () => {
  const victim = newUser().mobile;
  for (let sent = 0; sent < SMS_PER_NUMBER_PER_DAY; sent += 1) await atPhoneStep(victim);
  const other = newUser();
  const code = await signUpAndConfirmEmail(app.baseUrl, other);
  const refused = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: victim },
  });
  expect([refused.status, refused.error?.messageId]).toEqual([429, 'errors.smsDailyLimit']);
  expect(refused.headers.get('retry-after')).not.toBeNull();
});

test("a destination's daily budget, once spent, refuses further codes there but not elsewhere", async () => {
  const { code } = await atPhoneStep();
  const { user: others } = await atPhoneStep();
  const [row] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    others.email,
  ]);
  // Fill the shared budget of unlisted destinations as other accounts would have.
  await app.db.query(
    `INSERT INTO sms_sends (user_id, mobile, budget, sent_at)
     SELECT $1, '+999' || n, $2, now() - interval '1 hour' FROM generate_series(1, $3) AS n`,
    [row!.id, SMS_OTHER_DESTINATIONS, SMS_DAILY_BUDGET_OTHER_DESTINATIONS],
  );
  advance(SMS_RESEND_COOLDOWN_MS);
  const abroad = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: '+46 70 123 45 67' },
  });
  expect([abroad.status, abroad.error?.messageId]).toEqual([429, 'errors.smsUnavailable']);
  const fresh = await atPhoneStep();
  expect(fresh.user.mobile.startsWith('+48')).toBe(true);
  await app.db.query('DELETE FROM sms_sends WHERE budget = $1', [SMS_OTHER_DESTINATIONS]);
});

test('a number verified on one account cannot verify a second one, which learns nothing more', async () => {
  const { user: first } = await registerVerifiedUser(app.baseUrl);
  // The second account is answered as usual until it proves it holds the phone.
  const { user: second, code } = await atPhoneStep(first.mobile);
  const sms = await smsCode(app.baseUrl, storedMobile(first.mobile));
  const taken = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: sms },
  });
  expect(taken.status).toBe(409);
  expect(taken.error?.messageId).toBe('errors.phoneTaken');
  expect(JSON.stringify(taken.error)).not.toContain(first.email);
  const stillUnverified = await call(app.baseUrl, login, {
    body: { email: second.email, password: second.password },
  });
  expect(stillUnverified.data).not.toHaveProperty('token');

  // Another number finishes the registration.
  advance(SMS_RESEND_COOLDOWN_MS);
  const own = newUser().mobile;
  await call(app.baseUrl, changeMobile, { body: { verification_code: code, mobile: own } });
  const ownSms = await smsCode(app.baseUrl, storedMobile(own));
  const verified = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: ownSms },
  });
  expect(verified.status).toBe(200);
});

test('the database itself refuses a second verified account for a number', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const { user: other } = await atPhoneStep(user.mobile);
  await expect(
    app.db.query('UPDATE users SET phone_verified_at = now() WHERE email = $1', [other.email]),
  ).rejects.toMatchObject({ original: { constraint: 'users_verified_mobile_key' } });
});

test('the purge deletes SMS sends older than the bounds read and keeps the rest, which still count', async () => {
  const { user, code } = await atPhoneStep();
  const [row] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    user.email,
  ]);
  const mobile = storedMobile(user.mobile);
  const sendAt = (at: Date) =>
    app.db.query(
      `INSERT INTO sms_sends (user_id, mobile, budget, sent_at) VALUES ($1, $2, '+48', $3)`,
      [row!.id, mobile, at.toISOString()],
    );
  // The purge goes by the database's clock, the bounds by the app's (moved on by earlier tests).
  await sendAt(new Date(Date.now() - SMS_SENDS_KEPT_MS - HOUR_MS));
  await sendAt(new Date(Date.now() - SMS_SENDS_KEPT_MS + HOUR_MS));
  // With the code sent above, the number's daily cap is reached within the app's last day.
  for (let sent = 1; sent < SMS_PER_NUMBER_PER_DAY; sent += 1) {
    await sendAt(new Date(Date.now() + clockOffset - 2 * HOUR_MS));
  }
  const ages = () =>
    app.db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM now() - sent_at) / 3600)::int AS hours
       FROM sms_sends WHERE user_id = $1 ORDER BY sent_at`,
      [row!.id],
    );

  expect(await ages()).toHaveLength(SMS_PER_NUMBER_PER_DAY + 2);

  await purgeExpired(app.db);
  const kept = await ages();
  expect(kept).toHaveLength(SMS_PER_NUMBER_PER_DAY + 1);
  expect(kept[0]?.hours).toBe((SMS_SENDS_KEPT_MS - HOUR_MS) / HOUR_MS);
  expect(kept.slice(1).every((kept) => kept.hours < SMS_SENDS_KEPT_MS / HOUR_MS)).toBe(true);
  // What the bounds read survived the purge: the number is still at its daily cap.
  advance(SMS_RESEND_COOLDOWN_MS);
  const again = await resend(code);
  expect([again.status, again.error?.messageId]).toEqual([429, 'errors.smsDailyLimit']);
});

/** One Polish number in the spellings people type. */
function spellings() {
  const digits = String(600_000_000 + Math.floor(Math.random() * 99_999_999));
  const grouped = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  return [`+48 ${grouped}`, `0048${digits}`, `+48${digits}`, grouped];
}

test('a number spelt differently is one number for the per-number SMS cap', async () => {
  const forms = spellings();
  for (let sent = 0; sent < SMS_PER_NUMBER_PER_DAY; sent += 1) {
    await atPhoneStep(forms[sent % forms.length]);
  }
  expect(new Set(forms.map(storedMobile)).size).toBe(1);
  const user = newUser({ mobile: forms[SMS_PER_NUMBER_PER_DAY % forms.length]! });
  const code = await signUpAndConfirmEmail(app.baseUrl, user);
  const refused = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: forms[1]! },
  });
  expect([refused.status, refused.error?.messageId]).toEqual([429, 'errors.smsDailyLimit']);
});

test('a number verified as "+48 …" is taken when another account types it as "0048…"', async () => {
  const [international, withZeros] = spellings();
  const { user: first } = await registerVerifiedUser(
    app.baseUrl,
    newUser({ mobile: international! }),
  );
  const { code } = await atPhoneStep(withZeros);
  const sms = await smsCode(app.baseUrl, storedMobile(first.mobile));
  const taken = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: sms },
  });
  expect([taken.status, taken.error?.messageId]).toEqual([409, 'errors.phoneTaken']);
});
