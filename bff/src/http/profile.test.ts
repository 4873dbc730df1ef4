import { profile, updateProfile } from '@brnd/contracts/api/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_USER, startTestApp, type TestApp } from '../testing.ts';
import { call, loginToken, registerVerifiedUser, storedMobile } from '../testing/http.ts';

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
