import {
  changeMobile,
  confirmEmail,
  confirmMobile,
  getMobile,
  login,
  resendCode,
  signup,
} from '@brnd/contracts/api/accounts';
import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_RESEND_COOLDOWN_MS,
  SMS_RESENDS_PER_HOUR,
} from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hmac } from '../services/secrets.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  countMessages,
  emailCode,
  newUser,
  signUpAndConfirmEmail,
  smsCode,
  storedMobile,
  type NewUser,
} from '../testing/http.ts';

let app: TestApp;
/** Moves the app's clock on past SMS cooldowns (decision 040). */
let clockOffset = 0;
const secret = 'verification-test-secret-of-at-least-32-characters';
beforeAll(async () => {
  app = await startTestApp({ clock: () => new Date(Date.now() + clockOffset), secret });
});
afterAll(() => app.close());

/** A user with a confirmed e-mail whose SMS code has just been sent. */
async function atPhoneStep(user: NewUser = newUser()) {
  const code = await signUpAndConfirmEmail(app.baseUrl, user);
  await call(app.baseUrl, changeMobile, { body: { verification_code: code, mobile: user.mobile } });
  return { user, code, mobile: storedMobile(user.mobile) };
}

function wrongCodeFor(right: string) {
  return right === '0000' ? '1111' : '0000';
}

test('confirming an e-mail code twice still succeeds while it opens the phone steps', async () => {
  const user = newUser();
  await call(app.baseUrl, signup, { body: { ...user } });
  const code = await emailCode(app.baseUrl, user.email);
  const first = await call(app.baseUrl, confirmEmail, { body: { verification_code: code } });
  const again = await call(app.baseUrl, confirmEmail, { body: { verification_code: code } });
  expect(first.data).toEqual({ message: 'success' });
  expect(again.data).toEqual({ message: 'success' });
});

test('an unknown or malformed e-mail code is refused', async () => {
  const unknown = await call(app.baseUrl, confirmEmail, {
    body: { verification_code: 'A'.repeat(43) },
  });
  expect(unknown.status).toBe(400);
  expect(unknown.error).toEqual({
    message: 'This link is invalid or has expired.',
    messageId: 'errors.linkInvalid',
  });

  const malformed = await call(app.baseUrl, confirmEmail, {
    body: { verification_code: 'short' },
  });
  expect(malformed.status).toBe(400);
  expect(malformed.error?.errors).toEqual({ verification_code: 'validation.verificationCode' });
});

test('an expired e-mail code is refused', async () => {
  const user = newUser();
  await call(app.baseUrl, signup, { body: { ...user } });
  const code = await emailCode(app.baseUrl, user.email);
  await app.db.query(
    "UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'email'",
  );
  const result = await call(app.baseUrl, confirmEmail, { body: { verification_code: code } });
  expect(result.error?.messageId).toBe('errors.linkInvalid');
});

test('the phone steps need a confirmed e-mail code', async () => {
  const user = newUser();
  await call(app.baseUrl, signup, { body: { ...user } });
  const unconfirmed = await emailCode(app.baseUrl, user.email);
  const result = await call(app.baseUrl, getMobile, { params: { code: unconfirmed } });
  expect(result.status).toBe(400);
  expect(result.error?.messageId).toBe('errors.linkInvalid');
});

test('changemobile validates the number and texts the code to the new one', async () => {
  const user = newUser();
  const code = await signUpAndConfirmEmail(app.baseUrl, user);
  const invalid = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: '12-ab' },
  });
  expect(invalid.status).toBe(400);
  expect(invalid.error?.errors).toEqual({ mobile: 'validation.phone' });

  const ok = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: '+48 (22) 555-01-99' },
  });
  expect(ok.data).toEqual({ message: 'success' });
  expect(await smsCode(app.baseUrl, '+48225550199')).toMatch(/^[0-9]{4}$/);
  expect((await call(app.baseUrl, getMobile, { params: { code } })).data?.mobile).toBe(
    '+48225550199',
  );
});

test('a wrong SMS code fails and the right one verifies the phone, once', async () => {
  const { code, mobile } = await atPhoneStep();
  const right = await smsCode(app.baseUrl, mobile);

  const wrong = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: wrongCodeFor(right) },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.error).toEqual({
    message: 'Verification Failed',
    messageId: 'errors.verificationFailed',
    errors: { mobile_verification_code: 'errors.verificationFailed' },
  });

  const ok = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: right },
  });
  expect(ok.data).toEqual({ message: 'success', referral_code: expect.any(String) });

  // Sent again (its answer lost on the way): answered as it was. Another code is no repeat.
  const again = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: right },
  });
  expect(again.data).toEqual(ok.data);
  const guess = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: wrongCodeFor(right) },
  });
  expect(guess.error?.messageId).toBe('errors.linkInvalid');

  // Verified: the e-mail code no longer opens the phone steps.
  const after = await call(app.baseUrl, getMobile, { params: { code } });
  expect(after.error?.messageId).toBe('errors.linkInvalid');
});

test('20 parallel wrong SMS codes evaluate at most 5; the right code then needs a resend', async () => {
  const { code, mobile } = await atPhoneStep();
  const right = await smsCode(app.baseUrl, mobile);

  const guesses = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(app.baseUrl, confirmMobile, {
        body: { verification_code: code, mobile_verification_code: wrongCodeFor(right) },
      }),
    ),
  );
  const evaluated = guesses.filter((r) => r.error?.messageId === 'errors.verificationFailed');
  const refused = guesses.filter((r) => r.error?.messageId === 'errors.codeExpired');
  expect(evaluated).toHaveLength(SMS_CODE_MAX_ATTEMPTS);
  expect(refused).toHaveLength(20 - SMS_CODE_MAX_ATTEMPTS);
  expect(guesses.every((r) => r.status === 400)).toBe(true);

  const tooLate = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: right },
  });
  expect(tooLate.status).toBe(400);
  expect(tooLate.error?.messageId).toBe('errors.codeExpired');

  const sent = await countMessages(app.baseUrl, mobile, 'sms');
  clockOffset += SMS_RESEND_COOLDOWN_MS;
  const resent = await call(app.baseUrl, resendCode, {
    body: { verification_code: code, mobile },
  });
  expect(resent.data).toEqual({ message: 'success' });
  const fresh = await smsCode(app.baseUrl, mobile, { after: sent });
  const ok = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: fresh },
  });
  expect(ok.data).toEqual({ message: 'success', referral_code: expect.any(String) });
});

test('a resend replaces the previous SMS code', async () => {
  const { code, mobile } = await atPhoneStep();
  clockOffset += SMS_RESEND_COOLDOWN_MS;
  await call(app.baseUrl, resendCode, { body: { verification_code: code } });
  const codes = await app.db.query<{ dead: boolean }>(
    'SELECT dead_at IS NOT NULL AS dead FROM sms_codes WHERE mobile = $1 ORDER BY created_at',
    [mobile],
  );
  expect(codes).toEqual([{ dead: true }, { dead: false }]);
  const fresh = await smsCode(app.baseUrl, mobile, { after: 1 });
  const ok = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: fresh },
  });
  expect(ok.data).toEqual({ message: 'success', referral_code: expect.any(String) });
});

test('an SMS code expires after its lifetime', async () => {
  const { code, mobile } = await atPhoneStep();
  const right = await smsCode(app.baseUrl, mobile);
  await app.db.query("UPDATE sms_codes SET expires_at = now() - interval '1 second'");
  const result = await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: right },
  });
  expect(result.status).toBe(400);
  expect(result.error?.messageId).toBe('errors.codeExpired');
});

test('SMS codes are limited per hour, with Retry-After', async () => {
  const { code } = await atPhoneStep();
  // The first code was sent by changemobile; each resend waits out the cooldown.
  for (let sent = 1; sent < SMS_RESENDS_PER_HOUR; sent += 1) {
    clockOffset += SMS_RESEND_COOLDOWN_MS;
    const result = await call(app.baseUrl, resendCode, { body: { verification_code: code } });
    expect(result.status).toBe(200);
  }
  clockOffset += SMS_RESEND_COOLDOWN_MS;
  const refused = await call(app.baseUrl, resendCode, { body: { verification_code: code } });
  expect(refused.status).toBe(429);
  expect(refused.error?.messageId).toBe('errors.resendLimit');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);

  // A new number over the limit is refused as a whole: the stored number stays.
  const before = await call(app.baseUrl, getMobile, { params: { code } });
  const change = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: '+48 700 800 900' },
  });
  expect(change.status).toBe(429);
  expect((await call(app.baseUrl, getMobile, { params: { code } })).data).toEqual(before.data);
});

test('the SMS code is stored as an HMAC, never as digits', async () => {
  const { mobile } = await atPhoneStep();
  const right = await smsCode(app.baseUrl, mobile);
  const rows = await app.db.query<{ code_hash: string }>(
    'SELECT code_hash FROM sms_codes WHERE mobile = $1',
    [mobile],
  );
  // Compared whole: a 64-digit hash may contain the 4 digits by chance.
  expect(rows[0]?.code_hash).toBe(hmac(secret, right));
});

test('login before the phone is verified answers a fresh code for the phone steps', async () => {
  const user = newUser();
  await signUpAndConfirmEmail(app.baseUrl, user);
  const result = await call(app.baseUrl, login, {
    body: { email: user.email, password: user.password },
  });
  expect(result.status).toBe(200);
  expect(result.data).not.toHaveProperty('token');
  const data = result.data as { code: string; email: string; mobile: string; name: string };
  expect(data).toMatchObject({
    email: user.email,
    mobile: storedMobile(user.mobile),
    name: user.name,
  });
  expect(data.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const mobile = await call(app.baseUrl, getMobile, { params: { code: data.code } });
  expect(mobile.data?.mobile).toBe(storedMobile(user.mobile));
});

test('login with an unconfirmed e-mail re-sends the link at most once per 10 minutes', async () => {
  const user = newUser();
  await call(app.baseUrl, signup, { body: { ...user } });
  const credentials = { email: user.email, password: user.password };

  const first = await call(app.baseUrl, login, { body: credentials });
  expect(first.status).toBe(403);
  expect(first.error).toEqual({
    message: 'Please confirm your e-mail address first: we sent you a link.',
    messageId: 'errors.emailNotVerified',
  });
  expect(await countMessages(app.baseUrl, user.email, 'email')).toBe(2);

  await call(app.baseUrl, login, { body: credentials });
  expect(await countMessages(app.baseUrl, user.email, 'email')).toBe(2);

  // The re-sent link works like the first one.
  const resentCode = await emailCode(app.baseUrl, user.email);
  const confirmed = await call(app.baseUrl, confirmEmail, {
    body: { verification_code: resentCode },
  });
  expect(confirmed.data).toEqual({ message: 'success' });
});

test('once the phone is verified, its code opens none of the phone steps', async () => {
  const { code, mobile } = await atPhoneStep();
  const right = await smsCode(app.baseUrl, mobile);
  await call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: right },
  });
  const answers = await Promise.all([
    call(app.baseUrl, getMobile, { params: { code } }),
    call(app.baseUrl, changeMobile, { body: { verification_code: code, mobile } }),
    call(app.baseUrl, resendCode, { body: { verification_code: code } }),
    // Only a repeat of the confirmation itself is answered again (the test above).
    call(app.baseUrl, confirmMobile, {
      body: { verification_code: code, mobile_verification_code: wrongCodeFor(right) },
    }),
  ]);
  for (const answer of answers) expect(answer.error?.messageId).toBe('errors.linkInvalid');
});
