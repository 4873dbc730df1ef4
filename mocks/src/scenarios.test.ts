// @vitest-environment node
import { describe, expect, test } from 'vitest';
import {
  changePassword,
  confirmEmail,
  confirmMobile,
  getMobile,
  login,
  profile,
  resendCode,
  signup,
} from '@brnd/contracts/api/accounts';
import {
  newlyAddedBrands,
  topRatedBrands,
  trendingBrands,
} from '@brnd/contracts/api/brand-listings';
import {
  addBrand,
  brandDetails,
  createBrand,
  favouriteBrands,
  myBrands,
  searchBrands,
  totalBrands,
  vote,
} from '@brnd/contracts/api/brands';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { createApiClient } from '@brnd/contracts/api/client';
import { orders, verifyOrder } from '@brnd/contracts/api/orders';
import { referrals } from '@brnd/contracts/api/referrals';
import { wallet } from '@brnd/contracts/api/wallet';
import { BUSY_RETRY_AFTER_SECONDS, type OrderStatusCode } from '@brnd/contracts/domain/constants';
import {
  alreadyVoted,
  brandExists,
  brandNotFound,
  cardInitFailed,
  changePasswordWrongCurrent,
  confirmEmailFailed,
  confirmMobileCodeExpired,
  confirmMobileWrongCode,
  emptyLists,
  loginEmailNotVerified,
  loginNeedsPhone,
  loginThrottled,
  loginWrongCredentials,
  networkError,
  orderQuoteExpired,
  orderStatus,
  pending,
  phoneLinkInvalid,
  resendLimited,
  resendCooldown,
  confirmMobilePhoneTaken,
  searchNoResult,
  serverBusy,
  serverError,
  signupThrottled,
  slow,
  unauthorized,
  validationError,
  voteLimitReached,
} from './scenarios.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts';
import { useMockApi } from './test-helpers.ts';

const api = useMockApi();
const code = 'c'.repeat(43);
const credentials = { email: DEMO_EMAIL, password: DEMO_PASSWORD };

async function token() {
  const session = await api.call(login, { body: credentials });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

describe('any endpoint', () => {
  test('serverError answers 500 with the generic message', async () => {
    api.server.use(serverError(topRatedBrands));
    const error = await api.failure(topRatedBrands);
    expect(error.status).toBe(500);
    expect(error.body).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      messageId: 'errors.server',
    });
    await expect(api.call(trendingBrands)).resolves.toBeDefined();
  });

  test('serverBusy answers 503, to ask again after Retry-After', async () => {
    api.server.use(serverBusy(topRatedBrands));
    const error = await api.failure(topRatedBrands);
    expect(error.status).toBe(503);
    expect(error.retryAfterSeconds).toBe(BUSY_RETRY_AFTER_SECONDS);
    expect(error.body).toEqual({
      message: "We're very busy right now. Please try again in a moment.",
      messageId: 'errors.busy',
    });
  });

  test('slow answers normally, later', async () => {
    api.server.use(slow(totalBrands, 120));
    const started = performance.now();
    const answer = await api.call(totalBrands);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(answer.stats.rows[0]?.brands).toBe(12);
  });

  test('pending never answers', async () => {
    api.server.use(pending(login));
    const outcome = await Promise.race([
      api.call(login, { body: credentials }).then(() => 'answered'),
      new Promise((resolve) => setTimeout(resolve, 200, 'still waiting')),
    ]);
    expect(outcome).toBe('still waiting');
  });

  test('validationError names the fields, led by the first', async () => {
    api.server.use(
      validationError(signup, { email: 'validation.email', mobile: 'validation.phone' }),
    );
    const error = await api.failure(signup, {
      body: { name: 'A', mobile: '+48600100200', email: 'a@b.co', password: 'Secret12!' },
    });
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      message: 'Invalid e-mail address',
      messageId: 'validation.email',
      errors: { email: 'validation.email', mobile: 'validation.phone' },
    });
  });

  test('networkError becomes the client’s network failure', async () => {
    api.server.use(networkError(profile));
    const error = await api.failure(profile, undefined, await token());
    expect(error.status).toBe(0);
    expect(error.body.messageId).toBe('errors.network');
  });

  test('unauthorized answers 401 even with a live session', async () => {
    const live = await token();
    api.server.use(unauthorized(profile));
    expect((await api.failure(profile, undefined, live)).status).toBe(401);
  });
});

describe('special cases', () => {
  test.each([
    ['loginEmailNotVerified', loginEmailNotVerified(), 403, 'errors.emailNotVerified'],
    ['loginWrongCredentials', loginWrongCredentials(), 401, 'errors.invalidCredentials'],
  ] as const)('%s', async (_, handler, status, messageId) => {
    api.server.use(handler);
    const error = await api.failure(login, { body: credentials });
    expect([error.status, error.body.messageId]).toEqual([status, messageId]);
  });

  test('loginNeedsPhone answers a phone-step code and no token', async () => {
    api.server.use(loginNeedsPhone());
    const answer = await api.call(login, { body: credentials });
    expect(answer).toMatchObject({ email: 'phone@brnd.example', mobile: '+48512345678' });
    expect('code' in answer && answer.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect('token' in answer).toBe(false);
  });

  test('loginThrottled answers 429 with Retry-After', async () => {
    api.server.use(loginThrottled(60));
    const error = await api.failure(login, { body: credentials });
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(60);
    expect(error.message).toBe('Too many attempts. Please wait 60 seconds and try again.');
  });

  test('the sign-up and phone steps refuse as the server does', async () => {
    api.server.use(
      signupThrottled(60),
      confirmEmailFailed(),
      phoneLinkInvalid(),
      confirmMobileWrongCode(),
      resendLimited(),
    );
    const exists = await api.failure(signup, {
      body: { name: 'A', mobile: '+48600100200', email: DEMO_EMAIL, password: 'Secret12!' },
    });
    expect([exists.status, exists.body.messageId]).toEqual([429, 'errors.tooManyAttempts']);
    expect(exists.retryAfterSeconds).toBe(60);
    const link = await api.failure(confirmEmail, { body: { verification_code: code } });
    expect(link.body.messageId).toBe('errors.linkInvalid');
    const phone = await api.failure(getMobile, { params: { code } });
    expect(phone.body.messageId).toBe('errors.linkInvalid');
    const wrong = await api.failure(confirmMobile, {
      body: { mobile_verification_code: '1234', verification_code: code },
    });
    expect(wrong.body).toMatchObject({
      messageId: 'errors.verificationFailed',
      message: 'Verification Failed',
    });
    const resend = await api.failure(resendCode, { body: { verification_code: code } });
    expect([resend.status, resend.body.messageId]).toEqual([429, 'errors.resendLimit']);
  });

  test('resendCooldown and confirmMobilePhoneTaken answer as the bff does', async () => {
    api.server.use(resendCooldown(42), confirmMobilePhoneTaken());
    const early = await api.failure(resendCode, { body: { verification_code: code } });
    expect([early.status, early.body.messageId, early.retryAfterSeconds]).toEqual([
      429,
      'errors.smsCooldown',
      42,
    ]);
    const taken = await api.failure(confirmMobile, {
      body: { mobile_verification_code: '1234', verification_code: code },
    });
    expect([taken.status, taken.body.messageId]).toEqual([409, 'errors.phoneTaken']);
  });

  test('confirmMobileCodeExpired and changePasswordWrongCurrent', async () => {
    api.server.use(confirmMobileCodeExpired(), changePasswordWrongCurrent());
    const expired = await api.failure(confirmMobile, {
      body: { mobile_verification_code: '1234', verification_code: code },
    });
    expect(expired.body.messageId).toBe('errors.codeExpired');
    const wrong = await api.failure(
      changePassword,
      { body: { currentpassword: 'x', newpassword: 'Fresh123!x' } },
      await token(),
    );
    expect(wrong.body.errors).toEqual({ currentpassword: 'errors.wrongCurrentPassword' });
  });

  test.each([0, 1, 2, 3, 4, 5, 6] as OrderStatusCode[])(
    'orderStatus(%i) answers an order in that status',
    async (status) => {
      api.server.use(orderStatus(status));
      const answer = await api.call(
        verifyOrder,
        { params: { uuid: '0b6a3f0e-1111-4222-8333-944445555666' } },
        await token(),
      );
      expect(answer.response.status).toBe(status);
      expect(answer.response.uuid).toBe('0b6a3f0e-1111-4222-8333-944445555666');
    },
  );

  test('orderQuoteExpired answers a waiting order whose expiry has passed', async () => {
    api.server.use(orderQuoteExpired());
    const answer = await api.call(verifyOrder, { params: { uuid: 'abc' } }, await token());
    expect(answer.response.status).toBe(1);
    expect(Date.parse(answer.response.expires_at)).toBeLessThan(Date.now());
  });

  test('cardInitFailed refuses the provider initialisation', async () => {
    api.server.use(cardInitFailed());
    const error = await createApiClient({ baseUrl: 'https://card-provider.test' })
      .call(cardProviderInit, {
        body: {
          emailAddress: DEMO_EMAIL,
          emailConfirm: DEMO_EMAIL,
          phoneNumber: '+48601234567',
          name: 'Anna',
          surname: 'Kowalska',
          quotedCurrency: 'PLN',
          baseCurrency: 'BRND',
          cryptoValue: 33_003,
          fiatValue: 404,
          pageLang: 'en',
          transactionType: 'buy',
        },
      })
      .catch((caught: { body: { message: string } }) => caught.body.message);
    expect(error).toBe('Your phone number was invalid');
  });

  test('the vote refusals', async () => {
    const live = await token();
    api.server.use(voteLimitReached());
    const limited = await api.failure(vote, { body: { brand_id: 1 } }, live);
    expect(limited.status).toBe(429);
    expect(limited.message).toBe(
      'You have used your limit of 10 votes. You can vote again in 24 hours.',
    );
    api.server.resetHandlers();
    api.server.use(alreadyVoted());
    const again = await api.failure(vote, { body: { brand_id: 1 } }, live);
    expect([again.status, again.body.messageId]).toEqual([409, 'errors.alreadyVoted']);
  });

  test('brandExists refuses both ways of adding a brand', async () => {
    api.server.use(...brandExists());
    const error = await api.failure(
      addBrand,
      { body: { website: 'new.shop', name: 'New', description: '', image_url: '' } },
      await token(),
    );
    expect(error.body.errors).toEqual({ website: 'errors.brandExists' });
    expect(brandExists().map((handler) => handler.info.path)).toContain(`*${createBrand.path}`);
  });

  test('searchNoResult and brandNotFound answer empty rows', async () => {
    api.server.use(searchNoResult(), brandNotFound());
    expect(await api.call(searchBrands, { params: { text: 'Pixel' } })).toEqual({
      brands: { rows: [], rowCount: 0 },
    });
    expect(await api.call(brandDetails, { params: { brandId: 1 } })).toEqual({
      brands: { rows: [] },
    });
  });

  test('emptyLists empties every list', async () => {
    const live = await token();
    api.server.use(...emptyLists());
    expect((await api.call(orders, undefined, live)).orders).toEqual({ rows: [], count: 0 });
    expect((await api.call(referrals, undefined, live)).orders.rows).toEqual([]);
    expect((await api.call(wallet, undefined, live)).wallet[0]?.brnd_tokens).toBe(0);
    for (const endpoint of [topRatedBrands, trendingBrands, newlyAddedBrands]) {
      expect((await api.call(endpoint)).brands.rows).toEqual([]);
    }
    expect((await api.call(myBrands, undefined, live)).brands.rows).toEqual([]);
    expect((await api.call(favouriteBrands, undefined, live)).brands.rows).toEqual([]);
    expect((await api.call(totalBrands)).stats.rows[0]).toEqual({ brands: 0, votes: 0 });
  });
});
