import {
  AUTH_SUCCESS,
  changeMobile,
  confirmEmail,
  confirmMobile,
  getMobile,
  login,
  profile,
} from '@brnd/contracts/api/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, emailCode, latestMessage, newUser, smsCode, storedMobile } from '../testing/http.ts';
import { signup } from '@brnd/contracts/api/accounts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('user can register, confirm e-mail and phone from the outbox, then log in', async () => {
  const user = newUser();
  const created = await call(app.baseUrl, signup, { body: { ...user } });
  expect(created.status).toBe(201);
  expect(created.data).toEqual({ message: 'success' });

  const mail = await latestMessage(app.baseUrl, user.email, 'email');
  expect(mail.text).toContain(`${app.baseUrl}/verify/`);
  const code = await emailCode(app.baseUrl, user.email);
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Before the phone is verified, login continues the phone steps instead of signing in.
  const early = await call(app.baseUrl, login, {
    body: { email: user.email, password: user.password },
  });
  expect(early.status).toBe(403);
  expect(early.error?.messageId).toBe('errors.emailNotVerified');

  expect(
    (await call(app.baseUrl, confirmEmail, { body: { verification_code: code } })).data,
  ).toEqual({
    message: 'success',
  });
  const mobile = await call(app.baseUrl, getMobile, { params: { code } });
  expect(mobile.data).toEqual({ message: 'success', mobile: storedMobile(user.mobile) });

  const newNumber = '+48 512 345 678';
  const changed = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: newNumber },
  });
  expect(changed.data).toEqual({ message: 'success' });
  const sms = await latestMessage(app.baseUrl, storedMobile(newNumber), 'sms');
  expect(sms.text).toMatch(/^Your BRND verification code: [0-9]{4}$/);

  const verified = await call(app.baseUrl, confirmMobile, {
    body: {
      verification_code: code,
      mobile_verification_code: await smsCode(app.baseUrl, storedMobile(newNumber)),
    },
  });
  // Confirmed now: the account's own referral code, for the registration success page.
  const stored = await app.db.models.User.findOne({ where: { email: user.email } });
  expect(verified.data).toEqual({ message: 'success', referral_code: stored?.referralCode });
  expect(stored?.referralCode).toMatch(/^[A-Z2-9]{8}$/);

  const loggedIn = await call(app.baseUrl, login, {
    body: { email: user.email.toUpperCase(), password: user.password },
  });
  expect(loggedIn.status).toBe(200);
  expect(loggedIn.data).toMatchObject({
    message: AUTH_SUCCESS,
    email: user.email,
    mobile: storedMobile(newNumber),
    name: user.name,
  });
  const token = loggedIn.data && 'token' in loggedIn.data ? loggedIn.data.token : '';
  const me = await call(app.baseUrl, profile, { token });
  expect(me.data?.user).toEqual({
    name: user.name,
    email: user.email,
    mobile: storedMobile(newNumber),
    address: '',
    language: 'en',
  });
});
