import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInVerifiedUser, createOperator } from './accounts.ts';

/** Brand verification (issue #9) on the real stack: a brand registers, an operator approves it. */

const OPERATOR = { email: 'verifier-e2e@brnd.example', password: 'Ver1fy!e2e' };

/** The smallest valid PNG (1×1, transparent): the server checks the logo's bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

/** The e-mail to `to` with this subject; mail travels through SMTP, so wait for it a while. */
async function mailWithSubject(request: APIRequestContext, to: string, subject: string) {
  let found: OutboxMessage | undefined;
  await expect(async () => {
    const outbox = (await (await request.get('/dev/outbox')).json()) as OutboxMessage[];
    found = outbox.find(
      (message) => message.channel === 'email' && message.to === to && message.subject === subject,
    );
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

/**
 * Fills My brands' add-brand form (already open) with a logo and a Gdańsk address, and sends it.
 * Documents, when the test attaches any, are chosen before.
 */
async function addBrand(
  page: Page,
  brand: string,
  details: { description: string; ticker: string },
) {
  await page.getByLabel('Brand name').fill(brand);
  await page.getByLabel('Website').fill(`${brand.toLowerCase().replace(' ', '-')}.pl`);
  await page.getByLabel('Description').fill(details.description);
  await page.getByLabel('Industry').selectOption('e-commerce');
  await page.getByLabel('Token ticker').fill(details.ticker);
  await page.getByLabel('Number of employees').fill('8');
  await page
    .getByLabel(/Choose a file/)
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByLabel('Street and number').fill('ul. Mariacka 5');
  await page.getByLabel('Postal code').fill('80-833');
  await page.getByLabel('City').fill('Gdańsk');
  await page.getByLabel('State or province').fill('pomorskie');
  await page.getByLabel('Country').selectOption('PL');
  await page.getByRole('checkbox', { name: /operating address is the same/ }).check();
  await page.getByRole('button', { name: 'Add brand' }).click();
}

/** The operator opens the console, is asked to sign in, and lands on the verification queue. */
async function signInOperator(operator: Page): Promise<Page> {
  await operator.goto('/admin');
  await expect(operator).toHaveURL(/\/login/);
  await operator.getByLabel('E-mail address').fill(OPERATOR.email);
  await operator.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await operator.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(operator).toHaveURL(/\/admin\/verification$/);
  return operator;
}

test('a brand registered with a logo is approved by an operator; its owner is mailed, sees it verified and issues its token', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  createOperator(OPERATOR);

  // The owner registers the brand on My brands' add-brand form, with a logo.
  const owner = await signInVerifiedUser(page, 'verifyowner');
  const brand = `Bursztyn ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'My brands' }).click();
  await page.getByRole('link', { name: 'Add a brand' }).click();
  await addBrand(page, brand, { description: 'Amber jewellery from Gdańsk.', ticker: 'AMBR' });
  await expect(page).toHaveURL(/\/user\/mybrands\/lists$/);
  const ownRow = page.getByRole('listitem').filter({ hasText: brand });
  await expect(ownRow.getByText('Waiting for verification')).toBeVisible();

  // The operator, in a browser of their own, finds it in the queue with its logo and approves.
  const operatorContext = await browser.newContext();
  const operator = await signInOperator(await operatorContext.newPage());
  const request = operator.getByRole('article', { name: brand });
  await expect(request).toBeVisible();
  await expect(request.getByText(owner.email)).toBeVisible();
  const logo = request.getByRole('img', { name: `Logo of ${brand}` });
  await expect(logo).toHaveJSProperty('complete', true);
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await expect(
    request.getByRole('listitem').filter({ hasText: 'Extract from the court registry' }),
  ).toContainText('Missing');
  await request.getByRole('button', { name: 'Approve' }).click();
  // The confirmation names the missing document before anything is decided.
  const confirm = operator.getByRole('dialog', { name: `Approve ${brand}?` });
  await expect(confirm.getByRole('listitem')).toContainText(['Extract from the court registry']);
  await confirm.getByRole('button', { name: `Approve ${brand}` }).click();
  await expect(
    operator.getByText(`${brand} is verified and has been told so by e-mail.`),
  ).toBeVisible();
  await expect(request).toHaveCount(0);

  // The decision is in the audit log under the operator's name.
  await operator.getByRole('link', { name: 'Audit log' }).click();
  const entry = operator.getByRole('row').filter({ hasText: 'brand.approve' }).filter({
    hasText: brand,
  });
  await expect(entry).toContainText(OPERATOR.email);
  await operatorContext.close();

  // The owner is told by e-mail, with the way back to My brands, and sees the brand verified.
  const mail = await mailWithSubject(page.request, owner.email, `${brand} is verified on BRND`);
  expect(mail.text).toContain('/user/mybrands');
  await page.reload();
  await expect(ownRow.getByText('Verified', { exact: true })).toBeVisible();

  // Verified, the brand issues its token on the dev chain from its console.
  const ticker = `AM${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await page.getByRole('link', { name: `Token console of ${brand}` }).click();
  const issue = page.getByRole('region', { name: "Issue your brand's token" });
  await issue.getByLabel('Token name').fill('Bursztyn Points');
  await issue.getByLabel('Ticker').fill(ticker);
  await issue.getByLabel('Supply cap').fill('500000');
  await issue.getByRole('button', { name: 'Issue token' }).click();
  const token = page.getByRole('region', { name: `Bursztyn Points (${ticker})` });
  await expect(token.getByText(/^Active/)).toBeVisible({ timeout: 90_000 });
});

/** A small real PDF: the server judges a document by its bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test('a brand sends its registry extract; the operator downloads it, approves, then revokes the brand, whose console stops', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  createOperator(OPERATOR);

  // The owner attaches the court registry extract on the add-brand form; the rest can follow.
  const owner = await signInVerifiedUser(page, 'revokeowner');
  const brand = `Jantar ${Date.now().toString(36)}`;
  await page.goto('/user/mybrands/addbrand');
  await page
    .getByLabel(/Extract from the court registry/)
    .setInputFiles({ name: 'Odpis KRS.pdf', mimeType: 'application/pdf', buffer: PDF });
  await addBrand(page, brand, { description: 'Amber from the Baltic coast.', ticker: 'JNTR' });
  await expect(page).toHaveURL(/\/user\/mybrands\/lists$/);

  // The operator downloads the extract from the queue: the same bytes, under its own name.
  const operatorContext = await browser.newContext();
  const operator = await signInOperator(await operatorContext.newPage());
  const request = operator.getByRole('article', { name: brand });
  const [download] = await Promise.all([
    operator.waitForEvent('download'),
    request
      .getByRole('button', { name: 'Download Extract from the court registry: Odpis KRS.pdf' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('Odpis KRS.pdf');
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  // The file is not public: the owner's own session is refused it, and so is no session at all.
  const asOwner = await page.request.get('/api/admin/verification/documents/1');
  expect(asOwner.status()).toBe(403);
  const strangerContext = await browser.newContext();
  const anonymous = await strangerContext.request.get('/api/admin/verification/documents/1');
  expect(anonymous.status()).toBe(401);
  await strangerContext.close();

  await request.getByRole('button', { name: 'Approve' }).click();
  await operator
    .getByRole('dialog', { name: `Approve ${brand}?` })
    .getByRole('button', { name: `Approve ${brand}` })
    .click();
  await expect(request).toHaveCount(0);

  // Verified, the brand can be revoked from the Verified list, with a reason.
  await operator.getByRole('tab', { name: 'Verified' }).click();
  const verified = operator.getByRole('article', { name: brand });
  await verified.getByRole('button', { name: 'Revoke verification' }).click();
  const dialog = operator.getByRole('dialog', { name: `Revoke the verification of ${brand}` });
  await dialog.getByLabel('Reason').fill('The registry extract belongs to another company.');
  await dialog.getByRole('button', { name: 'Revoke and send' }).click();
  await expect(
    operator.getByText(
      `The verification of ${brand} is revoked, and they have been told so by e-mail.`,
    ),
  ).toBeVisible();
  await operator.getByRole('tab', { name: 'Revoked' }).click();
  await expect(
    operator
      .getByRole('article', { name: brand })
      .getByText('The registry extract belongs to another company.'),
  ).toBeVisible();

  // Both the download and the revocation are in the audit log.
  await operator.getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['document.download', 'brand.revoke']) {
    await expect(
      operator.getByRole('row').filter({ hasText: action }).filter({ hasText: brand }),
    ).toContainText(OPERATOR.email);
  }
  await operatorContext.close();

  // The owner is told, sees the verification withdrawn, and the console no longer issues.
  const mail = await mailWithSubject(
    page.request,
    owner.email,
    `The verification of ${brand} on BRND is withdrawn`,
  );
  expect(mail.text).toContain('The registry extract belongs to another company.');
  await page.reload();
  const ownRow = page.getByRole('listitem').filter({ hasText: brand });
  await expect(ownRow.getByText('Verification withdrawn')).toBeVisible();
  await page.getByRole('link', { name: `Token console of ${brand}` }).click();
  await expect(page.getByText(/withdrew your brand's verification/)).toBeVisible();
  await expect(page.getByRole('region', { name: "Issue your brand's token" })).toHaveCount(0);
});
