import { createBrand } from '@brnd/contracts/api/brands';
import { referrals } from '@brnd/contracts/api/referrals';
import { wallet } from '@brnd/contracts/api/wallet';
import { REFERRAL_REWARD_BRAND_BRND } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';
import { PNG } from '../testing/sample-files.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
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

test('a brand created with a referral code earns the referrer 100 BRND, once per brand', async () => {
  const referrer = await registerVerifiedUser(app.baseUrl);
  const creator = await registerVerifiedUser(app.baseUrl);
  const code = (await call(app.baseUrl, referrals, { token: referrer.token })).data?.orders.rows[0]
    ?.code;
  expect(code).toBeTruthy();

  const website = `referred-${Date.now()}.com`;
  const created = await createBrandWith(creator.token, website, code);
  expect(created.status).toBe(createBrand.status);
  expect(await tokensOf(referrer.token)).toBe(REFERRAL_REWARD_BRAND_BRND);

  // The same website again is refused, and a refused brand pays nothing.
  const again = await createBrandWith(creator.token, website, code);
  expect(again.status).toBeGreaterThanOrEqual(400);
  expect(await tokensOf(referrer.token)).toBe(REFERRAL_REWARD_BRAND_BRND);
});

test('a brand created with its creator’s own code pays nobody', async () => {
  const creator = await registerVerifiedUser(app.baseUrl);
  const code = (await call(app.baseUrl, referrals, { token: creator.token })).data?.orders.rows[0]
    ?.code;
  const created = await createBrandWith(creator.token, `own-code-${Date.now()}.com`, code);
  expect(created.status).toBe(createBrand.status);
  expect(await tokensOf(creator.token)).toBe(0);
});
