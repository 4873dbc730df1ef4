import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';

/**
 * Every route of the app, as a person sees it: on a phone (375 px) and a desktop (1280 px), in
 * English and Polish, visitor, signed-in user, brand owner and operator. A page fails when it
 * scrolls sideways, puts content outside the screen, leaves more than a screen of blank scroll
 * below its end, has an axe violation, or logs a console error (issue #23).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
// Evaluated through the DevTools protocol, which the app's Content-Security-Policy doesn't cover.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const OPERATOR = { email: 'layout-operator@brnd.example', password: 'L4yout!ops' };

/** The smallest valid PNG (1×1, transparent): the server checks the logo's bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Who = 'visitor' | 'user' | 'operator';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface World {
  states: Record<Exclude<Who, 'visitor'>, StorageState>;
  brandId: number;
  orderUuid: string;
}

interface RouteCase {
  path: (world: World) => string;
  who: Who;
  /**
   * The page is about a link that no longer works (a spent code): the API's 4xx answer is the
   * point, and Chromium logs every failed request as a console error.
   */
  expectsFailedRequest?: boolean;
}

const at = (path: string) => () => path;

/** Every route in app/src/routes, with the data its parameters need. */
const ROUTES: Record<string, RouteCase> = {
  '/': { path: at('/'), who: 'visitor' },
  '/company': { path: at('/company'), who: 'visitor' },
  '/contact': { path: at('/contact'), who: 'visitor' },
  '/contactsuccess': { path: at('/contactsuccess'), who: 'visitor' },
  '/blog': { path: at('/blog'), who: 'visitor' },
  '/faq': { path: at('/faq'), who: 'visitor' },
  '/terms-of-service': { path: at('/terms-of-service'), who: 'visitor' },
  '/privacypolicy': { path: at('/privacypolicy'), who: 'visitor' },
  '/pricing': { path: at('/pricing'), who: 'visitor' },
  '/ico': { path: at('/ico'), who: 'visitor' },
  '/burns': { path: at('/burns'), who: 'visitor' },
  '/voting': { path: at('/voting'), who: 'visitor' },
  '/voting (signed in)': { path: at('/voting'), who: 'user' },
  '/brand/$brandId': { path: (world) => `/brand/${world.brandId}`, who: 'visitor' },
  '/newbrandaccount': { path: at('/newbrandaccount'), who: 'visitor' },
  '/buysuccess': { path: at('/buysuccess'), who: 'user' },
  '/500': { path: at('/500'), who: 'visitor' },
  '/404': { path: at('/no-such-page'), who: 'visitor' },
  '/login': { path: at('/login'), who: 'visitor' },
  '/register': { path: at('/register'), who: 'visitor' },
  '/confirmemail': { path: at('/confirmemail'), who: 'visitor' },
  '/verify': { path: at('/verify'), who: 'visitor' },
  '/verify/$code': { path: at('/verify/spent-code'), who: 'visitor', expectsFailedRequest: true },
  '/confirmPhone': {
    path: at('/confirmPhone?code=spent-code'),
    who: 'visitor',
    expectsFailedRequest: true,
  },
  '/editPhone': {
    path: at('/editPhone?edit=1&code=spent-code'),
    who: 'visitor',
    expectsFailedRequest: true,
  },
  '/phoneverify': { path: at('/phoneverify?code=spent-code'), who: 'visitor' },
  '/forgotpassword': { path: at('/forgotpassword'), who: 'visitor' },
  '/resetpassword/$code': {
    path: at('/resetpassword/spent-code'),
    who: 'visitor',
    expectsFailedRequest: true,
  },
  '/success': { path: at('/success?indivi_code=DEMOBRND'), who: 'visitor' },
  '/user/dashboard': { path: at('/user/dashboard'), who: 'user' },
  '/user/wallet': { path: at('/user/wallet'), who: 'user' },
  '/user/referrals': { path: at('/user/referrals'), who: 'user' },
  '/user/transactions': { path: at('/user/transactions'), who: 'user' },
  '/user/buytoken': { path: at('/user/buytoken'), who: 'user' },
  '/user/buytoken/$uuid': { path: (world) => `/user/buytoken/${world.orderUuid}`, who: 'user' },
  '/user/profile/person': { path: at('/user/profile/person'), who: 'user' },
  '/user/mybrands/lists': { path: at('/user/mybrands/lists'), who: 'user' },
  '/user/mybrands/addbrand': { path: at('/user/mybrands/addbrand'), who: 'user' },
  '/user/tokens': { path: at('/user/tokens'), who: 'user' },
  '/user/brands/$brandId': { path: (world) => `/user/brands/${world.brandId}`, who: 'user' },
  '/user/brands/$brandId/give': {
    path: (world) => `/user/brands/${world.brandId}/give`,
    who: 'user',
  },
  '/user/brands/$brandId/offers': {
    path: (world) => `/user/brands/${world.brandId}/offers`,
    who: 'user',
  },
  '/user/brands/$brandId/staking': {
    path: (world) => `/user/brands/${world.brandId}/staking`,
    who: 'user',
  },
  '/admin/verification': { path: at('/admin/verification'), who: 'operator' },
  '/admin/contest': { path: at('/admin/contest'), who: 'operator' },
  '/admin/buybacks': { path: at('/admin/buybacks'), who: 'operator' },
  '/admin/audit-log': { path: at('/admin/audit-log'), who: 'operator' },
  '/admin/orders': { path: at('/admin/orders'), who: 'operator' },
  '/admin/orders/$id': { path: (world) => `/admin/orders/${world.orderUuid}`, who: 'operator' },
  '/admin/payouts': { path: at('/admin/payouts'), who: 'operator' },
  '/admin/sale': { path: at('/admin/sale'), who: 'operator' },
};

const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
const LANGUAGES = ['en', 'pl'] as const;

function createOperator() {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bff/src/cli/admin-create.ts',
      '--email',
      OPERATOR.email,
      '--password',
      OPERATOR.password,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' },
  );
}

async function bearer(page: Page) {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'token');
  if (!cookie) throw new Error('No session cookie');
  return { authorization: `Bearer ${decodeURIComponent(cookie.value)}` };
}

/**
 * The data every route needs, made once per run: a user with a verified brand, a second brand
 * still waiting, votes (the dashboard's favourites) and a BTC order; an operator.
 */
async function buildWorld(browser: Browser): Promise<World> {
  createOperator();
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signInVerifiedUser(user, 'layout');
  const auth = await bearer(user);

  const brandIds: number[] = [];
  for (const name of ['Kawiarnia Pod Złotym Kłosem Rzemieślnicza', 'Warsztat Rowerowy']) {
    const created = await user.request.post('/api/brands/create', {
      headers: auth,
      multipart: {
        name,
        website: `www.layout-${brandIds.length}-${Date.now().toString(36)}.pl`,
        description: 'Coffee roasted on the spot and bread baked before dawn.',
        industry: 'e-commerce',
        token_ticker: 'KLOS',
        no_of_employees: '12',
        address1: 'ul. Długa 1',
        city: 'Gdańsk',
        state: 'pomorskie',
        postal_code: '80-827',
        country: 'PL',
        operating_address: 'ul. Długa 1',
        image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 },
      },
    });
    expect(created.ok(), `brand create answered ${created.status()}`).toBe(true);
    brandIds.push((await created.json()).details.id as number);
  }

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await operator.goto('/login');
  await operator.getByLabel('E-mail address').fill(OPERATOR.email);
  await operator.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await operator.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(operator).toHaveURL(/\/user\/dashboard|\/admin/);
  const approved = await operator.request.post(
    `/api/admin/verification/brand/${brandIds[0]}/decision`,
    { headers: await bearer(operator), form: { decision: 'approve' } },
  );
  expect(approved.ok(), `approval answered ${approved.status()}`).toBe(true);

  // Five favourites for the dashboard, from the seeded contest.
  const listed = await user.request.get('/api/brands/toprated');
  const top = (await listed.json()).brands.rows as { id: number }[];
  for (const brand of top.slice(0, 5)) {
    const vote = await user.request.post('/api/brands/vote', {
      headers: auth,
      form: { brand_id: String(brand.id) },
    });
    expect(vote.ok(), `vote answered ${vote.status()}`).toBe(true);
  }

  const ordered = await user.request.post('/api/orders/buytokens', {
    headers: auth,
    form: { amount: '100', selected_payMethod: 'BTC' },
  });
  expect(ordered.ok(), `order answered ${ordered.status()}`).toBe(true);
  const orderUuid = (await ordered.json()).response.uuid as string;

  const world: World = {
    states: {
      user: await userContext.storageState(),
      operator: await operatorContext.storageState(),
    },
    brandId: brandIds[0]!,
    orderUuid,
  };
  await userContext.close();
  await operatorContext.close();
  return world;
}

const test = base.extend<object, { world: World }>({
  world: [async ({ browser }, use) => use(await buildWorld(browser)), { scope: 'worker' }],
});

interface Measures {
  viewportWidth: number;
  viewportHeight: number;
  scrollWidth: number;
  /** Visible elements reaching past the screen's edges, described for the failure message. */
  outside: string[];
  /** Scrollable height past the end of the page's last landmark (footer, else main). */
  blankBelow: number;
}

/** Read in the page: everything a person would see as a broken layout. */
function measure(): Measures {
  const viewportWidth = document.documentElement.clientWidth;
  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
    const classes = typeof element.className === 'string' ? element.className : '';
    return `<${element.tagName.toLowerCase()} class="${classes}"> "${label.trim().slice(0, 40)}"`;
  };
  const hidden = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') {
        return true;
      }
      // Visually hidden text (clip-path/clip): meant for screen readers only.
      if (style.clipPath.startsWith('inset(50%') || style.clip === 'rect(0px, 0px, 0px, 0px)') {
        return true;
      }
    }
    return false;
  };
  // An element inside a box that scrolls or clips sideways can reach past the screen on purpose
  // (a table that scrolls); the box itself is then what must fit.
  const clippedByAncestor = (element: Element) => {
    for (
      let node = element.parentElement;
      node && node !== document.body;
      node = node.parentElement
    ) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX !== 'visible') return true;
    }
    return false;
  };
  const outside: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right <= viewportWidth + 1 && rect.left >= -1) continue;
    if (hidden(element) || clippedByAncestor(element)) continue;
    outside.push(`${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)}`);
    if (outside.length >= 5) break;
  }
  const end =
    document.querySelector('footer') ??
    document.querySelector('[role="contentinfo"]') ??
    document.querySelector('main');
  const endBottom = end ? end.getBoundingClientRect().bottom + window.scrollY : 0;
  return {
    viewportWidth,
    viewportHeight: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    outside,
    blankBelow: Math.round(document.documentElement.scrollHeight - endBottom),
  };
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations.map(
    (violation) => `${violation.id} (${violation.help}): ${violation.targets.join(', ')}`,
  );
}

/**
 * The page has settled: its screen arrived (screens load lazily; every page has a level-one
 * heading, which axe checks anyway), data loaded (no spinner or busy region left), fonts in.
 */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await expect(page.locator('[aria-busy="true"], [role="status"]:has(> svg)')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        document.fonts.ready.then(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

interface Findings {
  measures: Measures;
  violations: string[];
  errors: string[];
  screenshot?: Buffer;
}

/** One route in one size and language, in a browser context of its own. */
async function visit(
  browser: Browser,
  baseURL: string,
  world: World,
  routeCase: RouteCase,
  viewport: { width: number; height: number },
  language: (typeof LANGUAGES)[number],
): Promise<Findings> {
  const context = await browser.newContext({
    viewport,
    storageState: routeCase.who === 'visitor' ? undefined : world.states[routeCase.who],
  });
  try {
    await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const failedRequest = message.text().startsWith('Failed to load resource');
      if (failedRequest && routeCase.expectsFailedRequest) return;
      errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(routeCase.path(world));
    await settled(page);
    const measures = await page.evaluate(measure);
    const violations = await axeViolations(page);
    const broken =
      measures.scrollWidth > measures.viewportWidth ||
      measures.outside.length > 0 ||
      measures.blankBelow > measures.viewportHeight ||
      violations.length > 0 ||
      errors.length > 0;
    // What a designer looks at when the test fails; not taken when nothing is wrong.
    const screenshot = broken ? await page.screenshot({ fullPage: true }) : undefined;
    return { measures, violations, errors, screenshot };
  } finally {
    await context.close();
  }
}

// No trace: each test opens four contexts of its own, and the findings say what is wrong.
test.use({ trace: 'off' });

for (const [route, routeCase] of Object.entries(ROUTES)) {
  test(`${route} fits a phone and a desktop in English and Polish, passes axe, logs no error`, async ({
    browser,
    world,
    baseURL,
  }, testInfo) => {
    // The four visits run side by side: axe and layout are CPU work spread over the renderers.
    const combos = Object.entries(VIEWPORTS).flatMap(([size, viewport]) =>
      LANGUAGES.map((language) => ({
        label: `${size} ${viewport.width}px ${language}`,
        viewport,
        language,
      })),
    );
    const results = await Promise.all(
      combos.map((combo) =>
        visit(browser, baseURL!, world, routeCase, combo.viewport, combo.language),
      ),
    );
    for (const [index, { measures, violations, errors, screenshot }] of results.entries()) {
      const label = combos[index]!.label;
      const failures = testInfo.errors.length;
      expect
        .soft(measures.scrollWidth, `${label}: scrolls sideways`)
        .toBeLessThanOrEqual(measures.viewportWidth);
      expect.soft(measures.outside, `${label}: content outside the screen`).toEqual([]);
      expect
        .soft(measures.blankBelow, `${label}: blank scroll below the end of the page`)
        .toBeLessThanOrEqual(measures.viewportHeight);
      expect.soft(violations, `${label}: axe violations`).toEqual([]);
      expect.soft(errors, `${label}: console errors`).toEqual([]);
      if (screenshot && testInfo.errors.length > failures) {
        await testInfo.attach(label, { body: screenshot, contentType: 'image/png' });
      }
    }
  });
}
