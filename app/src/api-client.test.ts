import { expect, test, vi } from 'vitest';
import { login, profile } from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import { ApiError } from '@brnd/contracts/api/errors';
import { LANGUAGE_HEADER } from '@brnd/contracts/api/language';
import type { Language } from '@brnd/contracts/domain/constants';
import { createAppApiClient } from './api-client.ts';

function answering(status: number, body: unknown): typeof fetch {
  return async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
}

const unauthorized = { message: 'Please log in to continue.', messageId: 'errors.unauthorized' };

const ADA = { email: 'ada@example.com', mobile: '+48600100200', name: 'Ada' };

function setup(
  status: number,
  body: unknown,
  session: typeof ADA | null = ADA,
  shown: { language: Language } = { language: 'en' },
) {
  const onSessionRevoked = vi.fn();
  const fetch = vi.fn(answering(status, body));
  const client = createAppApiClient({
    getSession: () => session,
    getLanguage: () => shown.language,
    onSessionRevoked,
    fetch,
  });
  return { client, fetch, onSessionRevoked };
}

const user = {
  name: 'Ada',
  email: 'ada@example.com',
  mobile: '+48600100200',
  address: 'Main 1',
  language: 'en',
};

test('calls carry no token: the browser sends the HttpOnly session cookie itself', async () => {
  const { client, fetch } = setup(200, { user });
  await expect(client.call(profile)).resolves.toEqual({ user });
  const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
  expect(headers.get('authorization')).toBeNull();
  // Same-origin (fetch's default credentials): the cookie goes with the app's own calls only.
  expect(fetch.mock.calls[0]?.[1]?.credentials).toBeUndefined();
});

test('every call names the language the page shows at that moment', async () => {
  const shown: { language: Language } = { language: 'en' };
  const { client, fetch } = setup(200, { user }, ADA, shown);
  await client
    .call(login, { body: { email: 'ada@example.com', password: 'Secret1!x' } })
    .catch(() => undefined);
  shown.language = 'po';
  await client
    .call(login, { body: { email: 'ada@example.com', password: 'Secret1!x' } })
    .catch(() => undefined);
  const sent = fetch.mock.calls.map((call) => new Headers(call[1]?.headers).get(LANGUAGE_HEADER));
  expect(sent).toEqual(['en', 'po']);
});

test('a 401 while logged in means the token was revoked: the session ends', async () => {
  const { client, onSessionRevoked } = setup(401, unauthorized);
  await expect(client.call(profile)).rejects.toBeInstanceOf(ApiError);
  expect(onSessionRevoked).toHaveBeenCalledTimes(1);
});

test('a 401 without a session is an ordinary error (wrong password at login)', async () => {
  const { client, onSessionRevoked } = setup(
    401,
    { message: 'Wrong e-mail or password.', messageId: 'errors.invalidCredentials' },
    null,
  );
  await expect(
    client.call(login, { body: { email: 'ada@example.com', password: 'nope' } }),
  ).rejects.toMatchObject({ status: 401 });
  expect(onSessionRevoked).not.toHaveBeenCalled();
});

test('a 401 that names another reason does not end the session', async () => {
  const { client, onSessionRevoked } = setup(401, {
    message: 'Your current password is not correct.',
    messageId: 'errors.wrongCurrentPassword',
  });
  await expect(client.call(profile)).rejects.toMatchObject({ status: 401 });
  expect(onSessionRevoked).not.toHaveBeenCalled();
});

test('logging out with a dead token is left to the logout itself', async () => {
  const { client, onSessionRevoked } = setup(401, unauthorized);
  await expect(client.call(logout)).rejects.toMatchObject({ status: 401 });
  expect(onSessionRevoked).not.toHaveBeenCalled();
});

test('other failures leave the session alone', async () => {
  const { client, onSessionRevoked } = setup(500, { message: 'Something went wrong' });
  await expect(client.call(profile)).rejects.toMatchObject({ status: 500 });
  expect(onSessionRevoked).not.toHaveBeenCalled();
});
