import {
  changePassword,
  forgotPassword,
  login,
  profile,
  resetPassword,
} from '@brnd/contracts/api/accounts';
import { PASSWORD_CHANGE_FAILURES, RESET_EMAILS_PER_HOUR } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  countMessages,
  latestMessage,
  loginToken,
  registerVerifiedUser,
  resetCode,
} from '../testing/http.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function requestReset(email: string) {
  const result = await call(app.baseUrl, forgotPassword, { body: { email } });
  await app.settled();
  return result;
}

test('forgot-password answers the same for known and unknown addresses', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const known = await requestReset(user.email);
  const unknown = await requestReset('nobody-here@example.com');
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(known.data).toEqual({ message: 'success' });
  expect(unknown.data).toEqual(known.data);

  const mail = await latestMessage(app.baseUrl, user.email, 'email');
  expect(mail.subject).toBe('Reset your BRND password');
  expect(mail.text).toMatch(
    new RegExp(`${app.baseUrl}/resetpassword/[A-Za-z0-9_-]{43}\\?lang=en\\n`),
  );
  expect(await countMessages(app.baseUrl, 'nobody-here@example.com', 'email')).toBe(0);
});

test('forgot-password needs a valid e-mail', async () => {
  const result = await call(app.baseUrl, forgotPassword, { body: { email: 'nope' } });
  expect(result.status).toBe(400);
  expect(result.error?.errors).toEqual({ email: 'validation.email' });
});

test('reset e-mails per address are limited per hour, without a different answer', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const before = await countMessages(app.baseUrl, user.email, 'email');
  for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i += 1) {
    expect((await requestReset(user.email)).data).toEqual({ message: 'success' });
  }
  expect(await countMessages(app.baseUrl, user.email, 'email')).toBe(
    before + RESET_EMAILS_PER_HOUR,
  );
});

test('user can reset the password; every session ends and the old password stops working', async () => {
  const { user, token } = await registerVerifiedUser(app.baseUrl);
  await requestReset(user.email);
  const code = await resetCode(app.baseUrl, user.email);

  const result = await call(app.baseUrl, resetPassword, {
    body: { code, password: 'Fresh456?y' },
  });
  expect(result.data).toEqual({ message: 'success' });
  expect((await call(app.baseUrl, profile, { token })).status).toBe(401);

  const old = await call(app.baseUrl, login, {
    body: { email: user.email, password: user.password },
  });
  expect(old.status).toBe(401);
  expect(await loginToken(app.baseUrl, user.email, 'Fresh456?y')).toMatch(/^[\w-]{43}$/);
});

test('a reset code works once', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  await requestReset(user.email);
  const code = await resetCode(app.baseUrl, user.email);
  await call(app.baseUrl, resetPassword, { body: { code, password: 'Fresh456?y' } });
  const again = await call(app.baseUrl, resetPassword, {
    body: { code, password: 'Other789#z' },
  });
  expect(again.status).toBe(400);
  expect(again.error).toEqual({
    message: 'This link is invalid or has expired.',
    messageId: 'errors.linkInvalid',
  });
});

test('a reset code expires after an hour', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  await requestReset(user.email);
  const code = await resetCode(app.baseUrl, user.email);
  const [row] = await app.db.query<{ lifetime: number }>(
    `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime
     FROM verification_codes WHERE purpose = 'reset' ORDER BY created_at DESC LIMIT 1`,
  );
  expect(row?.lifetime).toBe(3600);

  await app.db.query(
    "UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'reset'",
  );
  const result = await call(app.baseUrl, resetPassword, {
    body: { code, password: 'Fresh456?y' },
  });
  expect(result.error?.messageId).toBe('errors.linkInvalid');
});

test('reset codes are stored as SHA-256, not as sent', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  await requestReset(user.email);
  const code = await resetCode(app.baseUrl, user.email);
  const rows = await app.db.query<{ code_hash: string }>(
    "SELECT code_hash FROM verification_codes WHERE purpose = 'reset'",
  );
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);
  expect(rows.map((row) => row.code_hash)).not.toContain(code);
});

test('reset validates the new password', async () => {
  const result = await call(app.baseUrl, resetPassword, {
    body: { code: 'A'.repeat(43), password: 'weak' },
  });
  expect(result.status).toBe(400);
  expect(result.error?.errors).toEqual({ password: 'validation.password' });
});

test('user can change the password; all sessions end, this one included', async () => {
  const { user, token } = await registerVerifiedUser(app.baseUrl);
  const stolen = await loginToken(app.baseUrl, user.email, user.password);

  const result = await call(app.baseUrl, changePassword, {
    token,
    body: {
      currentpassword: user.password,
      newpassword: 'Fresh456?y',
      confirmpassword: 'Fresh456?y',
    },
  });
  expect(result.data).toEqual({ message: 'success' });
  expect((await call(app.baseUrl, profile, { token })).status).toBe(401);
  expect((await call(app.baseUrl, profile, { token: stolen })).status).toBe(401);
  expect(await loginToken(app.baseUrl, user.email, 'Fresh456?y')).toMatch(/^[\w-]{43}$/);
});

test('change-password refuses a wrong current password and a mismatched confirmation', async () => {
  const { user, token } = await registerVerifiedUser(app.baseUrl);
  const wrong = await call(app.baseUrl, changePassword, {
    token,
    body: { currentpassword: 'Wrong123!x', newpassword: 'Fresh456?y' },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.error).toEqual({
    message: 'Your current password is not correct.',
    messageId: 'errors.wrongCurrentPassword',
    errors: { currentpassword: 'errors.wrongCurrentPassword' },
  });

  const mismatch = await call(app.baseUrl, changePassword, {
    token,
    body: { currentpassword: user.password, newpassword: 'Fresh456?y', confirmpassword: 'Other' },
  });
  expect(mismatch.status).toBe(400);
  expect(mismatch.error).toEqual({
    message: 'Passwords do not match. Try again!',
    messageId: 'validation.passwordMismatch',
    errors: { confirmpassword: 'validation.passwordMismatch' },
  });

  const weak = await call(app.baseUrl, changePassword, {
    token,
    body: { currentpassword: '', newpassword: 'weak' },
  });
  expect(weak.error?.errors).toEqual({
    currentpassword: 'validation.currentPassword',
    newpassword: 'validation.password',
  });
  // Still signed in: nothing was changed.
  expect((await call(app.baseUrl, profile, { token })).status).toBe(200);
});

test('change-password is throttled after repeated wrong current passwords', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const attempt = () =>
    call(app.baseUrl, changePassword, {
      token,
      body: { currentpassword: 'Wrong123!x', newpassword: 'Fresh456?y' },
    });
  for (let i = 0; i < PASSWORD_CHANGE_FAILURES; i += 1) expect((await attempt()).status).toBe(400);
  const throttled = await attempt();
  expect(throttled.status).toBe(429);
  expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
});

test('change-password needs a session', async () => {
  const result = await call(app.baseUrl, changePassword, {
    body: { currentpassword: 'x', newpassword: 'Fresh456?y' },
  });
  expect(result.status).toBe(401);
  expect(result.headers.get('www-authenticate')).toBe('Bearer');
});
