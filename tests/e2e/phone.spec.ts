import { expect, test } from '@playwright/test';
import { createUserAwaitingPhone } from './accounts.ts';

test('user on the phone steps is told when the number is empty and which code boxes are empty', async ({
  page,
  request,
}) => {
  const { user, code } = await createUserAwaitingPhone(request, 'phone-checks');

  await page.goto(`/editPhone?edit&code=${code}`);
  await expect(page.getByLabel('Mobile number')).toHaveValue(user.nationalMobile);
  await page.getByLabel('Mobile number').fill('');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page.getByText('Invalid phone number')).toBeVisible();
  await expect(page).toHaveURL(/\/editPhone\?/);

  // The read-only page shows the stored number and offers no way to type another.
  await page.goto(`/confirmPhone?code=${code}`);
  await expect(page.getByLabel('Mobile number')).toHaveValue(user.nationalMobile);
  await expect(page.getByLabel('Mobile number')).not.toBeEditable();

  await page.goto(`/phoneverify?code=${code}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid', { exact: true })).toHaveCount(4);
  await page.getByLabel('Digit 1 of 4').fill('1');
  await page.getByLabel('Digit 2 of 4').fill('2');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid', { exact: true })).toHaveCount(2);
  await expect(page).toHaveURL(/\/phoneverify\?/);
});
