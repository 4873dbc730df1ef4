import { describe, expect, test } from 'vitest';
import { login, setLanguage } from '@brnd/contracts/api/accounts';
import { SESSION_TOKEN_COOKIE } from '@brnd/contracts/domain/constants';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts';
import { BASE_URL, useMockApi } from './test-helpers.ts';

/** The bff's CSRF rule (decision 029) in the mocks: stories and dev:mock refuse what it refuses. */

const api = useMockApi();

async function sessionToken() {
  const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

/** A state-changing call that needs nothing but a session (the account's language). */
function postLanguage(headers: Record<string, string>) {
  return fetch(`${BASE_URL}${setLanguage.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ language: 'po' }),
  });
}

describe('a state-changing request riding on the session cookie', () => {
  test.each([
    ['a cross-site form post', { 'sec-fetch-site': 'cross-site' }],
    ['a cross-origin fetch', { origin: 'https://evil.example' }],
    ['a same-site but other-origin page', { 'sec-fetch-site': 'same-site' }],
  ])('%s is refused with 403', async (_, headers) => {
    const token = await sessionToken();
    const response = await postLanguage({ cookie: `${SESSION_TOKEN_COOKIE}=${token}`, ...headers });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ messageId: 'errors.crossSite' });
  });

  test('from the app itself it is served', async () => {
    const token = await sessionToken();
    const response = await postLanguage({
      cookie: `${SESSION_TOKEN_COOKIE}=${token}`,
      origin: new URL(BASE_URL).origin,
    });
    expect(response.status).toBe(200);
  });

  test('a bearer token is not a cookie: API clients are not judged by origin', async () => {
    const token = await sessionToken();
    const response = await postLanguage({
      authorization: `Bearer ${token}`,
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(200);
  });
});
