import {
  AUTH_SUCCESS,
  forgotPassword,
  login,
  profile,
  resetPassword,
} from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_PER_DAY,
  LOGIN_FAILURES_PER_IP,
  LOGIN_THROTTLE_WINDOW_MS,
} from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  PRODUCTION_ARGON2_COST,
  TEST_ARGON2_COST,
  createPasswordHasher,
  type PasswordHasher,
} from '../services/passwords.ts';
import { DEMO_USER, startTestApp, type TestApp } from '../testing.ts';
import { call, loginToken, registerVerifiedUser, resetCode } from '../testing/http.ts';

/** Counts which password check a login ran, to prove unknown e-mails cost the same work. */
function countingHasher(base: PasswordHasher) {
  const counts = { verify: 0, dummy: 0 };
  const hasher: PasswordHasher = {
    ...base,
    verify: (hash, password) => {
      counts.verify += 1;
      return base.verify(hash, password);
    },
    verifyDummy: (password) => {
      counts.dummy += 1;
      return base.verifyDummy(password);
    },
  };
  return { hasher, counts };
}

const counting = countingHasher(createPasswordHasher(TEST_ARGON2_COST));
let app: TestApp;
beforeAll(async () => {
  // Proxy-aware, so each test can speak from its own client IP and keep its own login counters.
  app = await startTestApp({ seed: true, hasher: counting.hasher, trustProxy: true });
});
afterAll(() => app.close());

let nextIp = 1;
function fromNewIp() {
  nextIp += 1;
  return { 'x-forwarded-for': `203.0.113.${nextIp}` };
}

test('demo user can log in and gets a session token', async () => {
  const result = await call(app.baseUrl, login, {
    body: { email: DEMO_USER.email, password: DEMO_USER.password },
    headers: fromNewIp(),
  });
  expect(result.status).toBe(200);
  expect(result.data).toEqual({
    message: AUTH_SUCCESS,
    token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    email: DEMO_USER.email,
    mobile: DEMO_USER.mobile,
    name: DEMO_USER.name,
    operator: false,
  });
  const stored = await app.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
  const token = result.data && 'token' in result.data ? result.data.token : '';
  expect(stored.map((row) => row.token_hash)).not.toContain(token);
});

test('unknown e-mail and wrong password get the same answer after the same work', async () => {
  const headers = fromNewIp();
  const before = { ...counting.counts };
  const wrongPassword = await call(app.baseUrl, login, {
    body: { email: DEMO_USER.email, password: 'Wrong123!x' },
    headers,
  });
  const unknownEmail = await call(app.baseUrl, login, {
    body: { email: 'nobody@brnd.example', password: 'Wrong123!x' },
    headers,
  });
  expect(wrongPassword.status).toBe(401);
  expect(unknownEmail.status).toBe(401);
  expect(wrongPassword.error).toEqual({
    message: 'Wrong e-mail or password.',
    messageId: 'errors.invalidCredentials',
  });
  expect(unknownEmail.error).toEqual(wrongPassword.error);
  // One argon2 verification each: the unknown e-mail is checked against a dummy hash.
  expect(counting.counts.verify - before.verify).toBe(1);
  expect(counting.counts.dummy - before.dummy).toBe(1);
});

test('with production argon2 cost, unknown e-mail and wrong password take similar time', async () => {
  const timed = await startTestApp({
    seed: true,
    hasher: createPasswordHasher(PRODUCTION_ARGON2_COST),
    trustProxy: true,
  });
  try {
    const headers = fromNewIp();
    const timeLogin = async (email: string) => {
      const started = performance.now();
      await call(timed.baseUrl, login, { body: { email, password: 'Wrong123!x' }, headers });
      return performance.now() - started;
    };
    // Interleaved, so a busy machine slows both kinds alike; medians ignore a stray outlier.
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      wrongPassword.push(await timeLogin(DEMO_USER.email));
      unknownEmail.push(await timeLogin('nobody@brnd.example'));
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return ((sorted[1] as number) + (sorted[2] as number)) / 2;
    };
    // Without the dummy hash an unknown e-mail answers about 50 times faster; noise is far smaller.
    const ratio = median(unknownEmail) / median(wrongPassword);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  } finally {
    await timed.close();
  }
});

test('login validates e-mail and password presence with the spec messages', async () => {
  const result = await call(app.baseUrl, login, {
    body: { email: 'nope', password: '' },
    headers: fromNewIp(),
  });
  expect(result.status).toBe(400);
  expect(result.error).toEqual({
    message: 'Invalid e-mail address',
    messageId: 'validation.email',
    errors: { email: 'validation.email', password: 'validation.loginPassword' },
  });
});

test('logout revokes the session: a copied token stops working', async () => {
  const token = await loginToken(app.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const stolen = token;
  expect((await call(app.baseUrl, profile, { token: stolen })).status).toBe(200);

  const out = await call(app.baseUrl, logout, { token });
  expect(out.data).toEqual({ message: 'success' });

  const after = await call(app.baseUrl, profile, { token: stolen });
  expect(after.status).toBe(401);
  expect(after.error?.messageId).toBe('errors.unauthorized');
  expect((await call(app.baseUrl, logout, { token })).status).toBe(401);
});

test('logout of one session leaves the others signed in', async () => {
  const phone = await loginToken(app.baseUrl, DEMO_USER.email, DEMO_USER.password);
  const laptop = await loginToken(app.baseUrl, DEMO_USER.email, DEMO_USER.password);
  await call(app.baseUrl, logout, { token: phone });
  expect((await call(app.baseUrl, profile, { token: laptop })).status).toBe(200);
});

test('an expired session is refused', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  await app.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
  expect((await call(app.baseUrl, profile, { token })).status).toBe(401);
});

test('failed logins per account and address are throttled across two app instances', async () => {
  const second = await startTestApp({ databaseUrl: app.db.url, trustProxy: true });
  try {
    const { user } = await registerVerifiedUser(app.baseUrl);
    const wrong = { email: user.email, password: 'Wrong123!x' };
    const attacker = fromNewIp();
    for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_ACCOUNT; attempt += 1) {
      // Alternate instances: only the counter in PostgreSQL can add them up.
      const instance = attempt % 2 === 0 ? second : app;
      const result = await call(instance.baseUrl, login, { body: wrong, headers: attacker });
      expect(result.status).toBe(401);
    }

    const throttled = await call(second.baseUrl, login, {
      body: { email: user.email, password: user.password },
      headers: attacker,
    });
    expect(throttled.status).toBe(429);
    expect(throttled.error?.messageId).toBe('errors.tooManyAttempts');
    expect(throttled.error?.message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/,
    );
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE_WINDOW_MS / 1000);

    // OWASP: the attacker's guesses never lock the owner out from where the owner is.
    const owner = await call(app.baseUrl, login, {
      body: { email: user.email, password: user.password },
      headers: fromNewIp(),
    });
    expect(owner.status).toBe(200);
  } finally {
    await second.close();
  }
});

test('from one address the wait grows to the rest of the day; a password reset ends it', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const attacker = fromNewIp();
  const wrong = { email: user.email, password: 'Wrong123!x' };
  for (
    let round = 0;
    round * LOGIN_FAILURES_PER_ACCOUNT < LOGIN_FAILURES_PER_ACCOUNT_PER_DAY;
    round += 1
  ) {
    for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_ACCOUNT; attempt += 1) {
      expect((await call(app.baseUrl, login, { body: wrong, headers: attacker })).status).toBe(401);
    }
    // The short window passes (as if 15 minutes went by): the next round may begin.
    await app.db.query('DELETE FROM rate_limits WHERE key LIKE $1', ['login:pair:%']);
  }
  const later = await call(app.baseUrl, login, { body: wrong, headers: attacker });
  expect(later.status).toBe(429);
  expect(Number(later.headers.get('retry-after'))).toBeGreaterThan(LOGIN_THROTTLE_WINDOW_MS / 1000);

  // The owner can always reset the password, which ends every wait for the account.
  await call(app.baseUrl, forgotPassword, { body: { email: user.email }, headers: attacker });
  await app.settled();
  const code = await resetCode(app.baseUrl, user.email);
  const reset = await call(app.baseUrl, resetPassword, {
    body: { code, password: 'Fresh123!x' },
    headers: attacker,
  });
  expect(reset.status).toBe(200);
  const back = await call(app.baseUrl, login, {
    body: { email: user.email, password: 'Fresh123!x' },
    headers: attacker,
  });
  expect(back.status).toBe(200);
});

test('parallel wrong passwords from one address cannot slip past the limit', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const headers = fromNewIp();
  const answers = await Promise.all(
    Array.from({ length: 15 }, () =>
      call(app.baseUrl, login, {
        body: { email: user.email, password: 'Wrong123!x' },
        headers,
      }),
    ),
  );
  expect(answers.filter((answer) => answer.status === 401)).toHaveLength(
    LOGIN_FAILURES_PER_ACCOUNT,
  );
  expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
    15 - LOGIN_FAILURES_PER_ACCOUNT,
  );
});

test('failed logins per IP are throttled whatever the account or forged forwarding', async () => {
  const proxyAdded = fromNewIp()['x-forwarded-for'];
  for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_IP; attempt += 1) {
    const result = await call(app.baseUrl, login, {
      body: { email: `someone-${attempt}@example.com`, password: 'Wrong123!x' },
      // The client writes any address it likes in front; only the proxy's own entry counts.
      headers: { 'x-forwarded-for': `198.51.100.${attempt}, ${proxyAdded}` },
    });
    expect(result.status).toBe(401);
  }
  const throttled = await call(app.baseUrl, login, {
    body: { email: DEMO_USER.email, password: DEMO_USER.password },
    headers: { 'x-forwarded-for': `198.51.100.250, ${proxyAdded}` },
  });
  expect(throttled.status).toBe(429);
  expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);

  const elsewhere = await call(app.baseUrl, login, {
    body: { email: DEMO_USER.email, password: DEMO_USER.password },
    headers: fromNewIp(),
  });
  expect(elsewhere.status).toBe(200);
});

test('a successful login clears the account’s failed attempts', async () => {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const headers = fromNewIp();
  const fail = () =>
    call(app.baseUrl, login, { body: { email: user.email, password: 'Wrong123!x' }, headers });
  for (let i = 1; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1) await fail();
  const ok = await call(app.baseUrl, login, {
    body: { email: user.email, password: user.password },
    headers,
  });
  expect(ok.status).toBe(200);
  for (let i = 1; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1) {
    expect((await fail()).status).toBe(401);
  }
});
