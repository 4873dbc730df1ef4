import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInVerifiedUser } from './accounts.ts';

/** Brand verification (issue #9) on the real stack: a brand registers, an operator approves it. */

const root = fileURLToPath(new URL('../..', import.meta.url));
const OPERATOR = { email: 'verifier-e2e@brnd.example', password: 'Ver1fy!e2e' };

/** The smallest valid PNG (1×1, transparent): the server checks the logo's bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The command an operator is made with, run against the server's own database. */
function createOperator() {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bff/src/cli/admin-create.ts',
      '--email',
      OPERATOR.email,
      '--password',
      OPERATOR.password,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' },
  );
  expect(output).toContain(`Created operator ${OPERATOR.email}`);
}

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

test('a brand registered with a logo is approved by an operator; its owner is mailed, sees it verified and issues its token', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  createOperator();

  // The owner registers the brand on My brands' add-brand form, with a logo.
  const owner = await signInVerifiedUser(page, 'verifyowner');
  const brand = `Bursztyn ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'My brands' }).click();
  await page.getByRole('link', { name: 'Add a brand' }).click();
  await page.getByLabel('Brand name').fill(brand);
  await page.getByLabel('Website').fill(`${brand.toLowerCase().replace(' ', '-')}.pl`);
  await page.getByLabel('Description').fill('Amber jewellery from Gdańsk.');
  await page.getByLabel('Industry').selectOption('e-commerce');
  await page.getByLabel('Token ticker').fill('AMBR');
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
  await expect(page).toHaveURL(/\/user\/mybrands\/lists$/);
  const ownRow = page.getByRole('listitem').filter({ hasText: brand });
  await expect(ownRow.getByText('Waiting for verification')).toBeVisible();

  // The operator, in a browser of their own, finds it in the queue with its logo and approves.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await operator.goto('/admin');
  await expect(operator).toHaveURL(/\/login/);
  await operator.getByLabel('E-mail address').fill(OPERATOR.email);
  await operator.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await operator.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(operator).toHaveURL(/\/admin\/verification$/);
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
  await expect(
    operator.getByText(`${brand} is verified; they have been told by e-mail.`),
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
