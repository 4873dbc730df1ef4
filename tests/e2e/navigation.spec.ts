import { expect, test, type Page } from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';

/**
 * No request waterfall between the main pages (issue #21, decision 054): a route's loader asks
 * for the page's data together with its code, so the data request goes out before the page's
 * code chunk has even arrived, never after the page rendered and asked for it itself.
 *
 * The log keeps the order in which the browser sent and finished requests (one event list, so
 * the check reads order, not timings a loaded machine would blur).
 */

type Event = { kind: 'sent' | 'finished'; url: string };

function recordRequests(page: Page): Event[] {
  const events: Event[] = [];
  page.on('request', (request) => events.push({ kind: 'sent', url: request.url() }));
  page.on('requestfinished', (request) => events.push({ kind: 'finished', url: request.url() }));
  return events;
}

const isChunk = (screen: string) => (url: string) =>
  new RegExp(`/assets/${screen}-[\\w-]+\\.js$`).test(url);
const isApi = (path: string) => (url: string) => new URL(url).pathname.startsWith(path);

/**
 * Runs `navigate`, waits for the page, then checks that each of `data` was sent before the
 * screen's code chunk finished loading (the page cannot render before that).
 */
async function expectDataWithCode(
  events: Event[],
  navigate: () => Promise<void>,
  { screen, data }: { screen: string; data: string[] },
) {
  events.length = 0;
  await navigate();
  const chunkFinished = () =>
    events.findIndex((event) => event.kind === 'finished' && isChunk(screen)(event.url));
  // The URL changes, and a layout's heading may already show, while the route's loader is still
  // fetching: wait for the screen's chunk itself rather than for something on the page.
  await expect
    .poll(chunkFinished, { message: `${screen}'s code chunk was loaded` })
    .toBeGreaterThanOrEqual(0);
  const chunkDone = chunkFinished();
  for (const path of data) {
    const sent = events.findIndex((event) => event.kind === 'sent' && isApi(path)(event.url));
    expect(sent, `${path} was requested`).toBeGreaterThanOrEqual(0);
    expect(sent, `${path} was requested before ${screen}'s code arrived`).toBeLessThan(chunkDone);
  }
}

test("the main pages' data is requested with their code, not after they render", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const events = recordRequests(page);
  const nav = page.getByRole('navigation').first();

  await expectDataWithCode(
    events,
    async () => {
      await nav.getByRole('link', { name: 'Voting', exact: true }).click();
      await expect(
        page
          .getByRole('list', { name: /^Most votes/ })
          .getByRole('article')
          .first(),
      ).toBeVisible();
    },
    { screen: 'VotingScreen', data: ['/api/brands/toprated', '/api/brands/winners'] },
  );

  // A brand's profile, from its card on the voting page.
  const card = page
    .getByRole('list', { name: /^Most votes/ })
    .getByRole('article')
    .first();
  const name = (await card.getAttribute('aria-label')) ?? '';
  await expectDataWithCode(
    events,
    async () => {
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/brand\/\d+$/);
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    },
    { screen: 'BrandDetailScreen', data: ['/api/brands/details/'] },
  );

  await expectDataWithCode(
    events,
    async () => {
      await nav.getByRole('link', { name: 'ICO', exact: true }).click();
      await expect(page).toHaveURL(/\/ico$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    { screen: 'IcoScreen', data: ['/api/sale'] },
  );
});

test("the signed-in dashboard's and wallet's data is requested with their code", async ({
  page,
}) => {
  const events = recordRequests(page);
  // Signing in ends on the dashboard, reached in-app from the login page.
  await expectDataWithCode(
    events,
    async () => {
      await signInVerifiedUser(page, 'navigator');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    {
      screen: 'DashboardHomeScreen',
      data: ['/api/user/wallet', '/api/sale', '/api/brands/myfav'],
    },
  );

  await expectDataWithCode(
    events,
    async () => {
      await page.getByRole('link', { name: 'Wallet', exact: true }).click();
      await expect(page).toHaveURL(/\/user\/wallet$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    { screen: 'WalletScreen', data: ['/api/user/payouts'] },
  );
});
