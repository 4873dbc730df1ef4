import { expect, test, type Page } from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';

/**
 * No page jumps while it loads (issue #21, decision 060): the main pages' layout shifts, as the
 * browser reports them (`layout-shift` entries, those right after input left out, as CLS does),
 * add up to at most 0.1, Lighthouse's "good" CLS. On a phone-sized screen, the size Lighthouse's
 * mobile run uses, with the API answering late: what arrives after the first paint must land in
 * space the page held for it.
 */

const MAX_SHIFT = 0.1;
/** A slow phone network's answer time: the data arrives well after the page first paints. */
const API_DELAY_MS = 400;
const PUBLIC_PAGES = ['/', '/pricing', '/blog', '/ico', '/voting'];
/** The main signed-in pages: the dashboard, my tokens and buying the token. */
const SIGNED_IN_PAGES = ['/user/dashboard', '/user/tokens', '/user/buytoken'];

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Records every layout shift from the page's first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          // What moved, so a failure names it.
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            if (!(node instanceof Element)) return node?.nodeName ?? '?';
            return `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const pending = new Set<string>();
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    // An event stream stays open for as long as the page: it is not data the page waits for.
    const held = (await request.allHeaders()).accept === 'text/event-stream';
    if (!held) pending.add(request.url());
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.fallback();
    pending.delete(request.url());
  });
  return pending;
}

async function shiftsAfterLoad(page: Page, pending: Set<string>, path: string) {
  await page.goto(path);
  // The page's data has come (and nothing new was asked for a moment), then its frames render.
  await expect
    .poll(async () => {
      const idle = pending.size === 0;
      await page.waitForTimeout(API_DELAY_MS);
      return idle && pending.size === 0;
    })
    .toBe(true);
  await page.waitForTimeout(300);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  return { total, shifts };
}

for (const path of PUBLIC_PAGES) {
  test(`${path} does not jump while it loads`, async ({ page }) => {
    const pending = await recordShifts(page);
    const { total, shifts } = await shiftsAfterLoad(page, pending, path);
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_SHIFT);
  });
}

test.describe('signed in', () => {
  for (const path of SIGNED_IN_PAGES) {
    test(`${path} does not jump while it loads`, async ({ page }) => {
      await signInVerifiedUser(page, 'steady');
      // Recorded from a fresh load of the page, as a signed-in visitor opening it would see it.
      const pending = await recordShifts(page);
      const { total, shifts } = await shiftsAfterLoad(page, pending, path);
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_SHIFT);
    });
  }
});
