import { confirmMobile, signup } from '@brnd/contracts/api/accounts';
import {
  createReferral,
  editReferral,
  referrals,
  visitReferral,
} from '@brnd/contracts/api/referrals';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { ONE_TOKEN, createLedger, userAccount } from '../services/ledger.ts';
import { createRateLimiter } from '../services/rate-limits.ts';
import {
  REFERRAL_POOL_ACCOUNT,
  createReferralService,
  saleReferralHook,
} from '../services/referrals.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  newUser as person,
  proveWallet,
  registerVerifiedUser,
  signUpAndConfirmEmail,
  smsCode,
  storedMobile,
  type NewUser,
} from '../testing/http.ts';
import { changeMobile } from '@brnd/contracts/api/accounts';

let app: TestApp;
beforeAll(async () => {
  // Behind a proxy, as in production: the visit tests tell visitors apart by address.
  app = await startTestApp({ trustProxy: true });
});
afterAll(() => app.close());

const service = () =>
  createReferralService({
    db: app.db,
    ledger: createLedger(app.db),
    limiter: createRateLimiter(app.db),
    logger: createMemoryLogger(),
  });

async function userId(email: string): Promise<string> {
  const [row] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    email.toLowerCase(),
  ]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function balance(email: string): Promise<bigint> {
  return createLedger(app.db).balance(userAccount(await userId(email)));
}

async function links(token: string) {
  const answer = await call(app.baseUrl, referrals, { token });
  if (!answer.data) throw new Error(`getreferrals answered ${answer.status}`);
  return answer.data.orders.rows;
}

/** Someone about to sign up, through the referral link `referral_code` if given. */
function newUser(overrides: Partial<NewUser> & { referral_code?: string } = {}) {
  const { referral_code, ...rest } = overrides;
  return { ...person(rest), referral_code };
}

/** Sends the phone-step SMS to `mobile` and reads its code from the outbox. */
async function changeMobileAndSms(baseUrl: string, code: string, mobile: string) {
  await call(baseUrl, changeMobile, { body: { verification_code: code, mobile } });
  return smsCode(baseUrl, storedMobile(mobile));
}

/** B signs up through `code` and finishes verification. */
async function referredUser(code: string, overrides: Partial<NewUser> = {}) {
  return registerVerifiedUser(app.baseUrl, newUser({ ...overrides, referral_code: code }));
}

describe('links', () => {
  test("a new account's table holds its own link, with nothing counted yet", async () => {
    const { token } = await registerVerifiedUser(app.baseUrl);
    const rows = await links(token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: '', clicks: 0, signups: 0, tokens: 0 });
    expect(rows[0]?.code).toMatch(/^[A-Z2-9]{8}$/);
  });

  test('user can add links with a description and a target, and edit the description', async () => {
    const { token } = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(token);
    const created = await call(app.baseUrl, createReferral, {
      token,
      body: { description: 'Newsletter, March' },
    });
    expect(created.status).toBe(201);
    expect(created.data?.referral).toEqual({
      code: expect.stringMatching(new RegExp(`^${own?.code}-[A-Z2-9]{5}$`)) as unknown,
      description: 'Newsletter, March',
      clicks: 0,
      signups: 0,
      tokens: 0,
      archived: false,
    });
    const sale = await call(app.baseUrl, createReferral, {
      token,
      body: { description: 'Telegram', target: 'ico' },
    });
    expect(sale.data?.referral.code).toMatch(new RegExp(`^${own?.code}-ICO[A-Z2-9]{5}$`));

    const code = created.data?.referral.code ?? '';
    const edited = await call(app.baseUrl, editReferral, {
      token,
      body: { code, description: '  Newsletter, April ' },
    });
    expect(edited.data).toEqual({ message: 'success' });
    expect((await links(token)).map((row) => [row.code, row.description])).toEqual([
      [own?.code, ''],
      [code, 'Newsletter, April'],
      [sale.data?.referral.code, 'Telegram'],
    ]);
  });

  test("nobody can edit another user's link, and a too long description changes nothing", async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const b = await registerVerifiedUser(app.baseUrl);
    const [aLink] = await links(a.token);
    const foreign = await call(app.baseUrl, editReferral, {
      token: b.token,
      body: { code: aLink?.code ?? '', description: 'mine now' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.messageId).toBe('referrals.errors.unknownLink');

    const tooLong = await call(app.baseUrl, createReferral, {
      token: a.token,
      body: { description: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.errors).toEqual({ description: 'referrals.validation.description' });
    expect(await links(a.token)).toEqual([aLink]);
    expect((await call(app.baseUrl, referrals, {})).status).toBe(401);
  });

  test('a visitor counts one click per link a day, however often they come; an unknown code is refused', async () => {
    const { token } = await registerVerifiedUser(app.baseUrl);
    const created = await call(app.baseUrl, createReferral, { token, body: { description: 'x' } });
    const code = created.data?.referral.code ?? '';
    const visit = (headers: Record<string, string>) =>
      call(app.baseUrl, visitReferral, {
        json: true,
        headers,
        body: { referral_code: code.toLowerCase() },
      });
    const reader = { 'x-forwarded-for': '203.0.113.70', 'user-agent': 'Firefox' };
    // Reloads and retries at once, as a browser or a script would send them.
    const visits = await Promise.all(Array.from({ length: 5 }, () => visit(reader)));
    expect(visits.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await links(token)).map((row) => row.clicks)).toEqual([0, 1]);

    // Another browser on the same address, and the same browser elsewhere, are other visitors.
    await visit({ ...reader, 'user-agent': 'Chrome' });
    await visit({ ...reader, 'x-forwarded-for': '198.51.100.70' });
    expect((await links(token)).map((row) => row.clicks)).toEqual([0, 3]);

    const unknown = await call(app.baseUrl, visitReferral, {
      json: true,
      body: { referral_code: 'NOSUCHCODE' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('sign-up reward', () => {
  test("the referrer earns 10 BRND when the referred account completes verification, on that link's row", async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const created = await call(app.baseUrl, createReferral, {
      token: a.token,
      body: { description: 'Blog' },
    });
    const code = created.data?.referral.code ?? '';

    const b = newUser({ referral_code: code });
    const phoneCode = await signUpAndConfirmEmail(app.baseUrl, b);
    // Registered but not verified: nothing yet.
    expect((await links(a.token))[1]).toMatchObject({ signups: 0, tokens: 0 });
    const sms = await changeMobileAndSms(app.baseUrl, phoneCode, b.mobile);
    await call(app.baseUrl, confirmMobile, {
      body: { verification_code: phoneCode, mobile_verification_code: sms },
    });

    expect(await links(a.token)).toMatchObject([
      { signups: 0, tokens: 0 },
      { code, signups: 1, tokens: 10 },
    ]);
    expect(await balance(a.user.email)).toBe(10n * ONE_TOKEN);
  });

  test('the reward is paid once even when verification is sent ten times at once', async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    const b = newUser({ referral_code: `${own?.code}-vote` });
    const phoneCode = await signUpAndConfirmEmail(app.baseUrl, b);
    const sms = await changeMobileAndSms(app.baseUrl, phoneCode, b.mobile);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app.baseUrl, confirmMobile, {
          body: { verification_code: phoneCode, mobile_verification_code: sms },
        }),
      ),
    );
    // The nine that lost the race are answered as the one that won.
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.data?.referral_code)).size).toBe(1);
    // And directly, twenty more racing calls for the same account.
    const bId = await userId(b.email);
    await Promise.all(
      Array.from({ length: 20 }, () => app.db.transaction((tx) => service().rewardSignup(bId, tx))),
    );
    expect(await balance(a.user.email)).toBe(10n * ONE_TOKEN);
    expect(await links(a.token)).toMatchObject([{ signups: 1, tokens: 10 }]);
  });

  test('an account signs up through one link only: a code in the sign-up of an existing e-mail changes nothing', async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    const b = await referredUser(own?.code ?? '');
    const again = await call(app.baseUrl, signup, {
      body: { ...b.user, referral_code: own?.code },
    });
    // Answered like a new address (decision 028), and nothing changes.
    expect(again.status).toBe(201);
    expect(await links(a.token)).toMatchObject([{ signups: 1, tokens: 10 }]);
  });
});

describe('self-referral pays nothing', () => {
  test('the same Gmail mailbox with dots and a +tag', async () => {
    const a = await registerVerifiedUser(app.baseUrl, newUser({ email: 'ola.kowalska@gmail.com' }));
    const [own] = await links(a.token);
    await referredUser(own?.code ?? '', { email: 'olakowalska+brnd@googlemail.com' });
    expect(await links(a.token)).toMatchObject([{ signups: 0, tokens: 0 }]);
    expect(await balance(a.user.email)).toBe(0n);
  });

  test('the same phone number: the second account cannot even finish verification', async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    // One verified number per account (decision 040): confirm_mobile answers 409.
    await expect(referredUser(own?.code ?? '', { mobile: a.user.mobile })).rejects.toThrow(/409/);
    expect(await links(a.token)).toMatchObject([{ signups: 0, tokens: 0 }]);
  });

  test('the same wallet address (a sale of the referred account)', async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    // A fresh number for B: no phone in common, so the sign-up itself is rewarded.
    const b = await referredUser(own?.code ?? '');
    // Both accounts prove the same key: one person behind two accounts.
    const wallet = Wallet.createRandom();
    for (const token of [a.token, b.token]) {
      const saved = await proveWallet(app.baseUrl, token, wallet);
      expect(saved.status).toBe(200);
    }
    const outcome = await service().rewardSale({
      orderId: crypto.randomUUID(),
      userId: await userId(b.user.email),
      brndTokens: 1000,
      price: 0.003,
    });
    expect(outcome).toEqual({ amount: 0n, skipped: 'self-referral' });
    expect(await balance(a.user.email)).toBe(10n * ONE_TOKEN);
  });

  test('a brand created with its own creator’s code', async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    const outcome = await service().rewardBrandReferral({
      brandId: 'brand-self',
      creatorUserId: await userId(a.user.email),
      referralCode: own?.code,
    });
    expect(outcome).toEqual({ amount: 0n, skipped: 'self-referral' });
    expect(await balance(a.user.email)).toBe(0n);
  });
});

describe('sale and brand rewards', () => {
  test("20 parallel payment confirmations of B's order credit A 10 % of B's tokens once", async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    const b = await referredUser(own?.code ?? '');
    const order = {
      orderId: crypto.randomUUID(),
      userId: await userId(b.user.email),
      brndTokens: 33_333,
      price: 0.003,
    };
    const poolBefore = await createLedger(app.db).balance(REFERRAL_POOL_ACCOUNT);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => service().rewardSale(order)),
    );
    const share = (33_333n * ONE_TOKEN) / 10n;
    expect(outcomes.filter((outcome) => outcome.amount === share)).toHaveLength(1);
    expect(await balance(a.user.email)).toBe(10n * ONE_TOKEN + share);
    expect(await createLedger(app.db).balance(REFERRAL_POOL_ACCOUNT)).toBe(poolBefore - share);
    expect(await links(a.token)).toMatchObject([{ signups: 1, tokens: 10 + 3_333.3 }]);
  });

  test("the sale's onOrderPaid hook pays inside the crediting transaction: 20 racing credits pay once, a rolled back one pays nothing", async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    const b = await referredUser(own?.code ?? '');
    const hook = saleReferralHook(service());
    const event = {
      orderId: crypto.randomUUID(),
      userId: await userId(b.user.email),
      usd: 30,
      tokens: 10_000,
    };

    // The buyer's credit fails after the hook ran: the referrer's share goes with it.
    await expect(
      app.db.transaction(async (transaction) => {
        await hook(event, transaction);
        throw new Error('credit failed');
      }),
    ).rejects.toThrow('credit failed');
    expect(await balance(a.user.email)).toBe(10n * ONE_TOKEN);

    await Promise.all(
      Array.from({ length: 20 }, () =>
        app.db.transaction((transaction) => hook(event, transaction)),
      ),
    );
    expect(await balance(a.user.email)).toBe(10n * ONE_TOKEN + 1_000n * ONE_TOKEN);
  });

  test('a buyer who came without a referral, or is not verified, earns nobody anything', async () => {
    const loner = await registerVerifiedUser(app.baseUrl);
    expect(
      await service().rewardSale({
        orderId: crypto.randomUUID(),
        userId: await userId(loner.user.email),
        brndTokens: 500,
        price: 0.003,
      }),
    ).toEqual({ amount: 0n, skipped: 'not-referred' });

    const a = await registerVerifiedUser(app.baseUrl);
    const [own] = await links(a.token);
    const pending = newUser({ referral_code: own?.code });
    await signUpAndConfirmEmail(app.baseUrl, pending);
    const pendingId = await userId(pending.email);
    expect(
      await service().rewardSale({
        orderId: crypto.randomUUID(),
        userId: pendingId,
        brndTokens: 500,
        price: 0.003,
      }),
    ).toEqual({ amount: 0n, skipped: 'unverified' });
    expect(
      await service().rewardBrandReferral({
        brandId: 'brand-of-pending',
        creatorUserId: pendingId,
        referralCode: own?.code,
      }),
    ).toEqual({ amount: 0n, skipped: 'unverified' });
    expect(await balance(a.user.email)).toBe(0n);
  });

  test('a referred brand pays 100 BRND once, on the link it named', async () => {
    const a = await registerVerifiedUser(app.baseUrl);
    const created = await call(app.baseUrl, createReferral, {
      token: a.token,
      body: { description: 'Brands' },
    });
    const creator = await registerVerifiedUser(app.baseUrl);
    const input = {
      brandId: crypto.randomUUID(),
      creatorUserId: await userId(creator.user.email),
      referralCode: created.data?.referral.code,
    };
    await Promise.all(Array.from({ length: 10 }, () => service().rewardBrandReferral(input)));
    expect(await balance(a.user.email)).toBe(100n * ONE_TOKEN);
    expect(await links(a.token)).toMatchObject([{ tokens: 0 }, { signups: 0, tokens: 100 }]);
  });
});
