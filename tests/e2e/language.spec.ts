import { expect, test } from '@playwright/test';

test('visitor who picks Polish keeps it: page text, tab title and <html lang>, also after a reload', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const englishTitle = await page.title();

  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  await expect(page.getByLabel('Adres e-mail')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page).not.toHaveTitle(englishTitle);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
});
