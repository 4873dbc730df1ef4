import { decideVerification, revokeVerification } from '@brnd/contracts/api/admin-verification';
import {
  newlyAddedBrands,
  topRatedBrands,
  trendingBrands,
} from '@brnd/contracts/api/brand-listings';
import { createBrand, resubmitBrand, searchBrands, totalBrands } from '@brnd/contracts/api/brands';
import { referrals } from '@brnd/contracts/api/referrals';
import { wallet } from '@brnd/contracts/api/wallet';
import { REFERRAL_REWARD_BRAND_BRND } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { call, loginToken, registerVerifiedUser } from '../testing/http.ts';
import { PNG } from '../testing/sample-files.ts';

/** The brand referral reward is paid when an operator verifies the brand (decision 041). */

const OPERATOR = { email: 'referral-verifier@brnd.example', password: 'Ver1fier!pass' };
let app: TestApp;
let operatorToken: string;
beforeAll(async () => {
  app = await startTestApp();
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  operatorToken = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(() => app.close());

function createBrandWith(token: string, website: string, referralCode?: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'Referred Brand',
    website,
    description: 'A brand someone recommended.',
    industry: 'tools',
    token_ticker: 'REFB',
    no_of_employees: '8',
    address1: 'ul. Prosta 1',
    city: 'Warszawa',
    state: 'mazowieckie',
    postal_code: '00-001',
    country: 'Poland',
    operating_address: 'ul. Prosta 1',
    ...(referralCode ? { referral_code: referralCode } : {}),
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('image', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  return fetch(`${app.baseUrl}${createBrand.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function tokensOf(token: string) {
  return (await call(app.baseUrl, wallet, { token })).data?.wallet[0]?.brnd_tokens;
}

async function brandIdOf(response: Response): Promise<number> {
  const body = (await response.json()) as { details: { id: number } };
  return body.details.id;
}

function decide(brandId: number, decision: 'approve' | 'reject') {
  return call(app.baseUrl, decideVerification, {
    token: operatorToken,
    params: { kind: 'brand', id: String(brandId) },
    body:
      decision === 'approve' ? { decision } : { decision, reason: 'No trade register extract.' },
  });
}

/** A referrer with their code, and a second verified user who adds brands with it. */
async function referrerAndCreator() {
  const referrer = await registerVerifiedUser(app.baseUrl);
  const creator = await registerVerifiedUser(app.baseUrl);
  const code = (await call(app.baseUrl, referrals, { token: referrer.token })).data?.orders.rows[0]
    ?.code;
  expect(code).toBeTruthy();
  return { referrer, creator, code: code! };
}

let sites = 0;
const site = (name: string) => `${name}-${Date.now()}-${(sites += 1)}.com`;

test('the referrer earns 100 BRND when an operator verifies the brand, not when it is added', async () => {
  const { referrer, creator, code } = await referrerAndCreator();
  const website = site('referred');
  const created = await createBrandWith(creator.token, website, code);
  expect(created.status).toBe(createBrand.status);
  const brandId = await brandIdOf(created);
  expect(await tokensOf(referrer.token)).toBe(0);

  // The same website again is refused, and pays nothing either.
  const again = await createBrandWith(creator.token, website, code);
  expect(again.status).toBeGreaterThanOrEqual(400);

  expect((await decide(brandId, 'approve')).status).toBe(200);
  expect(await tokensOf(referrer.token)).toBe(REFERRAL_REWARD_BRAND_BRND);
});

test('a rejected or revoked brand pays nothing; verified again after a revocation, no second reward', async () => {
  const { referrer, creator, code } = await referrerAndCreator();
  const rejected = await brandIdOf(await createBrandWith(creator.token, site('junk'), code));
  expect((await decide(rejected, 'reject')).status).toBe(200);
  expect(await tokensOf(referrer.token)).toBe(0);

  const real = await brandIdOf(await createBrandWith(creator.token, site('real'), code));
  expect((await decide(real, 'approve')).status).toBe(200);
  expect(await tokensOf(referrer.token)).toBe(REFERRAL_REWARD_BRAND_BRND);
  const revoked = await call(app.baseUrl, revokeVerification, {
    token: operatorToken,
    params: { kind: 'brand', id: String(real) },
    body: { reason: 'The register extract was forged.' },
  });
  expect(revoked.status).toBe(200);
  const resent = await call(app.baseUrl, resubmitBrand, {
    token: creator.token,
    params: { brandId: String(real) },
  });
  expect(resent.status).toBe(200);
  expect((await decide(real, 'approve')).status).toBe(200);
  expect(await tokensOf(referrer.token)).toBe(REFERRAL_REWARD_BRAND_BRND);
  const rewards = await app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM referral_rewards WHERE kind = 'brand' AND subject = $1",
    [String(real)],
  );
  expect(rewards[0]?.n).toBe(1);
});

test('a brand created with its creator’s own code pays nobody, even once verified', async () => {
  const creator = await registerVerifiedUser(app.baseUrl);
  const code = (await call(app.baseUrl, referrals, { token: creator.token })).data?.orders.rows[0]
    ?.code;
  const created = await createBrandWith(creator.token, site('own-code'), code);
  expect(created.status).toBe(createBrand.status);
  expect((await decide(await brandIdOf(created), 'approve')).status).toBe(200);
  expect(await tokensOf(creator.token)).toBe(0);
});

test('an added brand stays out of the public lists, search and count until an operator verifies it', async () => {
  const creator = await registerVerifiedUser(app.baseUrl);
  const website = site('unlisted');
  const brandId = await brandIdOf(await createBrandWith(creator.token, website));
  const shown = async () => {
    const lists = await Promise.all(
      [topRatedBrands, trendingBrands, newlyAddedBrands].map(
        async (endpoint) =>
          (await call(app.baseUrl, endpoint, { query: {} })).data?.brands.rows ?? [],
      ),
    );
    const found = await call(app.baseUrl, searchBrands, { params: { text: website } });
    return [...lists, found.data?.brands.rows ?? []].map((rows) =>
      rows.some((row) => row.id === brandId),
    );
  };
  const count = async () =>
    (await call(app.baseUrl, totalBrands, {})).data?.stats.rows[0]?.brands ?? 0;

  const before = await count();
  expect(await shown()).toEqual([false, false, false, false]);
  expect((await decide(brandId, 'approve')).status).toBe(200);
  expect(await shown()).toEqual([true, true, true, true]);
  expect(await count()).toBe(before + 1);
});
