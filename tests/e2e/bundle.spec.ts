import { expect, test } from '@playwright/test';

test('visitors get the production app without the mock API', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const source = await (await request.get(url)).text();
    expect(source, url).not.toMatch(/mockServiceWorker|setupWorker|\[MSW\]/);
  }
  const worker = await page.evaluate(() => navigator.serviceWorker?.controller ?? null);
  expect(worker).toBeNull();
});
