import { expect, test, type Page } from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';

/**
 * The web session is an HttpOnly cookie the bff sets (decision 029): page scripts never see the
 * token, and another site's page cannot act with it.
 */

/**
 * Another site's page, from which the attack runs: 127.0.0.1 is a different site from localhost
 * (and, being local too, Chromium's private-network rules let it call localhost at all).
 * Playwright answers for it, so the page is the attacker's HTML, not the app.
 */
async function openAttackerPage(page: Page, html: string) {
  const evil = new URL('/prize', test.info().project.use.baseURL).href.replace(
    'localhost',
    '127.0.0.1',
  );
  await page.route(evil, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body>${html}</body></html>`,
    }),
  );
  await page.goto(evil);
}

async function profileName(page: Page): Promise<string> {
  await page.goto('/user/profile/person');
  return page.getByLabel('Full name').inputValue();
}

test('the session token is an HttpOnly, SameSite=Strict cookie no page script can read', async ({
  page,
  context,
}) => {
  await signInVerifiedUser(page, 'cookie');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token');
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(token?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => document.cookie)).not.toContain('token=');
  // Signed-in pages load with the cookie alone.
  await page.goto('/user/profile/person');
  await expect(page.getByLabel('Full name')).not.toHaveValue('');
});

test('a cross-site form post and a cross-origin fetch are refused and change nothing', async ({
  page,
  baseURL,
}) => {
  const user = await signInVerifiedUser(page, 'csrf');
  const target = `${baseURL}/api/user/updateprofile`;

  await openAttackerPage(
    page,
    `<form method="post" action="${target}">
       <input name="name" value="Hacked by form"><input name="address" value="Nowhere">
       <button>Win a prize</button>
     </form>`,
  );
  const formAnswer = page.waitForResponse(target);
  await page.getByRole('button', { name: 'Win a prize' }).click();
  expect([401, 403]).toContain((await formAnswer).status());

  await openAttackerPage(page, '<p>Nothing to see</p>');
  const fetched = page.waitForEvent('requestfinished', (request) => request.url() === target);
  const blocked = page.waitForEvent('requestfailed', (request) => request.url() === target);
  const outcome = page.evaluate(async (url) => {
    try {
      await fetch(url, {
        method: 'POST',
        credentials: 'include',
        body: new URLSearchParams({ name: 'Hacked by fetch', address: 'Nowhere' }),
      });
      return 'sent';
    } catch {
      return 'failed';
    }
  }, target);
  // Either the browser stops it on the way, or the bff refuses it: it never acts as the user.
  const request = await Promise.race([fetched, blocked]);
  const answer = await request.response();
  if (answer) expect([401, 403]).toContain(answer.status());
  expect(await outcome).toBe('failed');

  // The account is as it was, and the session still works on the site itself.
  expect(await profileName(page)).toBe(user.name);
});
