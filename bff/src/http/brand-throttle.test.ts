import { addBrand } from '@brnd/contracts/api/brands';
import { BRANDS_REFERRED_PER_DAY } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';

let app: TestApp;
let second: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // A second bff instance on the same database: the daily count is kept in PostgreSQL.
  second = await startTestApp({ databaseUrl: app.db.url });
});
afterAll(async () => {
  await second?.close();
  await app?.close();
});

const refer = (token: string, website: string, baseUrl = app.baseUrl) =>
  call(baseUrl, addBrand, {
    token,
    body: { website, name: website, description: 'A referred brand', image_url: '' },
  });

test('an account refers a bounded number of brands a day, across instances, with Retry-After', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const stamp = Date.now().toString(36);

  const first = await refer(token, `first-${stamp}.example.com`);
  expect(first.status).toBe(200);
  // A refused referral (the website is already listed) does not use up the day's count.
  expect((await refer(token, `first-${stamp}.example.com`)).status).toBe(409);

  const answers = await Promise.all(
    Array.from({ length: BRANDS_REFERRED_PER_DAY + 2 }, (_, i) =>
      refer(token, `brand-${i}-${stamp}.example.com`, i % 2 ? second.baseUrl : app.baseUrl),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(BRANDS_REFERRED_PER_DAY - 1);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(3);
  expect(refused[0]?.error).toMatchObject({
    messageId: 'errors.referBrandLimit',
    message: expect.stringMatching(
      /^You can refer at most 10 brands a day\. Please try again in (24 hours|23 hours)\.$/,
    ),
  });
  expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

  const [row] = await app.db.query<{ count: string }>(
    `SELECT count(*) FROM brands WHERE website LIKE $1`,
    [`%-${stamp}.example.com`],
  );
  expect(Number(row?.count)).toBe(BRANDS_REFERRED_PER_DAY);

  // Another account has its own count.
  const other = await registerVerifiedUser(app.baseUrl);
  expect((await refer(other.token, `other-${stamp}.example.com`)).status).toBe(200);
});
