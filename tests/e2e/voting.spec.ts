import { expect, test } from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';

/** The brand contest on the real stack: search, vote until the limit, add and refer brands. */

/** The smallest valid PNG (1×1, transparent): the server checks the logo's bytes, not its name. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a voter searches, tags a search, votes until the limit and sees the limit tooltip', async ({
  page,
}) => {
  await signInVerifiedUser(page, 'voter');
  await page.goto('/voting#start-voting');

  // Suggestions as the user types; Enter keeps the search as a tag with its results.
  const search = page.getByRole('combobox', { name: 'Search brands' });
  await search.fill('ledg');
  await expect(page.getByRole('option', { name: 'Ledgerly' })).toBeVisible();
  await search.press('Enter');
  const results = page.getByRole('list', { name: 'Search results: ledg' });
  await expect(results.getByRole('article', { name: 'Ledgerly' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove the search ledg' }).click();
  await expect(results).toHaveCount(0);

  // Ten votes are accepted, each marking its brand voted.
  const cards = page.getByRole('list', { name: /^Most votes/ }).getByRole('article');
  await expect(cards).toHaveCount(12);
  const names = await cards.evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('aria-label') ?? ''),
  );
  for (const name of names.slice(0, 10)) {
    const card = page.getByRole('article', { name, exact: true });
    await card.getByRole('button', { name: `Vote for ${name}` }).click();
    await expect(card.getByText('voted', { exact: true })).toBeVisible();
  }

  // The tenth vote's answer says the window is used up: every other button explains the wait
  // at once (a 429 from votes in another tab is the VotingScreen story LimitReached).
  const eleventh = names[10] ?? '';
  const card = page.getByRole('article', { name: eleventh, exact: true });
  const limited = card.getByRole('button', { name: `Vote for ${eleventh}` });
  await expect(limited).toHaveAttribute('aria-disabled', 'true');
  await page.mouse.move(0, 0);
  await limited.hover();
  await expect(card.getByRole('tooltip')).toHaveText(
    /^You've reached the daily limit of votes\. Come back in \d+\shours?\.$/,
  );

  // The server agrees after a reload: ten brands voted, the rest out of votes.
  await page.reload();
  await expect(page.getByText('voted', { exact: true })).toHaveCount(10);
});

test('a user adds a brand with a logo and finds it in My brands', async ({ page }) => {
  await signInVerifiedUser(page, 'brandowner');
  const stamp = Date.now().toString(36);
  await page.getByRole('link', { name: 'My brands' }).click();
  await expect(page).toHaveURL(/\/user\/mybrands\/lists$/);
  await page.getByRole('link', { name: 'Add a brand' }).click();
  await expect(page).toHaveURL(/\/user\/mybrands\/addbrand$/);

  await page.getByLabel('Brand name').fill(`Kawa Ziarno ${stamp}`);
  await page.getByLabel('Website').fill(`www.kawa-${stamp}.pl`);
  await page.getByLabel('Description').fill('Speciality coffee roasted in Kraków.');
  await page.getByLabel('Industry').selectOption('e-commerce');
  await page.getByLabel('Token ticker').fill('KAWA');
  await page.getByLabel('Number of employees').fill('12');
  await page
    .getByLabel(/Choose a file/)
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByLabel('Street and number').fill('ul. Floriańska 3');
  await page.getByLabel('Postal code').fill('31-019');
  await page.getByLabel('City').fill('Kraków');
  await page.getByLabel('State or province').fill('małopolskie');
  await page.getByLabel('Country').selectOption('PL');
  await page.getByRole('checkbox', { name: /operating address is the same/ }).check();
  await page.getByRole('button', { name: 'Add brand' }).click();

  await expect(page).toHaveURL(/\/user\/mybrands\/lists$/);
  await expect(page.getByText(`Kawa Ziarno ${stamp} was added.`, { exact: false })).toBeVisible();
  const link = page.getByRole('link', { name: `Kawa Ziarno ${stamp}`, exact: true });
  await expect(link).toBeVisible();

  // Its page shows the stored logo and the website without www.
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Kawa Ziarno ${stamp}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `kawa-${stamp}.pl` })).toBeVisible();
  const logo = page.locator('article img').first();
  await expect(logo).toHaveJSProperty('complete', true);
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
});

test('a user refers a brand by its website and it leads the newly added list', async ({ page }) => {
  await signInVerifiedUser(page, 'referrer');
  const stamp = Date.now().toString(36);
  const domain = `brnd-${stamp}.test`;
  await page.goto('/voting');
  await page.getByRole('button', { name: 'Refer a new brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refer a new brand' });
  const add = dialog.getByRole('button', { name: 'Add brand' });

  // Not a website: refused a second after typing stops.
  await dialog.getByLabel('Brand website').fill('not a link');
  await expect(dialog.getByText('Something wrong, Please add a valid link!')).toBeVisible();
  await expect(add).toBeDisabled();

  // A site that cannot be reached is named after its domain.
  await dialog.getByLabel('Brand website').fill(domain);
  await expect(dialog.getByText(/^Found: /)).toBeVisible({ timeout: 15_000 });
  await expect(add).toBeEnabled();
  await add.click();

  const success = page.getByRole('dialog', { name: 'Brand added' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Great' }).click();
  await expect(page.getByRole('tab', { name: 'Newly added' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const first = page
    .getByRole('list', { name: /^Newly added/ })
    .getByRole('article')
    .first();
  await expect(first.getByText(domain)).toBeVisible();
});
