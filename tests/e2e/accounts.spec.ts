import { expect, test, type Page } from '@playwright/test';
import { resetLink, smsCode, verificationLink } from './outbox.ts';

/** The accounts flows on the real stack, reading e-mails and SMS from the dev outbox. */

const PASSWORD = 'Start123!a';
const NEW_PASSWORD = 'Change456?b';

function newUser() {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: 'Anna Kowalska',
    email: `anna.${id}@example.com`,
    national: `600 ${id.slice(-3)} ${id.slice(-6, -3)}`,
  };
}

const digitsOf = (value: string) => value.replace(/[^0-9]/g, '');

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function register(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Mobile number').fill(user.national);
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page).toHaveURL(/\/confirmemail$/);
  await expect(page.getByText(user.email)).toBeVisible();
}

/** Registration up to a verified phone, the way a new user finishes it by hand. */
async function registerAndVerify(page: Page, user: ReturnType<typeof newUser>) {
  await register(page, user);

  await page.goto(await verificationLink(page.request, user.email));
  await expect(page).toHaveURL(/\/editPhone\?/);
  await expect(page.getByLabel('Mobile number')).toHaveValue(digitsOf(user.national));
  await page.getByRole('button', { name: 'CONTINUE' }).click();

  await expect(page).toHaveURL(/\/phoneverify\?/);
  const code = await smsCode(page.request, `+48${digitsOf(user.national)}`);
  await page.getByLabel('Digit 1 of 4').pressSequentially(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  // Confirmed: the registration success page shows the account's own referral link.
  await expect(page).toHaveURL(/\/success\?indivi_code=[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Registration complete' })).toBeVisible();
  await expect(page.getByLabel('Your referral link')).toHaveValue(/\/ref\/[A-Z0-9]+$/);
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
}

test('a new user registers, verifies e-mail and phone, edits the profile, changes the password and logs out', async ({
  page,
}) => {
  const user = newUser();
  await registerAndVerify(page, user);

  await logIn(page, user.email, PASSWORD);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Hello, ${user.name}` })).toBeVisible();

  await page.goto('/user/profile/person');
  await page.getByLabel('Address', { exact: true }).fill('ul. Marszałkowska 1, 00-001 Warszawa');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile was updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
    'ul. Marszałkowska 1, 00-001 Warszawa',
  );

  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your password?' });
  await dialog.getByRole('button', { name: 'Yes, change it' }).click();
  await expect(page).toHaveURL(/\/login/);

  await logIn(page, user.email, PASSWORD);
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
  await logIn(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // Logging out is quiet: no page left polling with the revoked session.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.getByRole('button', { name: user.email }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a user who forgot the password resets it from the e-mailed link and logs in', async ({
  page,
}) => {
  const user = newUser();
  await registerAndVerify(page, user);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByRole('button', { name: 'SEND ME RESET PASSWORD' }).click();
  await expect(page.getByText('Please check your e-mail.').first()).toBeVisible();

  await page.goto(await resetLink(page.request, user.email));
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password was changed successfully!')).toBeVisible();

  await logIn(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('a user who logs in before verifying the phone continues on the phone page', async ({
  page,
}) => {
  const user = newUser();
  await register(page, user);
  await page.goto(await verificationLink(page.request, user.email));
  await expect(page).toHaveURL(/\/editPhone\?/);

  await logIn(page, user.email, PASSWORD);
  await expect(page).toHaveURL(/\/editPhone\?.*code=/);
  await expect(page.getByLabel('Mobile number')).toHaveValue(digitsOf(user.national));
});

test('the login page keeps its redirect targets', async ({ page }) => {
  await page.goto('/login?buytoken&btc_brands=500');
  await page.getByLabel('E-mail address').fill('demo@brnd.example');
  await page.getByLabel('Password', { exact: true }).fill('Demo123!x');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/buytoken\?btc_brands=500$/);
});

test('every accounts validation message appears for the bad input that triggers it', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid e-mail address')).toBeVisible();
  await expect(page.getByText('Invalid PASSWORD')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register');
  await page.getByLabel('Mobile number').fill('12');
  await page.getByLabel('E-mail address').fill('anna@');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Invalid phone number')).toBeVisible();
  await expect(page.getByText('Invalid e-mail address')).toBeVisible();
  await expect(
    page.getByText(
      'Your password needs 8 to 64 characters, with at least 1 upper case letter, 1 lower case letter, 1 digit and 1 special character (a space counts).',
    ),
  ).toBeVisible();
  await expect(page.getByText('Please accept the terms to continue')).toBeVisible();

  await page.goto('/forgotpassword');
  await page.getByLabel('E-mail address').fill('nobody@');
  await page.getByRole('button', { name: 'SEND ME RESET PASSWORD' }).click();
  await expect(page.getByText('Invalid e-mail address')).toBeVisible();

  const code = 'A'.repeat(43);
  await page.goto(`/resetpassword/${code}`);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match. Try again!')).toBeVisible();

  await page.goto(`/phoneverify?code=${code}`);
  await page.getByLabel('Digit 1 of 4').fill('1');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid', { exact: true })).toHaveCount(3);

  await logIn(page, 'demo@brnd.example', 'Demo123!x');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/profile/person');
  await page.getByLabel('Full name').fill('');
  await page.getByLabel('Address', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Invalid address')).toBeVisible();
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('New password').fill('weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Please enter your current password')).toBeVisible();
  await expect(
    page.getByText(
      'Your password needs 8 to 64 characters, with at least 1 upper case letter, 1 lower case letter, 1 digit and 1 special character (a space counts).',
    ),
  ).toBeVisible();
});

test('an unknown path shows the 404 page and the language switch turns the login page Polish', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: /language|język/i }).click();
  await page.getByRole('menuitemradio', { name: /polski/i }).click();
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
});
