import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { smsCode, verificationLink } from './outbox.ts';

export interface TestUser {
  name: string;
  email: string;
  /** The national part, as typed into the phone field (country Poland by default). */
  nationalMobile: string;
  /** The full international number, as the outbox addresses the SMS. */
  mobile: string;
  password: string;
}

let sequence = 0;

/** A user nobody has registered yet; unique per run, so a shared DATABASE_URL works too. */
export function newUser(label: string): TestUser {
  sequence += 1;
  const stamp = `${Date.now()}${sequence}`;
  const national = `5${stamp.slice(-8)}`;
  return {
    name: `Ewa ${label} Nowak`,
    email: `e2e-${label}-${stamp}@example.com`,
    nationalMobile: national,
    mobile: `+48${national}`,
    password: 'Start123!x',
  };
}

async function post(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await request.post(path, { form, headers });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return response.json();
}

/**
 * Signs a user up through the API and confirms the e-mail, so the phone steps are next; returns
 * the e-mail code those steps use.
 */
export async function createUserAwaitingPhone(request: APIRequestContext, label: string) {
  const user = newUser(label);
  await post(
    request,
    '/api/user/signup',
    {
      name: user.name,
      mobile: user.mobile,
      email: user.email,
      password: user.password,
    },
    { 'x-forwarded-for': `198.18.${sequence % 256}.${(Date.now() % 254) + 1}` },
  );
  const code = (await verificationLink(request, user.email)).split('/').pop() ?? '';
  await post(request, '/api/user/confirm', { verification_code: code });
  await post(request, '/api/user/changemobile', { verification_code: code, mobile: user.mobile });
  return { user, code };
}

/** A fresh, fully verified account, signed in on `page` (it lands on the dashboard). */
export async function signInVerifiedUser(page: Page, label: string): Promise<TestUser> {
  const { user, code } = await createUserAwaitingPhone(page.request, label);
  const sms = await smsCode(page.request, user.mobile);
  const verified = await page.request.post('/api/user/confirm_mobile', {
    form: { verification_code: code, mobile_verification_code: sms },
  });
  expect(verified.ok()).toBe(true);
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  return user;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Makes an operator with the command an operator is made with (`npm run admin:create`), against
 * the database of the server in `dataDir` (the shared e2e server's by default). Running it again
 * for the same address changes nothing.
 */
export function createOperator(
  operator: { email: string; password: string },
  dataDir = process.env.E2E_DATA_DIR,
) {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bff/src/cli/admin-create.ts',
      '--email',
      operator.email,
      '--password',
      operator.password,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  expect(output).toMatch(
    new RegExp(`Created operator ${operator.email}|${operator.email} is already an operator`),
  );
}
