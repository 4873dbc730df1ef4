import { expect, test, type Page } from '@playwright/test';
import { createUserAwaitingPhone, newUser } from './accounts.ts';
import { smsCode, verificationLink } from './outbox.ts';
import { DEV_WALLETS, order, payEthOrder } from './sale.ts';

/** The referral programme on the real stack: a shared link, a referred registration, the reward. */

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** The row of the referrals table whose link ends in `code`, as cell texts. */
async function rowOf(page: Page, code: string) {
  const row = page.getByRole('row').filter({ hasText: `/ref/${code}` });
  // After a reload the table renders once its data arrives: wait for the row, then read it.
  await expect(row).toBeVisible();
  return row.getByRole('cell').allInnerTexts();
}

test('A copies a referral link, B opens it, registers, verifies and buys with ETH: A sees 1 click, 1 signup, 10 tokens, then 10 % of what B bought', async ({
  browser,
}) => {
  // A: a verified account, signed in on the referrals tab.
  const { user: a, code } = await createUserAwaitingPhone(
    (await browser.newContext()).request,
    'referrer',
  );
  const aContext = await browser.newContext();
  await aContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const aPage = await aContext.newPage();
  const sms = await smsCode(aPage.request, a.mobile);
  const verified = await aPage.request.post('/api/user/confirm_mobile', {
    form: { verification_code: code, mobile_verification_code: sms },
  });
  expect(verified.ok()).toBe(true);
  await logIn(aPage, a.email, a.password);
  await aPage.getByRole('link', { name: 'Referrals' }).click();
  await expect(aPage).toHaveURL(/\/user\/referrals$/);
  await expect(
    aPage.getByRole('heading', { name: 'Welcome to your referral programme!' }),
  ).toBeVisible();

  // A adds a link for a campaign and copies it.
  await aPage.getByRole('button', { name: 'Add a new link' }).click();
  const dialog = aPage.getByRole('dialog', { name: 'Add a new referral link' });
  await dialog.getByLabel('Link description').fill('Friends on Signal');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(aPage.getByText('Your new referral link is ready.')).toBeVisible();
  const row = aPage.getByRole('row').filter({ hasText: 'Friends on Signal' });
  const copy = row.getByRole('button', { name: /^Copy link / });
  const linkCode = ((await copy.textContent()) ?? '').replace('Copy link ', '').trim();
  expect(linkCode).toMatch(/^[A-Z2-9]{8}-[A-Z2-9]{5}$/);
  await copy.click();
  await expect(aPage.getByText('Successfully Copied!')).toBeVisible();
  const shared = await aPage.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(new RegExp(`/ref/${linkCode}$`));

  // B: opens the link in another browser, lands on sign-up, registers and verifies.
  const bContext = await browser.newContext();
  const bPage = await bContext.newPage();
  const b = newUser('referred');
  await bPage.goto(new URL(shared).pathname);
  await expect(bPage).toHaveURL(new RegExp(`/register\\?code=${linkCode}$`));
  await bPage.getByLabel('Full name').fill(b.name);
  await bPage.getByLabel('Mobile number').fill(b.nationalMobile);
  await bPage.getByLabel('E-mail address').fill(b.email);
  await bPage.getByLabel('Password', { exact: true }).fill(b.password);
  await bPage.getByRole('checkbox').check();
  await bPage.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(bPage).toHaveURL(/\/confirmemail$/);

  // Registered, not verified yet: the click counts, the sign-up does not.
  await aPage.reload();
  expect(await rowOf(aPage, linkCode)).toEqual([
    expect.stringContaining(linkCode),
    'Friends on Signal',
    '1',
    '0',
    '0',
    expect.any(String),
  ]);

  await bPage.goto(await verificationLink(bPage.request, b.email));
  await expect(bPage).toHaveURL(/\/editPhone\?/);
  await bPage.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(bPage).toHaveURL(/\/phoneverify\?/);
  await bPage.getByLabel('Digit 1 of 4').pressSequentially(await smsCode(bPage.request, b.mobile));
  await bPage.getByRole('button', { name: 'Verify' }).click();
  await expect(bPage).toHaveURL(/\/success\?indivi_code=/);

  await aPage.reload();
  expect(await rowOf(aPage, linkCode)).toEqual([
    expect.stringContaining(linkCode),
    'Friends on Signal',
    '1',
    '1',
    '10',
    expect.any(String),
  ]);

  // B buys with ETH on the dev chain: A earns 10 % of B's tokens, once the order is paid.
  await logIn(bPage, b.email, b.password);
  const bought = await order(bPage, 'Ether (ETH)', '100');
  await payEthOrder(bPage, DEV_WALLETS.referredBuyer);
  await aPage.reload();
  const [, , clicks, signups, tokens] = await rowOf(aPage, linkCode);
  expect([clicks, signups]).toEqual(['1', '1']);
  // The table shows whole tokens: 10 for the sign-up plus a tenth of B's, rounded for display.
  expect(Math.abs(Number(tokens?.replace(/[^0-9.]/g, '')) - (10 + bought / 10))).toBeLessThan(1);

  await Promise.all([aContext.close(), bContext.close()]);
});
