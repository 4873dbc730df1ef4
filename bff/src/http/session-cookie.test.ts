import { AUTH_SUCCESS, login, profile, updateProfile } from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_USER, startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
});
afterAll(() => app.close());

/** Logs in as the web app does; returns the session cookie (`token=…`) the bff set. */
async function cookieLogin(baseUrl: string, email: string, password: string) {
  const answer = await call(baseUrl, login, {
    body: { email, password, session: 'cookie' },
    headers: { 'sec-fetch-site': 'same-origin', origin: baseUrl },
  });
  const setCookie = answer.headers.get('set-cookie') ?? '';
  return { answer, setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

const sameOrigin = (cookie: string) => ({ cookie, 'sec-fetch-site': 'same-origin' });

test('a web login sets an HttpOnly, SameSite=Strict cookie and leaves the token out of the answer', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const { answer, setCookie, cookie } = await cookieLogin(app.baseUrl, user.email, user.password);

  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({
    message: AUTH_SUCCESS,
    email: user.email,
    mobile: expect.any(String),
    name: user.name,
    operator: false,
  });
  expect(setCookie).toMatch(/^token=[A-Za-z0-9_-]{43}; /);
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Strict');
  expect(setCookie).toContain('Path=/');
  expect(setCookie).toContain('Max-Age=172800');
  // Plain http in development: a Secure cookie would never come back.
  expect(setCookie).not.toContain('Secure');

  const me = await call(app.baseUrl, profile, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(me.data?.user.email).toBe(user.email);
});

test('in production the session cookie is Secure', async () => {
  const production = await startTestApp({ seed: true, production: true });
  try {
    const { setCookie } = await cookieLogin(
      production.baseUrl,
      DEMO_USER.email,
      DEMO_USER.password,
    );
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
  } finally {
    await production.close();
  }
});

test('API clients keep the bearer token: login answers it, and calls need no Origin', async () => {
  const { user, token } = await registerVerifiedUser(app.baseUrl);
  const answer = await call(app.baseUrl, login, {
    body: { email: user.email, password: user.password },
  });
  expect(answer.data && 'token' in answer.data && answer.data.token).toMatch(/^[\w-]{43}$/);
  expect(answer.headers.get('set-cookie')).toBeNull();
  const changed = await call(app.baseUrl, updateProfile, {
    token,
    body: { name: 'Bearer Client', address: 'Main 1' },
  });
  expect(changed.status).toBe(200);
});

test('a cross-site form post riding on the cookie is refused and changes nothing', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const { cookie } = await cookieLogin(app.baseUrl, user.email, user.password);

  // What a browser sends for a <form method="post"> on another site's page.
  const forged = await fetch(`${app.baseUrl}${updateProfile.path}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    },
    body: new URLSearchParams({ name: 'Hacked', address: 'Nowhere' }),
  });
  expect(forged.status).toBe(403);
  expect(await forged.json()).toMatchObject({ messageId: 'errors.crossSite' });

  const me = await call(app.baseUrl, profile, { headers: { cookie } });
  expect(me.data?.user.name).toBe(user.name);
});

test('a cross-origin fetch with the cookie is refused, by Fetch Metadata or by Origin', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const { cookie } = await cookieLogin(app.baseUrl, user.email, user.password);
  const attempt = (headers: Record<string, string>) =>
    call(app.baseUrl, updateProfile, {
      body: { name: 'Cross Origin', address: 'Elsewhere 1' },
      headers: { cookie, ...headers },
    });

  // A sibling subdomain is the same site, but not the same origin.
  const cases: Record<string, string>[] = [
    { 'sec-fetch-site': 'same-site', origin: 'https://shop.brnd.example' },
    { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    // An older browser without Fetch Metadata still names the page's origin.
    { origin: 'https://evil.example' },
    // Neither header: nothing shows the request came from our page.
    {},
  ];
  for (const headers of cases) {
    const refused = await attempt(headers);
    expect(refused.status, JSON.stringify(headers)).toBe(403);
    expect(refused.error?.messageId).toBe('errors.crossSite');
  }
  expect((await call(app.baseUrl, profile, { headers: { cookie } })).data?.user.name).toBe(
    user.name,
  );

  expect((await attempt({ origin: app.baseUrl })).status).toBe(200);
  expect((await attempt(sameOrigin(cookie))).status).toBe(200);
});

test('another site cannot sign the browser in to an account of its choosing', async () => {
  const forged = await call(app.baseUrl, login, {
    body: { email: DEMO_USER.email, password: DEMO_USER.password, session: 'cookie' },
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  });
  expect(forged.status).toBe(403);
  expect(forged.headers.get('set-cookie')).toBeNull();
});

test('logout revokes the session and removes the cookie; a dead cookie is removed too', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const { cookie } = await cookieLogin(app.baseUrl, user.email, user.password);

  const out = await call(app.baseUrl, logout, { headers: sameOrigin(cookie) });
  expect(out.status).toBe(200);
  expect(out.headers.get('set-cookie')).toMatch(/^token=; Max-Age=0; Path=\/; HttpOnly/);

  const after = await call(app.baseUrl, profile, { headers: { cookie } });
  expect(after.status).toBe(401);
  expect(after.headers.get('set-cookie')).toMatch(/^token=; Max-Age=0/);
});
