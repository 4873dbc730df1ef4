import { expect, test, type Page } from '@playwright/test';
import { Wallet } from 'ethers';
import { signInVerifiedUser, createOperator } from './accounts.ts';

/**
 * Token-as-a-service on the real stack (issue #8): a verified brand issues its token on the dev
 * chain, gives it by e-mail and to a wallet; the customer sees both, transfers, redeems an offer
 * and shows the code, which the brand accepts once.
 */

const OPERATOR = { email: 'ops-tokens-e2e@brnd.example', password: 'T0kens!e2e' };

/** The smallest valid PNG (1×1, transparent): the server checks the logo's bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'token');
  if (!cookie) throw new Error('No session cookie');
  return decodeURIComponent(cookie.value);
}

/** The owner registers a brand through the API, and an operator approves it. */
async function verifiedBrand(page: Page, name: string): Promise<number> {
  const created = await page.request.post('/api/brands/create', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    multipart: {
      name,
      website: `www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pl`,
      description: 'Running shoes and races along the Vistula.',
      industry: 'sports',
      token_ticker: 'RUN',
      no_of_employees: '12',
      address1: 'ul. Wybrzeże Kościuszkowskie 20',
      city: 'Warszawa',
      state: 'mazowieckie',
      postal_code: '00-390',
      country: 'PL',
      operating_address: 'ul. Wybrzeże Kościuszkowskie 20',
      image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(created.ok(), `brand create answered ${created.status()}`).toBe(true);
  const brandId = (await created.json()).details.id as number;

  createOperator(OPERATOR);
  const login = await page.request.post('/api/user/login', {
    form: { email: OPERATOR.email, password: OPERATOR.password },
  });
  const operator = { authorization: `Bearer ${(await login.json()).token}` };
  const decided = await page.request.post(`/api/admin/verification/brand/${brandId}/decision`, {
    headers: operator,
    form: { decision: 'approve' },
  });
  expect(decided.ok(), `approval answered ${decided.status()}`).toBe(true);
  return brandId;
}

/** Polls a page that shows chain state until `check` passes (mints settle in a job). */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
}

test('a verified brand issues its token, gives by e-mail and to a wallet; the customer transfers, redeems, and the brand accepts the code once, then ends the offer', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const ticker = `R${stamp}`;
  const brandName = `Vistula Runners ${stamp}`;
  const customerKey = Wallet.createRandom();
  const customerWallet = customerKey.address;

  // The customer, with a payout wallet proven by signature.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await signInVerifiedUser(customerPage, 'tokencustomer');
  await customerPage.goto('/user/wallet');
  await customerPage.getByLabel('Ethereum wallet address').fill(customerWallet);
  await customerPage.getByRole('button', { name: 'Continue to signing' }).click();
  // No browser wallet here: the message is signed elsewhere and the signature pasted.
  const message = await customerPage.getByLabel('Message to sign').inputValue();
  await customerPage.getByLabel('Signature').fill(await customerKey.signMessage(message));
  await customerPage.getByLabel('Your BRND password').fill(customer.password);
  await customerPage.getByRole('button', { name: 'Confirm wallet' }).click();
  await expect(customerPage.getByText('Your wallet is confirmed: payouts go to it.')).toBeVisible();

  // The brand's owner, whose brand operators verified.
  await signInVerifiedUser(page, 'tokenowner');
  const brandId = await verifiedBrand(page, brandName);
  await page.goto('/user/mybrands/lists');
  await page.getByRole('link', { name: `Token console of ${brandName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/brands/${brandId}$`));

  const issue = page.getByRole('region', { name: "Issue your brand's token" });
  await issue.getByLabel('Token name').fill('Vistula Miles');
  await issue.getByLabel('Ticker').fill(ticker);
  await issue.getByLabel('Supply cap').fill('100000');
  await issue.getByRole('button', { name: 'Issue token' }).click();
  const tokenCard = page.getByRole('region', { name: `Vistula Miles (${ticker})` });
  await expect(tokenCard.getByText(/^Active/)).toBeVisible({ timeout: 90_000 });

  // Give 100 by e-mail (held in the ledger) and 50 to the customer's wallet (minted).
  await page.getByRole('link', { name: 'Give tokens' }).click();
  const give = page.getByRole('region', { name: 'Give tokens to a customer' });
  await give.getByLabel("Customer's e-mail or wallet address").fill(customer.email);
  await give.getByLabel('Amount').fill('100');
  await give.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByText(`100 ${ticker} given to ${customer.email}.`)).toBeVisible();
  await give.getByLabel("Customer's e-mail or wallet address").fill(customerWallet);
  await give.getByLabel('Amount').fill('50');
  await give.getByRole('button', { name: 'Give' }).click();
  // The number and its unit are held together by a no-break space (decision 065): \s matches it.
  await expect(
    page.getByText(new RegExp(`^Minting 50\\s${ticker} to ${customerWallet}\\.$`)),
  ).toBeVisible();

  // An offer to redeem them for.
  await page.getByRole('link', { name: 'Offers and codes' }).click();
  const offerForm = page.getByRole('region', { name: 'New offer' });
  await offerForm.getByLabel('Reward').fill('Free race entry');
  await offerForm.getByLabel(`Price in ${ticker}`).fill('20');
  await offerForm.getByRole('button', { name: 'Create offer' }).click();
  await expect(page.getByRole('rowheader', { name: 'Free race entry' })).toBeVisible();

  // The customer sees both: 100 held for them and 50 in their wallet once minted.
  await customerPage.goto('/user/tokens');
  const holding = customerPage.getByRole('region', { name: `Vistula Miles (${ticker})` });
  const held = holding.getByRole('definition').first();
  const inWallet = holding.getByRole('definition').nth(1);
  await expect(held).toHaveText(`100 ${ticker}`);
  await reloadUntil(customerPage, () => expect(inWallet).toHaveText(`50 ${ticker}`));

  // A transfer of 10 to a friend.
  const transfer = holding.getByRole('form', { name: `Transfer ${ticker}` });
  await transfer.getByLabel('E-mail or wallet address').fill('friend@example.com');
  await transfer.getByLabel('Amount').fill('10');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(customerPage.getByText(`10 ${ticker} sent to friend@example.com.`)).toBeVisible();
  await expect(held).toHaveText(`90 ${ticker}`);

  // Redeeming shows the one-time code.
  await customerPage
    .getByRole('region', { name: 'Rewards' })
    .getByRole('button', { name: `Redeem for 20 ${ticker}` })
    .click();
  // Redeeming burns the price: it is confirmed first.
  await customerPage
    .getByRole('dialog', { name: `Redeem 20 ${ticker} for “Free race entry”?` })
    .getByRole('button', { name: `Redeem for 20 ${ticker}` })
    .click();
  const codeCard = customerPage.getByRole('region', { name: 'Your code for “Free race entry”' });
  const code = (await codeCard.getByText(/^[2-9A-HJKMNP-Z]{10}$/).textContent()) ?? '';
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
  await expect(held).toHaveText(`70 ${ticker}`);

  // The brand checks the code: accepted once, then used.
  const check = page.getByRole('region', { name: "Check a customer's code" });
  await check.getByLabel('Redemption code').fill(code);
  await check.getByRole('button', { name: 'Check code' }).click();
  await expect(check.getByText('Code accepted: Free race entry.', { exact: false })).toBeVisible();
  await check.getByRole('button', { name: 'Check code' }).click();
  await expect(check.getByText('Already used on', { exact: false })).toBeVisible();

  // The customer's list of codes says it was used.
  await customerPage.reload();
  await expect(
    customerPage
      .getByRole('region', { name: 'Your codes' })
      .getByRole('row')
      .filter({ hasText: code }),
  ).toContainText('Used on');

  // The brand ends the offer (it asks first): customers can no longer redeem it.
  await page.getByRole('button', { name: 'End offer “Free race entry”' }).click();
  await page
    .getByRole('dialog', { name: 'End the offer “Free race entry”?' })
    .getByRole('button', { name: 'End offer' })
    .click();
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Free race entry' }) }),
  ).toContainText('Ended');
  await customerPage.reload();
  await expect(
    customerPage
      .getByRole('region', { name: 'Rewards' })
      .getByText("None of your tokens' brands has an offer right now."),
  ).toBeVisible();
  await customerContext.close();
});
