import { expect, test, type Page } from '@playwright/test';
import { messages } from '@brnd/locales/messages';

/**
 * Every public page in both languages on the real stack: no console errors, and after choosing
 * Polish in the flag dropdown no English interface text is left on the page.
 */

const ROUTES = [
  '/',
  '/pricing',
  '/company',
  '/contact',
  '/faq',
  '/terms-of-service',
  '/privacypolicy',
  '/blog',
  '/contactsuccess',
  '/500',
  '/no-such-page',
];

const polishValues = new Set(Object.values(messages.pl));
/**
 * English interface text a Polish page must not show: values that are not also Polish ones
 * ('BRND', 'Blog', 'FAQ') and carry no ICU placeholders (their filled-in form differs).
 */
const englishOnly = [...new Set(Object.values(messages.en))].filter(
  (value) => !polishValues.has(value) && !value.includes('{') && value.trim().length > 1,
);

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  return errors;
}

async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Spinners say 'Loading…': wait until every one of them is gone.
  await expect(page.getByRole('status')).toHaveCount(0);
}

for (const route of ROUTES) {
  test(`visitor can read ${route} in English and then in Polish`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await settle(page);

    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Polski' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await settle(page);

    const lines = await visibleLines(page);
    const text = lines.join('\n');
    const leftovers = englishOnly.filter(
      (value) => lines.includes(value) || (value.length >= 12 && text.includes(value)),
    );
    expect(leftovers, `English text left on the Polish ${route}`).toEqual([]);
    expect(errors).toEqual([]);
  });
}
