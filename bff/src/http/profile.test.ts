import { forgotPassword, profile, setLanguage, updateProfile } from '@brnd/contracts/api/accounts';
import { LANGUAGE_HEADER } from '@brnd/contracts/api/language';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_USER, startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  latestMessage,
  loginToken,
  registerVerifiedUser,
  storedMobile,
} from '../testing/http.ts';

let app: TestApp;
let demoToken: string;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
  demoToken = await loginToken(app.baseUrl, DEMO_USER.email, DEMO_USER.password);
});
afterAll(() => app.close());

test('profile answers the signed-in user', async () => {
  const result = await call(app.baseUrl, profile, { token: demoToken });
  expect(result.data).toEqual({
    user: {
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      mobile: DEMO_USER.mobile,
      address: DEMO_USER.address,
      language: 'en',
    },
  });
});

test('profile needs a valid bearer token', async () => {
  for (const token of [undefined, 'not-a-token', 'A'.repeat(43)]) {
    const result = await call(app.baseUrl, profile, token ? { token } : {});
    expect(result.status, String(token)).toBe(401);
    expect(result.error).toEqual({
      message: 'Please log in to continue.',
      messageId: 'errors.unauthorized',
    });
  }
});

test('user can update name and address; e-mail and mobile stay as they were', async () => {
  const { user, token } = await registerVerifiedUser(app.baseUrl);
  const result = await call(app.baseUrl, updateProfile, {
    token,
    body: {
      name: '  Ada Kowalska ',
      address: 'ul. Długa 5, 80-831 Gdańsk',
      email: 'hijack@example.com',
      mobile: '+1 555 0100',
    },
  });
  const expected = {
    name: 'Ada Kowalska',
    email: user.email,
    mobile: storedMobile(user.mobile),
    address: 'ul. Długa 5, 80-831 Gdańsk',
    language: 'en',
  };
  expect(result.data).toEqual({ message: 'success', user: expected });
  expect((await call(app.baseUrl, profile, { token })).data?.user).toEqual(expected);
});

test('updateprofile requires name and address', async () => {
  const result = await call(app.baseUrl, updateProfile, {
    token: demoToken,
    body: { name: '', address: ' ' },
  });
  expect(result.status).toBe(400);
  expect(result.error?.errors).toEqual({
    name: 'validation.fullName',
    address: 'validation.address',
  });
});

test('the account language set by the flag or the profile is the one its messages use', async () => {
  const { user, token } = await registerVerifiedUser(app.baseUrl);
  const switched = await call(app.baseUrl, setLanguage, { token, body: { language: 'po' } });
  expect(switched.data?.user.language).toBe('po');
  expect((await call(app.baseUrl, profile, { token })).data?.user.language).toBe('po');

  // A reset asked for from an English page still goes out in the account's language.
  await call(app.baseUrl, forgotPassword, {
    body: { email: user.email },
    headers: { [LANGUAGE_HEADER]: 'en' },
  });
  const mail = await latestMessage(app.baseUrl, user.email, 'email', { after: 1 });
  expect(mail.subject).toBe('Zresetuj hasło do BRND');

  const saved = await call(app.baseUrl, updateProfile, {
    token,
    body: { name: user.name, address: 'Main 1', language: 'en' },
  });
  expect(saved.data?.user.language).toBe('en');
  const refused = await call(app.baseUrl, setLanguage, { token, body: { language: 'de' } });
  expect(refused.status).toBe(400);
  expect(refused.error?.messageId).toBe('validation.language');
  expect((await call(app.baseUrl, profile, { token })).data?.user.language).toBe('en');
});
