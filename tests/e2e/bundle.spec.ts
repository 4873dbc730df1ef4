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

test('the first page validates no API answers: the bff has checked them (decision 050)', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  for (const url of scripts) {
    const source = await (await request.get(url)).text();
    // The validator's own message, and valibot's name as its schemas declare it (valibot ships
    // with the forms, not with the first page).
    expect(source, url).not.toContain('Unexpected answer from');
    expect(source, url).not.toMatch(/vendor:\s*[`'"]valibot/);
  }
});
