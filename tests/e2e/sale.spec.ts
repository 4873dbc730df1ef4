import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';
import { DEV_WALLETS, order, payEthOrder } from './sale.ts';

/**
 * Buying BRND on the real stack: ETH paid on the dev chain, BTC through the gateway simulator,
 * a card through the provider simulator. Each order's page reaches its completion by itself,
 * and the balance and the transaction show on the dashboard.
 */

/** A fresh, fully verified account, signed in, in a browser context of its own. */
async function signedInBuyer(browser: Browser, label: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInVerifiedUser(page, label);
  return page;
}

/** The dashboard's balance and the transactions tab's newest row. */
async function expectCredited(page: Page, tokens: number, type: string) {
  const shown = `${tokens.toLocaleString('en-US')} BRND`;
  await page.goto('/user/dashboard');
  await expect(page.getByRole('region', { name: 'Your BRND' })).toContainText(shown);
  await page.goto('/user/transactions');
  const row = page.getByRole('row').filter({ hasText: type });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText(tokens.toLocaleString('en-US'));
}

test('a buyer pays an ETH order from a dev-chain wallet and the page completes by itself', async ({
  browser,
}) => {
  const page = await signedInBuyer(browser, 'eth-buyer');
  const tokens = await order(page, 'Ether (ETH)', '100');
  await expect(page).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  await payEthOrder(page, DEV_WALLETS.saleBuyer);
  await expect(page.getByText(`${tokens.toLocaleString('en-US')} BRND`)).toBeVisible();

  await expectCredited(page, tokens, 'Ether');
});

test('a buyer pays a BTC order on the gateway simulator and the page completes by itself', async ({
  browser,
}) => {
  const page = await signedInBuyer(browser, 'btc-buyer');
  const tokens = await order(page, 'Bitcoin (BTC)', '100');
  await expect(page).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);
  const bip21 = await page.getByRole('link', { name: 'Open your wallet' }).getAttribute('href');
  expect(bip21).toMatch(/^bitcoin:\w+\?amount=\d+(\.\d+)?$/);

  // The payer pays on the gateway's own checkout page, in a browser of its own (a phone, say),
  // so the order's page stays in view and must notice the payment by itself.
  const checkoutUrl = await page
    .getByRole('link', { name: 'Pay on the payment page' })
    .getAttribute('href');
  const payerBrowser = await browser.newContext();
  const checkout = await payerBrowser.newPage();
  await checkout.goto(checkoutUrl as string);
  await checkout.getByRole('button', { name: 'pay', exact: true }).click();
  await expect(checkout.locator('#status')).toHaveText('Settled');
  await payerBrowser.close();

  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible({
    timeout: 45_000,
  });
  await expectCredited(page, tokens, 'Bitcoin');
});

test('a buyer pays by card in PLN through the provider simulator', async ({ browser }) => {
  const page = await signedInBuyer(browser, 'card-buyer');
  const tokens = await order(page, 'Card (Visa, Mastercard, Google Pay)', '404', 'PLN');

  // The provider's second step (card form in real life) charges the card.
  await expect(page).toHaveURL(/\/second-step\/[0-9a-f]{64}$/);
  await page.getByRole('button', { name: 'pay', exact: true }).click();

  await expect(page).toHaveURL(/\/buysuccess/);
  await expect(page.getByText(`You bought ${tokens.toLocaleString('en-US')} BRND.`)).toBeVisible();
  // Credited on the provider's signed callback, which may land a moment after the redirect.
  await expect(async () => expectCredited(page, tokens, 'Card (PLN)')).toPass({ timeout: 30_000 });

  // A second attempt within 30 seconds is refused.
  await order(page, 'Card (Visa, Mastercard, Google Pay)', '100', 'PLN');
  await expect(page.getByText(/Please wait 30\sseconds before buying again\./)).toBeVisible();
});
