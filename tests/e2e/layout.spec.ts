import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { createUserAwaitingPhone, createOperator } from './accounts.ts';
import { layoutProblems } from './layout-checks.ts';
import { resetLink, smsCode } from './outbox.ts';

/**
 * Every route of the app, as the people who use it see it, on a phone and a desktop, in English
 * and Polish (decision 037). A page fails on sideways scrolling, a visible element past the
 * screen's edge outside a scrolling box, more than a screen of blank scroll below the footer, an
 * axe violation, or a console error or uncaught exception.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
/** axe-core as Storybook's a11y addon brings it, so the pages meet the stories' rules. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');
const OPERATOR = { email: 'layout-e2e@brnd.example', password: 'L4yout!e2e' };
const PASSWORD = 'Layout123!x';
/**
 * A folder to keep every visit's full-page screenshot in, for a person to look at
 * (`LAYOUT_SHOTS=test-results/layout-shots`); unset, only failing visits are captured.
 */
const SHOTS = process.env.LAYOUT_SHOTS ? path.resolve(root, process.env.LAYOUT_SHOTS) : undefined;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** The smallest valid PNG (1×1, transparent): the server checks the logo's bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Role = 'visitor' | 'user' | 'operator';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What the routes' parameters come from: made once per worker. */
interface World {
  sessions: Record<Exclude<Role, 'visitor'>, StorageState>;
  /** A brand of the contest (seeded). */
  contestBrandId: number;
  verifiedBrandId: number;
  pendingBrandId: number;
  orderUuid: string;
  referralCode: string;
  /** The e-mail code of an account still at the phone steps. */
  phoneStepCode: string;
  /** Codes already used: their pages say so. */
  spentVerifyCode: string;
  spentResetCode: string;
}

interface Route {
  /** The route as app/src/routes declares it, `$param`s and all. */
  route: string;
  as: Role;
  /** The address to open, when the route has parameters or a query. */
  open?: (world: World) => string;
  /** A page about a spent link: the API's refusal of it is its point (decision 037). */
  spentLink?: boolean;
}

const ROUTES: Route[] = [
  // Public pages, as a visitor.
  { route: '/', as: 'visitor' },
  { route: '/voting', as: 'visitor' },
  { route: '/brand/$brandId', as: 'visitor', open: (w) => `/brand/${w.contestBrandId}` },
  { route: '/pricing', as: 'visitor' },
  { route: '/ico', as: 'visitor' },
  { route: '/burns', as: 'visitor' },
  { route: '/blog', as: 'visitor' },
  { route: '/faq', as: 'visitor' },
  { route: '/company', as: 'visitor' },
  { route: '/contact', as: 'visitor' },
  { route: '/contactsuccess', as: 'visitor' },
  { route: '/terms-of-service', as: 'visitor' },
  { route: '/privacypolicy', as: 'visitor' },
  { route: '/newbrandaccount', as: 'visitor' },
  { route: '/buysuccess', as: 'visitor', open: () => '/buysuccess?tokens=1000&status=paid' },
  { route: '/500', as: 'visitor' },
  { route: '/no-such-page', as: 'visitor' },
  // Accounts, as a visitor.
  { route: '/login', as: 'visitor' },
  { route: '/register', as: 'visitor' },
  { route: '/ref/$code', as: 'visitor', open: (w) => `/ref/${w.referralCode}` },
  { route: '/confirmemail', as: 'visitor' },
  { route: '/verify', as: 'visitor' },
  {
    route: '/verify/$code',
    as: 'visitor',
    open: (w) => `/verify/${w.spentVerifyCode}`,
    spentLink: true,
  },
  { route: '/confirmPhone', as: 'visitor', open: (w) => `/confirmPhone?code=${w.phoneStepCode}` },
  {
    route: '/editPhone',
    as: 'visitor',
    open: (w) => `/editPhone?edit&code=${w.phoneStepCode}`,
  },
  { route: '/phoneverify', as: 'visitor', open: (w) => `/phoneverify?code=${w.phoneStepCode}` },
  { route: '/forgotpassword', as: 'visitor' },
  {
    route: '/resetpassword/$code',
    as: 'visitor',
    open: (w) => `/resetpassword/${w.spentResetCode}`,
    spentLink: true,
  },
  { route: '/success', as: 'visitor' },
  // The user's area, signed in with a verified brand, a pending one, votes and an order.
  { route: '/user/dashboard', as: 'user' },
  { route: '/user/wallet', as: 'user' },
  { route: '/user/referrals', as: 'user' },
  { route: '/user/transactions', as: 'user' },
  { route: '/user/buytoken', as: 'user' },
  { route: '/user/buytoken/$uuid', as: 'user', open: (w) => `/user/buytoken/${w.orderUuid}` },
  {
    route: '/user/buytoken/$uuid/status',
    as: 'user',
    open: (w) => `/user/buytoken/${w.orderUuid}/status`,
  },
  { route: '/user/profile/person', as: 'user' },
  { route: '/user/mybrands/lists', as: 'user' },
  { route: '/user/mybrands/addbrand', as: 'user' },
  { route: '/user/tokens', as: 'user' },
  { route: '/user/brands/$brandId', as: 'user', open: (w) => `/user/brands/${w.verifiedBrandId}` },
  {
    route: '/user/brands/$brandId (pending)',
    as: 'user',
    open: (w) => `/user/brands/${w.pendingBrandId}`,
  },
  {
    route: '/user/brands/$brandId/$section',
    as: 'user',
    open: (w) => `/user/brands/${w.verifiedBrandId}/give`,
  },
  {
    route: '/user/brands/$brandId/offers',
    as: 'user',
    open: (w) => `/user/brands/${w.verifiedBrandId}/offers`,
  },
  {
    route: '/user/brands/$brandId/staking',
    as: 'user',
    open: (w) => `/user/brands/${w.verifiedBrandId}/staking`,
  },
  { route: '/voting', as: 'user' },
  { route: '/ico', as: 'user' },
  // The operators' console.
  { route: '/admin/verification', as: 'operator' },
  { route: '/admin/orders', as: 'operator' },
  { route: '/admin/orders/$id', as: 'operator', open: (w) => `/admin/orders/${w.orderUuid}` },
  { route: '/admin/notifications', as: 'operator' },
  { route: '/admin/payouts', as: 'operator' },
  { route: '/admin/sale', as: 'operator' },
  { route: '/admin/buybacks', as: 'operator' },
  { route: '/admin/audit-log', as: 'operator' },
  { route: '/admin/contest', as: 'operator' },
];

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'desktop', width: 1280, height: 720 },
] as const;
const LANGUAGES = [
  { name: 'en', cookie: 'en' },
  { name: 'pl', cookie: 'po' },
] as const;

async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'token');
  if (!cookie) throw new Error('No session cookie');
  return decodeURIComponent(cookie.value);
}

async function signIn(page: Page, email: string, password: string, lands: RegExp) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(lands);
}

/** Answers the JSON of a request that must succeed. */
async function ok<T = unknown>(
  response: Awaited<ReturnType<Page['request']['post']>>,
  what: string,
): Promise<T> {
  expect(response.ok(), `${what} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function makeWorld(browser: Browser): Promise<World> {
  const userContext = await browser.newContext();
  const request = userContext.request;

  // A user whose e-mail and reset links are spent, signed in on the verified account.
  const { user, code: spentVerifyCode } = await createUserAwaitingPhone(request, 'layout');
  await ok(
    await request.post('/api/user/confirm_mobile', {
      form: {
        verification_code: spentVerifyCode,
        mobile_verification_code: await smsCode(request, user.mobile),
      },
    }),
    'confirm_mobile',
  );
  await ok(
    await request.post('/api/user/forgotpassword', { form: { email: user.email } }),
    'forgot',
  );
  const spentResetCode = (await resetLink(request, user.email)).split('/').pop() ?? '';
  await ok(
    await request.post('/api/user/resetpassword', {
      form: { password: PASSWORD, code: spentResetCode },
    }),
    'reset',
  );
  const userPage = await userContext.newPage();
  await signIn(userPage, user.email, PASSWORD, /\/user\/dashboard$/);
  const asUser = { authorization: `Bearer ${await sessionToken(userContext)}` };

  // Two brands: one the operator verifies, one left waiting.
  const createBrand = async (name: string, ticker: string) => {
    const created = await ok<{ details: { id: number } }>(
      await request.post('/api/brands/create', {
        headers: asUser,
        multipart: {
          name,
          website: `www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pl`,
          description: 'Amber jewellery made by hand in Gdańsk since 1994.',
          industry: 'e-commerce',
          token_ticker: ticker,
          no_of_employees: '12',
          address1: 'ul. Mariacka 5',
          city: 'Gdańsk',
          state: 'pomorskie',
          postal_code: '80-833',
          country: 'PL',
          operating_address: 'ul. Mariacka 5',
          image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 },
        },
      }),
      'brand create',
    );
    return created.details.id;
  };
  const stamp = Date.now().toString(36);
  const verifiedBrandId = await createBrand(`Bursztyn Gdański ${stamp}`, 'BURS');
  const pendingBrandId = await createBrand(`Jantar Bałtycki ${stamp}`, 'JANT');

  // Votes for three contest brands and an ETH order waiting for payment.
  const contest = await ok<{ brands: { rows: { id: number }[] } }>(
    await request.get('/api/brands/toprated?limit=12'),
    'toprated',
  );
  const contestIds = contest.brands.rows.map((brand) => brand.id);
  for (const brandId of contestIds.slice(0, 3)) {
    await ok(
      await request.post('/api/brands/vote', {
        headers: asUser,
        form: { brand_id: String(brandId) },
      }),
      'vote',
    );
  }
  const order = await ok<{ response: { uuid: string } }>(
    await request.post('/api/orders/buytokens', {
      headers: { ...asUser, 'idempotency-key': `layout-${stamp}` },
      form: { amount: '250', selected_payMethod: 'ETH' },
    }),
    'order',
  );
  const referral = await ok<{ referral: { code: string } }>(
    await request.post('/api/referral/create', {
      headers: asUser,
      form: { description: 'Newsletter readers', target: 'register' },
    }),
    'referral',
  );

  // The operator, made by admin:create, approves the first brand.
  createOperator(OPERATOR);
  const operatorContext = await browser.newContext();
  await signIn(
    await operatorContext.newPage(),
    OPERATOR.email,
    OPERATOR.password,
    /\/(user|admin)\//,
  );
  await ok(
    await operatorContext.request.post(
      `/api/admin/verification/brand/${verifiedBrandId}/decision`,
      {
        headers: { authorization: `Bearer ${await sessionToken(operatorContext)}` },
        form: { decision: 'approve' },
      },
    ),
    'approval',
  );

  // An account that stopped at the phone steps.
  const { code: phoneStepCode } = await createUserAwaitingPhone(request, 'layoutphone');

  const world: World = {
    sessions: {
      user: await userContext.storageState(),
      operator: await operatorContext.storageState(),
    },
    contestBrandId: contestIds[0] as number,
    verifiedBrandId,
    pendingBrandId,
    orderUuid: order.response.uuid,
    referralCode: referral.referral.code,
    phoneStepCode,
    spentVerifyCode,
    spentResetCode,
  };
  await userContext.close();
  await operatorContext.close();
  return world;
}

const test = base.extend<object, { world: World }>({
  world: [
    async ({ browser }, use) => {
      await use(await makeWorld(browser));
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/**
 * Lazily loaded screens first show an empty shell: wait for the page's own content, until no
 * spinner (a status whose icon comes with its hidden label, unlike an alert's) is left.
 */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(
    page.locator('[role="status"]:has(> svg + .visually-hidden), [aria-busy="true"]'),
  ).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

async function visit(
  browser: Browser,
  world: World,
  route: Route,
  viewport: (typeof VIEWPORTS)[number],
  language: (typeof LANGUAGES)[number],
  testInfo: TestInfo,
): Promise<string[]> {
  const baseURL = testInfo.project.use.baseURL as string;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: viewport.width, height: viewport.height },
    storageState: route.as === 'visitor' ? undefined : world.sessions[route.as],
    isMobile: viewport.name === 'phone',
    hasTouch: viewport.name === 'phone',
  });
  await context.addCookies([{ name: 'lang', value: language.cookie, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (route.spentLink && text.startsWith('Failed to load resource')) return;
    errors.push(`console error: ${text}`);
  });
  const where = `${viewport.name} ${language.name}`;
  const problems: string[] = [];
  try {
    await page.goto(route.open ? route.open(world) : route.route);
    await settle(page);
    problems.push(...(await page.evaluate(layoutProblems)));
    // Evaluated as the debugger does, so the page's Content-Security-Policy stays as served.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (options: object) => Promise<{ violations: unknown }> } }
      ).axe;
      // Only the violations: the passes are most of axe's work and nobody reads them here.
      return (await axe.run({ resultTypes: ['violations'] })).violations as AxeViolation[];
    });
    for (const violation of violations) {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      problems.push(`axe ${violation.id}: ${violation.help} (${targets.join(', ')})`);
    }
  } catch (error) {
    problems.push(`did not settle: ${(error as Error).message.split('\n')[0]}`);
  }
  problems.push(...errors);
  if (SHOTS) {
    const name = `${route.route.replace(/[^a-z0-9$()]+/gi, '_')}-${viewport.name}-${language.name}.png`;
    await page.screenshot({ fullPage: true, path: path.join(SHOTS, name) }).catch(() => undefined);
  }
  if (problems.length > 0) {
    await testInfo.attach(`${route.route} ${where}.png`, {
      body: await page.screenshot({ fullPage: true }).catch(() => Buffer.from('')),
      contentType: 'image/png',
    });
  }
  await context.close();
  return problems.map((problem) => `[${where}] ${problem}`);
}

// Each route's visits attach a screenshot when they fail; a trace of four pages would only slow it.
test.use({ trace: 'off' });

test('the table names every route of app/src/routes', () => {
  const declared = new Set<string>();
  const folder = `${root}app/src/routes`;
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\./.test(file)) continue;
    for (const match of readFileSync(`${folder}/${file}`, 'utf8').matchAll(/\bpath: '([^']*)'/g)) {
      declared.add(match[1] as string);
    }
  }
  const covered = ROUTES.map((route) => route.route.replace(/ \(.*\)$/, ''));
  const missing = [...declared].filter(
    (path) =>
      path !== '/' &&
      !covered.some(
        (route) =>
          route === `/${path}` || route.endsWith(`/${path}`) || route.startsWith(`/${path}/`),
      ),
  );
  expect(missing).toEqual([]);
});

for (const route of ROUTES) {
  test(`${route.route} as a ${route.as}`, async ({ browser, world }, testInfo) => {
    const visits = VIEWPORTS.flatMap((viewport) =>
      LANGUAGES.map((language) => visit(browser, world, route, viewport, language, testInfo)),
    );
    const problems = (await Promise.all(visits)).flat();
    expect(problems).toEqual([]);
  });
}
