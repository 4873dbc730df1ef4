// @vitest-environment node
import { describe, expect, test } from 'vitest';
import {
  changeMobile,
  changePassword,
  confirmEmail,
  confirmMobile,
  forgotPassword,
  getMobile,
  login,
  profile,
  resendCode,
  resetPassword,
  signup,
  updateProfile,
} from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import { resetCodeFrom } from '@brnd/contracts/api/dev';
import {
  LOGIN_THROTTLE_WINDOW_MS,
  SMS_CODE_LIFETIME_MS,
  SMS_RESEND_COOLDOWN_MS,
} from '@brnd/contracts/domain/constants';
import { DEMO_EMAIL, DEMO_PASSWORD, NEEDS_PHONE_EMAIL, UNVERIFIED_EMAIL } from './seed.ts';
import { BASE_URL, useMockApi } from './test-helpers.ts';

const api = useMockApi();

const newUser = {
  name: 'Jan Nowak',
  mobile: '+48 600 100 200',
  email: 'Jan.Nowak@example.com',
  password: 'Secret12!',
};

async function signUp(email = newUser.email) {
  await api.call(signup, { body: { ...newUser, email } });
  return api.latestVerificationCode(email.toLowerCase());
}

/** Sign-up, e-mail link and phone number: the user now waits for the SMS code. */
async function untilSmsSent(email = newUser.email) {
  const code = await signUp(email);
  await api.call(confirmEmail, { body: { verification_code: code } });
  await api.call(changeMobile, { body: { verification_code: code, mobile: '+48 600 100 300' } });
  return code;
}

describe('sign-up and verification', () => {
  test('user can sign up, confirm the e-mail, confirm the phone and then log in', async () => {
    const created = await api.call(signup, { body: newUser });
    expect(created).toEqual({ message: 'success' });

    const [mail] = await api.outbox();
    expect(mail).toMatchObject({ channel: 'email', to: 'jan.nowak@example.com' });
    expect(mail?.text).toMatch(/http:\/\/app\.test\/verify\/[A-Za-z0-9_-]{43}\?lang=en(\s|$)/);
    const code = await api.latestVerificationCode('jan.nowak@example.com');

    expect(await api.call(confirmEmail, { body: { verification_code: code } })).toEqual({
      message: 'success',
    });
    expect(await api.call(getMobile, { params: { code } })).toEqual({
      message: 'success',
      mobile: '+48600100200',
    });
    await api.call(changeMobile, { body: { verification_code: code, mobile: '+48 600 100 300' } });
    const [sms] = await api.outbox();
    expect(sms).toMatchObject({ channel: 'sms', to: '+48600100300' });
    expect(sms?.text).toMatch(/^Your BRND verification code: [0-9]{4}$/);

    const smsCode = await api.latestSmsCode('+48600100300');
    const confirmed = await api.call(confirmMobile, {
      body: { mobile_verification_code: smsCode, verification_code: code },
    });
    expect(confirmed.referral_code).toMatch(/^[A-Z0-9]{8}$/);

    const session = await api.call(login, {
      body: { email: 'jan.nowak@example.com', password: 'Secret12!' },
    });
    expect(session).toMatchObject({
      message: 'Auth Success!',
      email: 'jan.nowak@example.com',
      mobile: '+48600100300',
      name: 'Jan Nowak',
    });
    expect('token' in session && session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('a registered address gets the same 201; its owner is told by e-mail', async () => {
    const response = await fetch(`${BASE_URL}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(newUser),
    });
    expect(response.status).toBe(201);
    const again = await fetch(`${BASE_URL}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...newUser, email: 'JAN.NOWAK@example.com' }),
    });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await response.clone().json());
    const [notice] = await api.outbox();
    expect(notice).toMatchObject({
      channel: 'email',
      to: 'jan.nowak@example.com',
      subject: 'Someone tried to sign up for BRND with your address',
    });
  });

  test('invalid fields are answered 400 with a message id per field', async () => {
    const error = await api.failure(signup, {
      body: { name: ' ', mobile: '12', email: 'jan@', password: 'short' },
    });
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      message: 'Please enter your full name',
      messageId: 'validation.fullName',
      errors: {
        name: 'validation.fullName',
        mobile: 'validation.phone',
        email: 'validation.email',
        password: 'validation.password',
      },
    });
  });

  test('an unknown verification code is refused everywhere in the phone steps', async () => {
    const code = 'x'.repeat(43);
    for (const error of [
      await api.failure(confirmEmail, { body: { verification_code: code } }),
      await api.failure(getMobile, { params: { code } }),
      await api.failure(resendCode, { body: { verification_code: code } }),
    ]) {
      expect(error.status).toBe(400);
      expect(error.body.messageId).toBe('errors.linkInvalid');
    }
  });

  test('the phone steps open only once the e-mail link is confirmed; opening it twice is fine', async () => {
    const code = await signUp();
    const early = await api.failure(getMobile, { params: { code } });
    expect(early.body.messageId).toBe('errors.linkInvalid');
    await api.call(confirmEmail, { body: { verification_code: code } });
    await expect(api.call(confirmEmail, { body: { verification_code: code } })).resolves.toEqual({
      message: 'success',
    });
    await expect(api.call(getMobile, { params: { code } })).resolves.toMatchObject({
      mobile: '+48600100200',
    });
  });

  test('the e-mail code dies once the phone is verified', async () => {
    const code = await untilSmsSent();
    const smsCode = await api.latestSmsCode('+48600100300');
    await api.call(confirmMobile, {
      body: { mobile_verification_code: smsCode, verification_code: code },
    });
    const error = await api.failure(getMobile, { params: { code } });
    expect(error.body.messageId).toBe('errors.linkInvalid');
  });
});

describe('SMS code', () => {
  test('a wrong code fails; after 5 wrong codes even the right one is refused until a resend', async () => {
    const code = await untilSmsSent();
    const right = await api.latestSmsCode('+48600100300');
    const wrong = right === '0000' ? '1111' : '0000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const error = await api.failure(confirmMobile, {
        body: { mobile_verification_code: wrong, verification_code: code },
      });
      expect(error.body.messageId).toBe('errors.verificationFailed');
    }
    const dead = await api.failure(confirmMobile, {
      body: { mobile_verification_code: right, verification_code: code },
    });
    expect(dead.status).toBe(400);
    expect(dead.body.messageId).toBe('errors.codeExpired');

    api.advance(SMS_RESEND_COOLDOWN_MS);
    await api.call(resendCode, { body: { verification_code: code } });
    const fresh = await api.latestSmsCode('+48600100300');
    expect(
      await api.call(confirmMobile, {
        body: { mobile_verification_code: fresh, verification_code: code },
      }),
    ).toMatchObject({ message: 'success' });
  });

  test('parallel guesses cannot exceed the 5 attempts', async () => {
    const code = await untilSmsSent();
    const right = await api.latestSmsCode('+48600100300');
    const guesses = Array.from({ length: 20 }, (_, index) =>
      String((Number(right) + 1 + index) % 10_000).padStart(4, '0'),
    );
    const errors = await Promise.all(
      guesses.map((guess) =>
        api.failure(confirmMobile, {
          body: { mobile_verification_code: guess, verification_code: code },
        }),
      ),
    );
    const evaluated = errors.filter(
      (error) => error.body.messageId === 'errors.verificationFailed',
    );
    expect(evaluated.length).toBeLessThanOrEqual(5);
    const afterwards = await api.failure(confirmMobile, {
      body: { mobile_verification_code: right, verification_code: code },
    });
    expect(afterwards.body.messageId).toBe('errors.codeExpired');
  });

  test('a code lives 10 minutes', async () => {
    const code = await untilSmsSent();
    const right = await api.latestSmsCode('+48600100300');
    api.advance(SMS_CODE_LIFETIME_MS + 1);
    const error = await api.failure(confirmMobile, {
      body: { mobile_verification_code: right, verification_code: code },
    });
    expect(error.body.messageId).toBe('errors.codeExpired');
  });

  test('a resend inside the cooldown is refused with the seconds left, as the bff does', async () => {
    const code = await untilSmsSent();
    const early = await api.failure(resendCode, { body: { verification_code: code } });
    expect([early.status, early.body.messageId]).toEqual([429, 'errors.smsCooldown']);
    expect(early.retryAfterSeconds).toBe(SMS_RESEND_COOLDOWN_MS / 1000);
    api.advance(SMS_RESEND_COOLDOWN_MS);
    await expect(api.call(resendCode, { body: { verification_code: code } })).resolves.toEqual({
      message: 'success',
    });
  });

  test('a number verified on another account is refused once the code is right', async () => {
    const code = await untilSmsSent();
    const right = await api.latestSmsCode('+48600100300');
    await api.call(confirmMobile, {
      body: { mobile_verification_code: right, verification_code: code },
    });
    const second = await untilSmsSent('second@example.com');
    const error = await api.failure(confirmMobile, {
      body: {
        mobile_verification_code: await api.latestSmsCode('+48600100300'),
        verification_code: second,
      },
    });
    expect([error.status, error.body.messageId]).toEqual([409, 'errors.phoneTaken']);
  });

  test('sending codes is limited per hour with Retry-After', async () => {
    const code = await untilSmsSent();
    for (let resend = 0; resend < 4; resend += 1) {
      api.advance(SMS_RESEND_COOLDOWN_MS);
      await api.call(resendCode, { body: { verification_code: code } });
    }
    api.advance(SMS_RESEND_COOLDOWN_MS);
    const error = await api.failure(resendCode, { body: { verification_code: code } });
    expect(error.status).toBe(429);
    expect(error.body.messageId).toBe('errors.resendLimit');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    api.advance(60 * 60_000);
    // The hour is over; this number has had its day's codes, another number gets one.
    const sameNumber = await api.failure(resendCode, { body: { verification_code: code } });
    expect(sameNumber.body.messageId).toBe('errors.smsDailyLimit');
    await expect(
      api.call(changeMobile, { body: { verification_code: code, mobile: '+48 600 100 301' } }),
    ).resolves.toEqual({ message: 'success' });
  });
});

describe('login', () => {
  test('the demo user logs in and reads the profile', async () => {
    const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const token = 'token' in session ? session.token : undefined;
    expect(await api.call(profile, undefined, token)).toEqual({
      user: {
        name: 'Demo User',
        email: DEMO_EMAIL,
        mobile: '+48500100200',
        address: 'ul. Prosta 20, 00-850 Warszawa',
        language: 'en',
      },
    });
  });

  test('a wrong password and an unknown e-mail get the same 401', async () => {
    const wrong = await api.failure(login, { body: { email: DEMO_EMAIL, password: 'Nope123!x' } });
    const unknown = await api.failure(login, {
      body: { email: 'nobody@example.com', password: DEMO_PASSWORD },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      message: 'Wrong e-mail or password.',
      messageId: 'errors.invalidCredentials',
    });
  });

  test('after 5 failures the account is throttled with Retry-After, even for the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await api.failure(login, { body: { email: DEMO_EMAIL, password: 'Nope123!x' } });
    }
    const throttled = await api.failure(login, {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body.messageId).toBe('errors.tooManyAttempts');
    expect(throttled.body.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(throttled.retryAfterSeconds).toBe(900);

    api.advance(LOGIN_THROTTLE_WINDOW_MS);
    await expect(
      api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
    ).resolves.toMatchObject({ message: 'Auth Success!' });
  });

  test('a user without a verified phone gets a phone-step code instead of a session', async () => {
    const answer = await api.call(login, {
      body: { email: NEEDS_PHONE_EMAIL, password: DEMO_PASSWORD },
    });
    expect('token' in answer).toBe(false);
    const code = 'code' in answer ? answer.code : '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await api.call(getMobile, { params: { code } })).toEqual({
      message: 'success',
      mobile: '+48512345678',
    });
  });

  test('a user without a verified e-mail gets 403 and at most one new e-mail per 10 minutes', async () => {
    const attempt = () =>
      api.failure(login, { body: { email: UNVERIFIED_EMAIL, password: DEMO_PASSWORD } });
    const error = await attempt();
    expect(error.status).toBe(403);
    expect(error.body.messageId).toBe('errors.emailNotVerified');
    await attempt();
    const mails = (await api.outbox()).filter((message) => message.to === UNVERIFIED_EMAIL);
    expect(mails).toHaveLength(1);
    api.advance(10 * 60_000);
    await attempt();
    expect((await api.outbox()).filter((message) => message.to === UNVERIFIED_EMAIL)).toHaveLength(
      2,
    );
  });
});

describe('sessions and passwords', () => {
  async function demoToken() {
    const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    if (!('token' in session)) throw new Error('no token');
    return session.token;
  }

  test('the profile needs a token', async () => {
    const error = await api.failure(profile);
    expect(error.status).toBe(401);
    expect(error.body.messageId).toBe('errors.unauthorized');
  });

  test('user can update name and address; e-mail and mobile stay', async () => {
    const token = await demoToken();
    const answer = await api.call(
      updateProfile,
      {
        body: { name: 'Anna Nowak', address: 'ul. Piękna 1, Kraków', email: 'x@y.z', mobile: '1' },
      },
      token,
    );
    expect(answer.user).toEqual({
      name: 'Anna Nowak',
      address: 'ul. Piękna 1, Kraków',
      email: DEMO_EMAIL,
      mobile: '+48500100200',
      language: 'en',
    });
  });

  test('a wrong current password is refused; a change revokes every session', async () => {
    const token = await demoToken();
    const other = await demoToken();
    const wrong = await api.failure(
      changePassword,
      { body: { currentpassword: 'Nope123!x', newpassword: 'Fresh123!x' } },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.messageId).toBe('errors.wrongCurrentPassword');

    await api.call(
      changePassword,
      {
        body: {
          currentpassword: DEMO_PASSWORD,
          newpassword: 'Fresh123!x',
          confirmpassword: 'Fresh123!x',
        },
      },
      token,
    );
    expect((await api.failure(profile, undefined, token)).status).toBe(401);
    expect((await api.failure(profile, undefined, other)).status).toBe(401);
    await expect(
      api.call(login, { body: { email: DEMO_EMAIL, password: 'Fresh123!x' } }),
    ).resolves.toMatchObject({ message: 'Auth Success!' });
  });

  test('logout kills the token', async () => {
    const token = await demoToken();
    await api.call(logout, undefined, token);
    expect((await api.failure(profile, undefined, token)).status).toBe(401);
  });

  test('user can reset a forgotten password once with the e-mailed link', async () => {
    const token = await demoToken();
    await api.call(forgotPassword, { body: { email: DEMO_EMAIL } });
    const [mail] = await api.outbox();
    expect(mail?.to).toBe(DEMO_EMAIL);
    expect(mail?.text).toMatch(/http:\/\/app\.test\/resetpassword\/[A-Za-z0-9_-]{43}/);
    const code = resetCodeFrom(mail?.text ?? '') ?? '';

    await api.call(resetPassword, { body: { password: 'Reset123!x', code } });
    expect((await api.failure(profile, undefined, token)).status).toBe(401);
    const reused = await api.failure(resetPassword, { body: { password: 'Again123!x', code } });
    expect(reused.body.messageId).toBe('errors.linkInvalid');
    await expect(
      api.call(login, { body: { email: DEMO_EMAIL, password: 'Reset123!x' } }),
    ).resolves.toMatchObject({ message: 'Auth Success!' });
  });

  test('a reset link expires after an hour', async () => {
    await api.call(forgotPassword, { body: { email: DEMO_EMAIL } });
    const code = resetCodeFrom((await api.outbox())[0]?.text ?? '') ?? '';
    api.advance(60 * 60_000);
    const error = await api.failure(resetPassword, { body: { password: 'Reset123!x', code } });
    expect(error.body.messageId).toBe('errors.linkInvalid');
  });

  test('at most 3 reset e-mails per address and hour', async () => {
    for (let request = 0; request < 5; request += 1) {
      await api.call(forgotPassword, { body: { email: DEMO_EMAIL } });
    }
    expect((await api.outbox()).filter((message) => message.to === DEMO_EMAIL)).toHaveLength(3);
  });

  test('5 wrong current passwords throttle the password change', async () => {
    const token = await demoToken();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await api.failure(
        changePassword,
        { body: { currentpassword: 'Nope123!x', newpassword: 'Fresh123!x' } },
        token,
      );
    }
    const throttled = await api.failure(
      changePassword,
      { body: { currentpassword: DEMO_PASSWORD, newpassword: 'Fresh123!x' } },
      token,
    );
    expect(throttled.status).toBe(429);
    expect(throttled.retryAfterSeconds).toBeGreaterThan(0);
  });

  test('forgot-password answers the same for an unknown address and sends nothing', async () => {
    const before = (await api.outbox()).length;
    expect(await api.call(forgotPassword, { body: { email: 'nobody@example.com' } })).toEqual({
      message: 'success',
    });
    expect(await api.outbox()).toHaveLength(before);
  });
});
