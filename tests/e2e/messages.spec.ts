import { expect, test, type APIRequestContext } from '@playwright/test';
import { newUser } from './accounts.ts';

/** Messages on the real stack (issue #19): in the language the person chose, links that work. */

interface OutboxRow {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

async function newest(
  request: APIRequestContext,
  channel: OutboxRow['channel'],
  to: string,
): Promise<OutboxRow> {
  let found: OutboxRow | undefined;
  await expect(async () => {
    const rows = (await (
      await request.get('/dev/outbox', { headers: { accept: 'application/json' } })
    ).json()) as OutboxRow[];
    found = rows.find((row) => row.channel === channel && row.to === to);
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

test('a Polish sign-up in an English browser gets Polish mail and SMS, and the mail link opens the Polish phone step', async ({
  page,
}) => {
  const user = newUser('polish');
  await page.goto('/register');
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { name: 'Załóż konto' })).toBeVisible();

  await page.getByLabel('Imię i nazwisko').fill(user.name);
  await page.getByLabel('Numer telefonu komórkowego').fill(user.nationalMobile);
  await page.getByLabel('Adres e-mail').fill(user.email);
  await page.getByLabel('Hasło', { exact: true }).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'DALEJ' }).click();
  await expect(page).toHaveURL(/\/confirmemail$/);

  const mail = await newest(page.request, 'email', user.email);
  // The subject as typeset: a one-letter word keeps to the next with a non-breaking space.
  expect(mail.subject).toBe('Potwierdź swój adres e-mail w\u00a0BRND');
  expect(mail.text).toContain('Potwierdź adres e-mail');
  expect(mail.html).toContain('lang="pl"');
  const link = /https?:\/\/[^\s]+\/verify\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // The link opens the phone step, in Polish, not a 404 or an error page.
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/editPhone\?/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByText('404')).toHaveCount(0);
  await page.getByRole('button', { name: 'DALEJ' }).click();
  await expect(page).toHaveURL(/\/phoneverify\?/);

  const sms = await newest(page.request, 'sms', user.mobile);
  expect(sms.text).toMatch(/^Twój kod weryfikacyjny BRND: \d{4}$/);
});

test('the dev outbox shows each mail as HTML and as text', async ({ page }) => {
  const user = newUser('outbox');
  const answer = await page.request.post('/api/user/signup', {
    form: { name: user.name, mobile: user.mobile, email: user.email, password: user.password },
  });
  expect(answer.status()).toBe(201);
  await newest(page.request, 'email', user.email);
  await page.goto('/dev/outbox');
  const mail = page.getByRole('article').filter({ hasText: user.email });
  const frame = mail.frameLocator('iframe.mail');
  await expect(frame.getByRole('link', { name: 'Confirm e-mail address' })).toBeVisible();
  await mail.getByText('Text', { exact: true }).click();
  await expect(mail.locator('pre')).toContainText('/verify/');
});
