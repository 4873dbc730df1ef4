import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { PREMIUM_STAKE_BRND } from '@brnd/contracts/domain/plans';
import { STAKE_PREMIUM_MIN_AGE_DAYS } from '@brnd/contracts/domain/wallet-proof';
import {
  AbiCoder,
  Contract,
  JsonRpcProvider,
  NonceManager,
  Wallet,
  keccak256,
  parseUnits,
  toBeHex,
} from 'ethers';
import { devDatabase } from './dev-database.ts';
import { newUser, type TestUser, createOperator } from './accounts.ts';

/**
 * Issue #19: every kind of message the platform sends, in both languages, made through the real
 * paths (the API as the app calls it, an operator made with admin:create, payments and payouts
 * on the dev chain), read from the dev outbox; every link in each is opened with Chromium in a
 * fresh browser (as on the phone the mail is read on) and must show a page in the mail's
 * language, not a 404 or an error page. The data is made once, both languages at the same time.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const OPERATOR = { email: 'messages-e2e@brnd.example', password: 'M3ssages!e2e' };
const LANGUAGES = ['en', 'po'] as const;
type Language = (typeof LANGUAGES)[number];
const LOCALE: Record<Language, 'en' | 'pl'> = { en: 'en', po: 'pl' };
/** Anvil's test accounts #5 and #6, used by no other spec, one per language's buyer. */
const PAYER_KEYS: Record<Language, string> = {
  en: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  po: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
};
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The 404 and error pages' headings in both languages: no link may lead to one. */
const BAD_PAGES = (['en', 'pl'] as const).flatMap((locale) => {
  const pages = JSON.parse(readFileSync(`${root}/locales/${locale}/pages.json`, 'utf8')) as {
    notFound: { title: string };
    serverError: { title: string };
  };
  return [pages.notFound.title, pages.serverError.title];
});

interface OutboxRow {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** What each language's run made: who got which messages. */
interface Made {
  language: Language;
  user: TestUser;
  /** Recipients and how many messages each must have received. */
  expected: { to: string; channel: 'email' | 'sms'; count: number }[];
  /** A gift to an address without an account (the claim test follows it). */
  giftEmail: string;
  ticker: string;
}

let made: Record<Language, Made>;

type Created = { details: { id: number } };
type Applied = { company: { id: number } };

async function outbox(request: APIRequestContext): Promise<OutboxRow[]> {
  const response = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxRow[];
}

async function messagesTo(request: APIRequestContext, to: string, channel = 'email') {
  return (await outbox(request)).filter((row) => row.channel === channel && row.to === to);
}

/** Waits for the newest message to `to` matching `pattern`; returns the match. */
async function waitFor(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  channel: 'email' | 'sms' = 'email',
  timeout = 30_000,
): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  await expect(async () => {
    for (const row of await messagesTo(request, to, channel)) {
      match = row.text.match(pattern) ?? row.subject.match(pattern);
      if (match) break;
    }
    expect(match, `a ${channel} to ${to} matching ${pattern}`).not.toBeNull();
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
  return match as unknown as RegExpMatchArray;
}

let clients = 0;
/** An API caller speaking as the app does: in its page's language, from an address of its own. */
function api(request: APIRequestContext, language: Language, token?: string) {
  clients += 1;
  const headers: Record<string, string> = {
    'x-brnd-language': language,
    'x-forwarded-for': `198.19.${clients % 256}.${(Date.now() % 250) + 1}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const check = async <T>(
    path: string,
    response: Awaited<ReturnType<APIRequestContext['post']>>,
  ): Promise<T> => {
    expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(
      true,
    );
    return (await response.json()) as T;
  };
  return {
    post: async <T = unknown>(
      path: string,
      form: Record<string, string>,
      extra: Record<string, string> = {},
    ) => check<T>(path, await request.post(path, { form, headers: { ...headers, ...extra } })),
    json: async <T = unknown>(path: string, data: object, extra: Record<string, string> = {}) =>
      check<T>(path, await request.post(path, { data, headers: { ...headers, ...extra } })),
    multipart: async <T = unknown>(path: string, multipart: Record<string, unknown>) =>
      check<T>(path, await request.post(path, { multipart: multipart as never, headers })),
    get: async <T = unknown>(path: string) => check<T>(path, await request.get(path, { headers })),
  };
}

async function login(request: APIRequestContext, email: string, password: string) {
  const body = await api(request, 'en').post<{ token: string }>('/api/user/login', {
    email,
    password,
  });
  return body.token;
}

/** Signs up in `language` and verifies the e-mail and the phone: the sign-up mail and the SMS. */
async function verifiedUser(request: APIRequestContext, language: Language) {
  const user = newUser(`links-${language}`);
  const call = api(request, language);
  await call.post('/api/user/signup', {
    name: user.name,
    mobile: user.mobile,
    email: user.email,
    password: user.password,
  });
  const [path] = await waitFor(request, user.email, /\/verify\/[A-Za-z0-9_-]+/);
  const code = path.split('/').pop() as string;
  await call.post('/api/user/confirm', { verification_code: code });
  await call.post('/api/user/changemobile', { verification_code: code, mobile: user.mobile });
  const [sms] = await waitFor(request, user.mobile, /(?<!\d)\d{4}(?!\d)/, 'sms');
  await call.post('/api/user/confirm_mobile', {
    verification_code: code,
    mobile_verification_code: sms,
  });
  return { user, token: await login(request, user.email, user.password) };
}

function brandForm(name: string) {
  return {
    name,
    website: `www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pl`,
    description: 'Coffee roasted by the river, sold in cups and bags.',
    industry: 'sports',
    token_ticker: 'CUP',
    no_of_employees: '6',
    address1: 'ul. Długa 4',
    city: 'Gdańsk',
    state: 'pomorskie',
    postal_code: '80-827',
    country: 'PL',
    operating_address: 'ul. Długa 4',
    image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 },
  };
}

let companies = 0;
function companyForm(email: string) {
  companies += 1;
  const suffix = `${companies}${Date.now().toString().slice(-7)}`;
  return {
    brandName: `Links Roasters ${suffix}`,
    email,
    phoneValue: '+48 601 222 333',
    employee_num: '9',
    vat_num: `PL77${suffix}`,
    billing_address: `ul. Linkowa ${suffix}, Poznań`,
    operating_address: 'ul. Linkowa 1, Poznań',
  };
}

interface DevInfo {
  rpcUrl: string;
  chainId: number;
  contracts: { brnd: string; staking: string };
}

/**
 * Premium from staking, then the stake drops: the lapse mail. What would take days is arranged:
 * the wallet is dealt BRND and gas (anvil's cheat codes, as Foundry's `deal`), and the stake's
 * age is moved back in the database; the rest goes through the API and the owner's own wallet.
 */
async function lapsePremium(
  request: APIRequestContext,
  owner: ReturnType<typeof api>,
  brandId: number,
  wallet: Wallet,
  info: DevInfo,
) {
  const provider = wallet.provider as JsonRpcProvider;
  // ethers caches a nonce read for a moment: back-to-back sends need the manager's count.
  const sender = new NonceManager(wallet);
  const brnd = new Contract(
    info.contracts.brnd,
    ['function balanceOf(address) view returns (uint256)'],
    provider,
  );
  // BRND keeps balances in OpenZeppelin ERC20's first slot: mapping(address => uint256).
  const slot = keccak256(
    AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [wallet.address, 0]),
  );
  const stake = PREMIUM_STAKE_BRND;
  await provider.send('anvil_setStorageAt', [
    info.contracts.brnd,
    slot,
    toBeHex(parseUnits(String(stake), 18), 32),
  ]);
  await provider.send('anvil_setBalance', [wallet.address, toBeHex(parseUnits('10', 18))]);
  expect(await brnd.getFunction('balanceOf')(wallet.address)).toBe(parseUnits(String(stake), 18));

  const send = async (action: 'stake' | 'unstake', amount: string) => {
    const prepared = await owner.json<{ transactions: { to: string; data: string }[] }>(
      '/api/brand-tokens/staking/transactions',
      { action, amount },
    );
    for (const transaction of prepared.transactions) {
      await (await sender.sendTransaction(transaction)).wait();
    }
  };
  const plan = async () =>
    (
      await owner.get<{ plan: { plan: string; source: string } }>(
        `/api/brand-tokens/brands/${brandId}`,
      )
    ).plan;
  await send('stake', String(stake));
  expect(await plan()).toMatchObject({ plan: 'standard' });
  const db = await devDatabase(request);
  try {
    await db.query(
      `UPDATE staking_premium SET seen_since = now() - make_interval(days => $2) WHERE wallet = $1`,
      [wallet.address, STAKE_PREMIUM_MIN_AGE_DAYS],
    );
  } finally {
    await db.end();
  }
  expect(await plan()).toMatchObject({ plan: 'premium', source: 'staking' });
  await send('unstake', '1');
  expect(await plan()).toMatchObject({ plan: 'standard' });
}

/** One language's run: every message kind that language's people can receive. */
async function makeMessages(
  request: APIRequestContext,
  language: Language,
  self: { user: TestUser; token: string },
  other: TestUser,
): Promise<Made> {
  const { user, token } = self;
  const anonymous = api(request, language);
  const owner = api(request, language, token);
  const operator = api(request, language, await login(request, OPERATOR.email, OPERATOR.password));
  const stamp = `${language}${Date.now().toString(36)}`;
  const giftEmail = `e2e-gift-${stamp}@example.com`;
  const companyEmails = [
    `e2e-company-a-${stamp}@example.com`,
    `e2e-company-b-${stamp}@example.com`,
  ];

  // An address with an account signs up again; a password reset.
  await anonymous.post('/api/user/signup', {
    name: user.name,
    mobile: user.mobile,
    email: user.email,
    password: 'Another123!x',
  });
  await anonymous.post('/api/user/forgotpassword', { email: user.email });

  // The payout wallet, proven by signature: the wallet-change mail.
  const signer = Wallet.createRandom();
  const challenge = await owner.post<{ nonce: string; message: string }>(
    '/api/user/wallet/challenge',
    {
      walletAddress: signer.address,
    },
  );
  await owner.post('/api/user/updatewallet', {
    walletAddress: signer.address,
    nonce: challenge.nonce,
    signature: await signer.signMessage(challenge.message),
    password: user.password,
  });

  // Two brands: one verified (it issues a token, then is revoked), one rejected.
  const approved = (
    await owner.multipart<Created>('/api/brands/create', brandForm(`Links Cups ${stamp}`))
  ).details.id;
  const rejected = (
    await owner.multipart<Created>('/api/brands/create', brandForm(`Links Mugs ${stamp}`))
  ).details.id;
  await operator.post(`/api/admin/verification/brand/${approved}/decision`, {
    decision: 'approve',
  });
  await operator.post(`/api/admin/verification/brand/${rejected}/decision`, {
    decision: 'reject',
    reason: 'The registry extract names another company.',
  });

  // Two company applications without an account: receipts, then approve and revoke, reject.
  const [first, second] = await Promise.all(
    companyEmails.map(
      async (email) =>
        (await anonymous.multipart<Applied>('/api/brands/company', companyForm(email))).company.id,
    ),
  );
  await operator.post(`/api/admin/verification/company/${first}/decision`, {
    decision: 'approve',
  });
  await operator.post(`/api/admin/verification/company/${first}/revoke`, {
    reason: 'The company was struck off the register.',
  });
  await operator.post(`/api/admin/verification/company/${second}/decision`, {
    decision: 'reject',
    reason: 'The VAT number belongs to another company.',
  });

  // The verified brand issues a token and gives it to the other language's user (an account)
  // and to an address without one; then the brand is revoked.
  const ticker = `L${stamp.slice(-5).toUpperCase()}`;
  const issued = await owner.json<{ token: { id: string } }>(
    `/api/brand-tokens/brands/${approved}/tokens`,
    {
      name: `Links ${ticker}`,
      ticker,
      cap: 100000,
      request_id: randomUUID(),
    },
  );
  const tokenId = issued.token.id;
  await expect(async () => {
    const brand = await owner.get<{ tokens: { status: string }[] }>(
      `/api/brand-tokens/brands/${approved}`,
    );
    expect(brand.tokens[0]?.status).toBe('active');
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  for (const recipient of [other.email, giftEmail]) {
    await owner.json(`/api/brand-tokens/tokens/${tokenId}/give`, {
      recipient,
      amount: 25,
      request_id: randomUUID(),
    });
  }
  const info = await anonymous.get<DevInfo>('/dev/info');
  const provider = new JsonRpcProvider(info.rpcUrl, info.chainId, { staticNetwork: true });
  await lapsePremium(request, owner, approved, new Wallet(signer.privateKey, provider), info);
  await operator.post(`/api/admin/verification/brand/${approved}/revoke`, {
    reason: 'The brand stopped trading.',
  });

  // A purchase paid with more ETH than asked: the receipt; the surplus goes to an operator, who
  // decides to refund it: the decision mail.
  const bought = await owner.post<{ response: { uuid: string; payment_uri: string } }>(
    '/api/orders/buytokens',
    { amount: '20', selected_payMethod: 'ETH' },
    { 'idempotency-key': randomUUID() },
  );
  const order = bought.response;
  const [, address, , wei] = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\?value=(\d+)$/.exec(
    order.payment_uri,
  ) as RegExpExecArray;
  const payer = new NonceManager(new Wallet(PAYER_KEYS[language], provider));
  await (
    await payer.sendTransaction({ to: address, value: (BigInt(wei as string) * 3n) / 2n })
  ).wait();
  await provider.send('anvil_mine', ['0x3']);
  await waitFor(request, user.email, /\/user\/buytoken\/[0-9a-f-]{36}/, 'email', 45_000);
  let paidAmount = '';
  await expect(async () => {
    const detail = await operator.get<{ order: { needs_decision: boolean; paid_amount: string } }>(
      `/api/admin/orders/${order.uuid}`,
    );
    expect(detail.order.needs_decision).toBe(true);
    paidAmount = detail.order.paid_amount;
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await operator.post(`/api/admin/orders/${order.uuid}/resolve`, {
    decision: 'refund',
    paid_amount: paidAmount,
    reference: `REFUND-${stamp}`,
  });

  // A payout of one BRND to the proven wallet, confirmed on the dev chain: the payout receipt.
  await owner.post(
    '/api/user/payouts/claim',
    { brnd_tokens: '1' },
    { 'idempotency-key': randomUUID() },
  );
  await expect(async () => {
    await provider.send('anvil_mine', ['0x1']);
    await waitFor(request, user.email, /\/user\/wallet/, 'email', 1_000);
  }).toPass({ timeout: 60_000, intervals: [1_000] });
  provider.destroy();

  return {
    language,
    user,
    giftEmail,
    ticker,
    expected: [
      // Sign-up, sign-up again, reset, wallet, brand approved, rejected, Premium lapsed,
      // revoked, purchase, payment decision, payout; the other language's gift comes separately.
      { to: user.email, channel: 'email', count: 11 },
      { to: user.mobile, channel: 'sms', count: 1 },
      // Application receipt, approved, revoked; receipt, rejected.
      { to: companyEmails[0] as string, channel: 'email', count: 3 },
      { to: companyEmails[1] as string, channel: 'email', count: 2 },
      { to: giftEmail, channel: 'email', count: 1 },
    ],
  };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  createOperator(OPERATOR);
  const [en, po] = await Promise.all([verifiedUser(request, 'en'), verifiedUser(request, 'po')]);
  const [madeEn, madePo] = await Promise.all([
    makeMessages(request, 'en', en, po.user),
    makeMessages(request, 'po', po, en.user),
  ]);
  // Each user also got the other brand's gift.
  madeEn.expected[0]!.count += 1;
  madePo.expected[0]!.count += 1;
  made = { en: madeEn, po: madePo };
});

/** Every link to the app in a mail: the HTML's hrefs and the text part's addresses. */
function linksIn(row: OutboxRow, origin: string): string[] {
  const found = new Set<string>();
  for (const [, href] of (row.html ?? '').matchAll(/href="([^"]+)"/g)) {
    found.add((href as string).replace(/&amp;/g, '&'));
  }
  for (const [link] of row.text.matchAll(/https?:\/\/[^\s)\]>]+/g)) found.add(link);
  return [...found].filter((link) => link.startsWith(origin));
}

/** Opens `link` in a fresh browser and checks the page: not a 404 or error, in `locale`. */
async function follow(browser: Browser, link: string, locale: 'en' | 'pl') {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response?.status(), link).toBeLessThan(400);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main, [role="main"]').first(), link).toBeVisible();
    for (const bad of BAD_PAGES) await expect(page.getByText(bad), link).toHaveCount(0);
    await expect(page.locator('html'), `${link} in ${locale}`).toHaveAttribute('lang', locale);
  } finally {
    await context.close();
  }
}

for (const language of LANGUAGES) {
  test(`every message in ${language === 'en' ? 'English' : 'Polish'} is in its language and every link opens a page in it`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const locale = LOCALE[language];
    const run = made[language];
    const links = new Set<string>();
    for (const { to, channel, count } of run.expected) {
      let rows: OutboxRow[] = [];
      await expect(async () => {
        rows = await messagesTo(request, to, channel);
        expect(rows.length, `${channel} to ${to}`).toBe(count);
      }).toPass({ timeout: 30_000 });
      for (const row of rows) {
        if (channel === 'sms') {
          expect(row.text).toMatch(locale === 'pl' ? /^Twój kod/ : /^Your BRND/);
          continue;
        }
        expect(row.html, row.subject).toContain(`lang="${locale}"`);
        const found = linksIn(row, baseURL as string);
        expect(found.length, `links in “${row.subject}”`).toBeGreaterThan(0);
        for (const link of found) links.add(link);
      }
    }
    // A few browsers at a time: each link in a context of its own.
    const queue = [...links];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let link = queue.shift(); link; link = queue.shift()) {
          await follow(browser, link, locale);
        }
      }),
    );
  });
}

test('tokens given to an address without an account wait for whoever verifies it', async ({
  page,
}) => {
  const { giftEmail, ticker } = made.en;
  const [link] = await waitFor(page.request, giftEmail, /https?:\/\/\S+\/register\?\S+/);
  const person = { ...newUser('claim'), email: giftEmail };

  // The mail's link opens the sign-up with the address filled in.
  await page.goto(link);
  await expect(page.getByLabel('E-mail address')).toHaveValue(giftEmail);
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Mobile number').fill(person.nationalMobile);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/confirmemail$/);

  // Verifying the address (and then the phone) finishes the account.
  const [verify] = await waitFor(page.request, giftEmail, /\/verify\/[A-Za-z0-9_-]+/);
  await page.goto(verify);
  await expect(page).toHaveURL(/\/editPhone\?/);
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/phoneverify\?/);
  const [code] = await waitFor(page.request, person.mobile, /(?<!\d)\d{4}(?!\d)/, 'sms');
  await page.getByLabel('Digit 1 of 4').pressSequentially(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Registration complete' })).toBeVisible();

  // Signed in, the tokens are waiting in My tokens.
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(giftEmail);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/tokens');
  const holding = page.getByRole('region', { name: new RegExp(`\\(${ticker}\\)`) });
  await expect(holding.getByRole('definition').first()).toHaveText(`25 ${ticker}`);
});
