// @vitest-environment node
import { describe, expect, test } from 'vitest';
import {
  changeMobile,
  confirmEmail,
  confirmMobile,
  login,
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
import { decideVerification } from '@brnd/contracts/api/admin-verification';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { createApiClient } from '@brnd/contracts/api/client';
import { contact, newsletter } from '@brnd/contracts/api/content';
import { buyTokens, kantor, orders, verifyOrder } from '@brnd/contracts/api/orders';
import { editReferral, referrals, visitReferral } from '@brnd/contracts/api/referrals';
import { updateWallet, wallet, walletChallenge } from '@brnd/contracts/api/wallet';
import { Wallet } from 'ethers';
import {
  ORDER_EXPIRY_MS,
  TRANSACTION_STATUSES,
  VOTE_WINDOW_MS,
} from '@brnd/contracts/domain/constants';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_REFERRAL_CODE, OPERATOR_EMAIL } from './seed.ts';
import { BASE_URL, useMockApi } from './test-helpers.ts';

const api = useMockApi();

async function demoToken() {
  const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

/** A second verified user with a session. */
async function otherUserToken() {
  await api.call(signup, {
    body: {
      name: 'Ola Lis',
      mobile: '+48 700 800 900',
      email: 'ola@example.com',
      password: 'Secret12!',
    },
  });
  const code = await api.latestVerificationCode('ola@example.com');
  await api.call(confirmEmail, { body: { verification_code: code } });
  await api.call(changeMobile, { body: { verification_code: code, mobile: '+48700800900' } });
  const sms = await api.latestSmsCode('+48700800900');
  await api.call(confirmMobile, {
    body: { mobile_verification_code: sms, verification_code: code },
  });
  const session = await api.call(login, {
    body: { email: 'ola@example.com', password: 'Secret12!' },
  });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

describe('brands', () => {
  test('top rated is ordered by votes, null counting as 0, and honours the limit', async () => {
    const { brands } = await api.call(topRatedBrands);
    expect(brands.rows).toHaveLength(12);
    const votes = brands.rows.map((brand) => brand.votes ?? 0);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(brands.rows.at(-1)?.votes).toBeNull();
    const limited = await api.call(topRatedBrands, { query: { limit: 3 } });
    expect(limited.brands.rows.map((brand) => brand.name)).toEqual(
      brands.rows.slice(0, 3).map((brand) => brand.name),
    );
  });

  test('every industry of the filter has brands, and visitors see no votes of their own', async () => {
    const { brands } = await api.call(newlyAddedBrands);
    expect(new Set(brands.rows.map((brand) => brand.industry))).toEqual(
      new Set(['e-commerce', 'saas', 'gaming', 'tools', 'sports', 'crypto']),
    );
    expect(brands.rows.every((brand) => brand.voted === 0 && brand.can_vote === '1')).toBe(true);
  });

  test('trending and newly added have their own order', async () => {
    const trending = await api.call(trendingBrands, { query: { limit: 1 } });
    expect(trending.brands.rows[0]?.name).toBe('Pixel Forge');
    const newest = await api.call(newlyAddedBrands, { query: { limit: 1 } });
    expect(newest.brands.rows[0]?.name).toBe('Blockpay');
  });

  test('search matches names and websites case-insensitively; no match is an empty 200', async () => {
    const found = await api.call(searchBrands, { params: { text: 'PIXEL forge' } });
    expect(found.brands.rowCount).toBe(1);
    expect(found.brands.rows[0]?.website).toBe('pixelforge.games');
    expect((await api.call(searchBrands, { params: { text: '.io' } })).brands.rowCount).toBe(2);
    expect(await api.call(searchBrands, { params: { text: 'no such brand' } })).toEqual({
      brands: { rows: [], rowCount: 0 },
    });
  });

  test('details of an unknown brand have no rows; a malformed id is a 400', async () => {
    expect(await api.call(brandDetails, { params: { brandId: 9999 } })).toEqual({
      brands: { rows: [] },
    });
    const error = await api.failure(brandDetails, { params: { brandId: 'abc' } });
    expect(error.status).toBe(400);
  });

  test('a vote counts once per brand and ten times per window', async () => {
    const token = await otherUserToken();
    const { brands } = await api.call(topRatedBrands);
    const boltline = brands.rows.find((brand) => brand.name === 'Boltline');
    expect(boltline?.votes).toBeNull();

    expect(await api.call(vote, { body: { brand_id: boltline!.id } }, token)).toEqual({
      message: 'success',
      brand: { id: boltline!.id, votes: 1, voted: 1, can_vote: '1' },
      status: { voteLimit: 10, votesLeft: 9, timeInHours: 24, nextVoteAt: null },
    });
    const after = await api.call(brandDetails, { params: { brandId: boltline!.id } }, token);
    expect(after.brands.rows[0]).toMatchObject({ votes: 1, voted: 1, can_vote: '1' });

    const again = await api.failure(vote, { body: { brand_id: boltline!.id } }, token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      messageId: 'errors.alreadyVoted',
      message: 'You have already voted for this brand.',
    });

    const others = brands.rows.filter((brand) => brand.id !== boltline!.id);
    for (const brand of others.slice(0, 9)) {
      await api.call(vote, { body: { brand_id: brand.id } }, token);
    }
    const limited = await api.failure(vote, { body: { brand_id: others[9]!.id } }, token);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      messageId: 'errors.voteLimit',
      message: 'You have used your limit of 10 votes. You can vote again in 24 hours.',
    });
    const listed = await api.call(topRatedBrands, undefined, token);
    expect(listed.brands.rows.every((brand) => brand.can_vote === '0')).toBe(true);

    api.advance(VOTE_WINDOW_MS);
    // A whole window later every vote is free again (the count may start a new month).
    await expect(api.call(vote, { body: { brand_id: boltline!.id } }, token)).resolves.toEqual({
      message: 'success',
      brand: { id: boltline!.id, votes: expect.any(Number), voted: 1, can_vote: '1' },
      status: { voteLimit: 10, votesLeft: 9, timeInHours: 24, nextVoteAt: null },
    });
  });

  test('voting needs a session', async () => {
    expect((await api.failure(vote, { body: { brand_id: 1 } })).status).toBe(401);
  });

  test('the demo user’s favourites carry their vote counts, most first', async () => {
    const token = await demoToken();
    const { brands } = await api.call(favouriteBrands, undefined, token);
    expect(brands.rows.map((brand) => [brand.name, brand.myvotes])).toEqual([
      ['Pixel Forge', 3],
      ['Coinvault', 2],
      ['Amberline', 1],
      ['Ledgerly', 1],
      ['Peak Form', 1],
      ['Vistula Runners', 1],
    ]);
    expect(brands.rows[0]?.voted).toBe(1);
    expect(brands.rows[2]?.voted).toBe(0);
  });

  test('a referred brand goes to the top of the newly added list; a known website is 409', async () => {
    const token = await demoToken();
    const added = await api.call(
      addBrand,
      {
        body: {
          website: 'https://www.Zielonykoszyk.pl/',
          name: 'Zielony Koszyk',
          description: 'Organic groceries delivered from local farms.',
          image_url: 'https://zielonykoszyk.pl/logo.png',
        },
      },
      token,
    );
    expect(added.details).toMatchObject({ website: 'zielonykoszyk.pl', votes: null });
    const newest = await api.call(newlyAddedBrands, { query: { limit: 1 } });
    expect(newest.brands.rows[0]?.id).toBe(added.details.id);
    const mine = await api.call(myBrands, undefined, token);
    expect(mine.brands.rows.map((brand) => brand.name)).toEqual([
      'Zielony Koszyk',
      'Vistula Runners',
    ]);

    const duplicate = await api.failure(
      addBrand,
      { body: { website: 'zielonykoszyk.pl', name: 'Copy', description: '', image_url: '' } },
      token,
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.messageId).toBe('errors.brandExists');
  });

  test('a created brand stores its logo; its referral link earns 100 BRND once an operator verifies it', async () => {
    const token = await otherUserToken();
    const demo = await demoToken();
    const before = await api.call(wallet, undefined, demo);
    const created = await api.call(
      createBrand,
      {
        body: {
          name: 'Morskie Oko Outdoor',
          website: 'morskieoko.shop',
          description: 'Hiking gear for the Tatra mountains.',
          industry: 'sports',
          token_ticker: 'moko',
          no_of_employees: '18',
          address1: 'ul. Krupówki 12',
          city: 'Zakopane',
          state: 'małopolskie',
          postal_code: '34-500',
          country: 'Poland',
          operating_address: 'ul. Krupówki 12, 34-500 Zakopane',
          facebook: '',
          image: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
            type: 'image/svg+xml',
          }),
          referral_code: DEMO_REFERRAL_CODE,
        },
      },
      token,
    );
    expect(created.details).toMatchObject({
      token_ticker: 'MOKO',
      no_of_employees: 18,
      facebook: null,
      referral_code: DEMO_REFERRAL_CODE,
    });
    expect(created.details.image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    // Added is not yet real (decision 041): nothing until an operator verifies it.
    const added = await api.call(wallet, undefined, demo);
    expect(added.wallet[0]!.brnd_tokens).toBe(before.wallet[0]!.brnd_tokens);
    const operator = await api.call(login, {
      body: { email: OPERATOR_EMAIL, password: DEMO_PASSWORD },
    });
    if (!('token' in operator)) throw new Error('no operator token');
    await api.call(
      decideVerification,
      {
        params: { kind: 'brand', id: String(created.details.id) },
        body: { decision: 'approve' },
      },
      operator.token,
    );
    const after = await api.call(wallet, undefined, demo);
    expect(after.wallet[0]!.brnd_tokens - before.wallet[0]!.brnd_tokens).toBe(100);
  });

  test('a logo of the wrong type is refused with the logo message', async () => {
    const token = await demoToken();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'Tatra',
      website: 'tatra.shop',
      description: 'Gear',
      industry: 'sports',
      token_ticker: 'TTR',
      no_of_employees: '3',
      address1: 'a',
      city: 'b',
      state: 'c',
      postal_code: 'd',
      country: 'Select',
      operating_address: 'e',
    })) {
      form.append(key, value);
    }
    form.append('image', new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    const response = await fetch(`${BASE_URL}/api/brands/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      country: 'validation.country',
      image: 'validation.logo',
    });
  });

  test('the totals count brands and this month’s votes', async () => {
    const { stats } = await api.call(totalBrands);
    expect(stats.rows[0]).toEqual({ brands: 12, votes: 11_413 });
  });
});

describe('orders and wallet', () => {
  test('the demo transactions show every list status, newest first, with paging', async () => {
    const token = await demoToken();
    const all = await api.call(orders, undefined, token);
    expect(all.orders.count).toBe(7);
    expect(new Set(all.orders.rows.map((row) => row.status))).toEqual(
      new Set(TRANSACTION_STATUSES),
    );
    const dates = all.orders.rows.map((row) => row.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const page = await api.call(orders, { query: { limit: 5, offset: 5 } }, token);
    expect(page.orders.rows).toHaveLength(2);
    expect(page.orders.count).toBe(7);
  });

  test('a crypto order waits, then is paid and credited, or expires unpaid', async () => {
    const token = await demoToken();
    const created = await api.call(
      buyTokens,
      { body: { amount: '300', selected_payMethod: 'ETH' } },
      token,
    );
    expect(created.message).toBe('success');
    expect(created.response).toMatchObject({
      status: 0,
      value: 300,
      destination_currency: 'ETH',
      destination_amount: '0.789474',
      text_status: 'new',
    });
    expect(created.response.blockchain_address).toMatch(/^0x[0-9a-f]{40}$/);
    const uuid = created.response.uuid;

    const waiting = await api.call(verifyOrder, { params: { uuid } }, token);
    expect(waiting.response.status).toBe(1);

    const before = (await api.call(wallet, undefined, token)).wallet[0]!;
    api.fake.setOrderStatus(uuid, 3);
    const paid = await api.call(verifyOrder, { params: { uuid } }, token);
    expect(paid.response).toMatchObject({ status: 3, text_status: 'paid' });
    const after = (await api.call(wallet, undefined, token)).wallet[0]!;
    expect(after.brnd_tokens - before.brnd_tokens).toBe(100_000);
    expect(after.amount - before.amount).toBe(300);

    const second = await api.call(
      buyTokens,
      { body: { amount: '50', selected_payMethod: 'BTC' } },
      token,
    );
    expect(second.response.blockchain_address).toMatch(/^bc1q/);
    api.advance(ORDER_EXPIRY_MS);
    const expired = await api.call(verifyOrder, { params: { uuid: second.response.uuid } }, token);
    expect(expired.response.status).toBe(6);
  });

  test('only crypto methods create orders, and nobody reads another user’s order', async () => {
    const token = await demoToken();
    const wrongMethod = await api.failure(
      buyTokens,
      { body: { amount: '300', selected_payMethod: 'PLN' as 'BTC' } },
      token,
    );
    expect(wrongMethod.body.errors).toEqual({ selected_payMethod: 'validation.payMethod' });
    const { response } = await api.call(
      buyTokens,
      { body: { amount: '10', selected_payMethod: 'BTC' } },
      token,
    );
    const other = await otherUserToken();
    const error = await api.failure(verifyOrder, { params: { uuid: response.uuid } }, other);
    expect(error.status).toBe(404);
  });

  test('a card purchase is initialised at the provider and recorded as pending', async () => {
    const token = await demoToken();
    const provider = createApiClient({ baseUrl: 'https://card-provider.test' });
    const init = await provider.call(cardProviderInit, {
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
    });
    expect(init).toMatchObject({ quotedCurrencyAmount: 404, baseCurrencyAmount: 33_333 });
    const recorded = await api.call(
      kantor,
      {
        body: {
          cashTxHash: init.cashTxHash,
          amount: '404',
          brnd_tokens: '33333',
          tokeneo_response: JSON.stringify(init),
        },
      },
      token,
    );
    expect(recorded).toEqual({ message: 'success', secondStepUrl: init.secondStepUrl });
    const [newest] = (await api.call(orders, undefined, token)).orders.rows;
    expect(newest).toMatchObject({ signature: 'PLN', status: 'Pending', amount: 100 });
  });

  test('the card provider refuses less than 25 PLN', async () => {
    const provider = createApiClient({ baseUrl: 'https://card-provider.test' });
    const error = await provider
      .call(cardProviderInit, {
        body: {
          emailAddress: DEMO_EMAIL,
          emailConfirm: DEMO_EMAIL,
          phoneNumber: '+48601234567',
          name: 'Anna',
          surname: 'Kowalska',
          quotedCurrency: 'PLN',
          baseCurrency: 'BRND',
          cryptoValue: 100,
          fiatValue: 20,
          pageLang: 'po',
          transactionType: 'buy',
        },
      })
      .catch((caught: { body: unknown }) => caught.body);
    expect(error).toMatchObject({ messageId: 'validation.cardMinimum' });
  });

  test('user can save a wallet address; a malformed one is refused', async () => {
    const token = await demoToken();
    const empty = await api.failure(walletChallenge, { body: { walletAddress: ' ' } }, token);
    expect(empty.body).toMatchObject({
      messageId: 'validation.wallet',
      message: 'Please input your wallet address!',
    });
    const signer = Wallet.createRandom();
    const address = signer.address;
    const challenge = await api.call(walletChallenge, { body: { walletAddress: address } }, token);
    const signature = await signer.signMessage(challenge.message);
    await api.call(
      updateWallet,
      {
        body: {
          walletAddress: address,
          nonce: challenge.nonce,
          signature,
          password: DEMO_PASSWORD,
        },
      },
      token,
    );
    expect((await api.call(wallet, undefined, token)).wallet[0]?.walletAddress).toBe(address);
  });
});

describe('referrals', () => {
  // The sign-up and its 10 BRND count once the account is verified (tests/conformance covers it).
  test('a visit counts a click; a sign-up with the code pays nothing before verification', async () => {
    const token = await demoToken();
    await api.call(visitReferral, { body: { referral_code: `${DEMO_REFERRAL_CODE}-ico` } });
    await api.call(signup, {
      body: {
        name: 'Ewa Maj',
        mobile: '+48 600 000 111',
        email: 'ewa@example.com',
        password: 'Secret12!',
        referral_code: `${DEMO_REFERRAL_CODE}-ico`,
      },
    });
    const ico = (await api.call(referrals, undefined, token)).orders.rows.find(
      (row) => row.code === `${DEMO_REFERRAL_CODE}-ico`,
    );
    expect(ico).toEqual({
      code: `${DEMO_REFERRAL_CODE}-ico`,
      description: 'ICO newsletter',
      clicks: 413,
      signups: 19,
      tokens: 1190,
      archived: false,
    });
    const unknown = await api.failure(visitReferral, { body: { referral_code: 'NOPE' } });
    expect(unknown.status).toBe(404);
  });

  test('a new user has a main link, and can describe it but not someone else’s', async () => {
    const token = await otherUserToken();
    const [link] = (await api.call(referrals, undefined, token)).orders.rows;
    expect(link).toMatchObject({ clicks: 0, signups: 0, tokens: 0, description: '' });
    await api.call(editReferral, { body: { code: link!.code, description: 'Friends' } }, token);
    expect((await api.call(referrals, undefined, token)).orders.rows[0]?.description).toBe(
      'Friends',
    );
    const foreign = await api.failure(
      editReferral,
      { body: { code: DEMO_REFERRAL_CODE, description: 'Mine now' } },
      token,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('content', () => {
  test('the contact form takes the stricter reading', async () => {
    const error = await api.failure(contact, {
      body: {
        contactName: '',
        contactEmail: 'ada@',
        contactWebsite: 'ada.nowhere',
        contactCountry: 'Wybierz',
        contactAnything: ' ',
      },
    });
    expect(error.body).toEqual({
      message: 'Invalid Your name',
      messageId: 'validation.contactName',
      errors: {
        contactName: 'validation.contactName',
        contactEmail: 'validation.contactEmail',
        contactWebsite: 'validation.contactWebsite',
        contactCountry: 'validation.contactCountry',
        contactAnything: 'validation.contactAnything',
      },
    });
    await api.call(contact, {
      body: {
        contactName: 'Ada',
        contactEmail: 'ada@amberline.shop',
        contactWebsite: 'https://amberline.shop',
        contactCountry: 'Poland',
        contactAnything: 'We would like to issue a loyalty token.',
      },
    });
    expect(api.fake.inspect().contactMessages).toHaveLength(1);
  });

  test('the newsletter asks for an e-mail and keeps each address once', async () => {
    const empty = await api.failure(newsletter, { body: { email: '' } });
    expect(empty.body.message).toBe('Please write your email!');
    await api.call(newsletter, { body: { email: 'Ada@Example.com' } });
    await api.call(newsletter, { body: { email: 'ada@example.com' } });
    expect(api.fake.inspect().newsletter).toEqual(['ada@example.com']);
  });
});

describe('the fake itself', () => {
  test('reset forgets every request; exported state can be imported', async () => {
    await otherUserToken();
    const saved = api.fake.exportState();
    const users = api.fake.inspect().userCount;
    api.fake.reset();
    expect(api.fake.inspect().userCount).toBe(users - 1);
    expect(await api.outbox()).toEqual([]);
    api.fake.importState(saved);
    expect(api.fake.inspect().userCount).toBe(users);
  });

  test('a path the contract does not have is a 404 in the error shape', async () => {
    const response = await fetch(`${BASE_URL}/api/user/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found.', messageId: 'errors.notFound' });
  });
});
