import { signup } from '@brnd/contracts/api/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, latestMessage, newUser, storedMobile } from '../testing/http.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
});
afterAll(() => app.close());

async function storedUser(email: string) {
  const user = await app.db.models.User.findOne({ where: { email } });
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

test('user can sign up and gets a referral code of their own', async () => {
  const first = newUser();
  const second = newUser();
  const one = await call(app.baseUrl, signup, { body: { ...first } });
  const two = await call(app.baseUrl, signup, { body: { ...second } });

  expect(one.status).toBe(201);
  expect(one.data?.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  expect(two.data?.referral_code).not.toBe(one.data?.referral_code);

  const user = await storedUser(first.email);
  expect(user.mobile).toBe(storedMobile(first.mobile));
  expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  expect(user.passwordHash).not.toContain(first.password);
  expect(user.emailVerifiedAt).toBeNull();
  expect(user.referralCode).toBe(one.data?.referral_code);
});

test('sign-up e-mail links to /verify/<code> in the language the browser asks for', async () => {
  const english = newUser();
  const polish = newUser();
  await call(app.baseUrl, signup, { body: { ...english } });
  await call(app.baseUrl, signup, {
    body: { ...polish },
    headers: { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' },
  });

  const enMail = await latestMessage(app.baseUrl, english.email, 'email');
  expect(enMail.subject).toBe('Confirm your e-mail address for BRND');
  expect(enMail.text).toMatch(new RegExp(`${app.baseUrl}/verify/[A-Za-z0-9_-]{43}\\n`));
  expect(enMail.text).toContain(`Hello ${english.name},`);
  const plMail = await latestMessage(app.baseUrl, polish.email, 'email');
  expect(plMail.subject).toBe('Potwierdź swój adres e-mail w BRND');
  expect((await storedUser(polish.email)).language).toBe('po');
});

test('sign-up refuses an e-mail address that exists, in any letter case', async () => {
  const user = newUser();
  await call(app.baseUrl, signup, { body: { ...user } });
  const again = await call(app.baseUrl, signup, {
    body: { ...newUser(), email: user.email.toUpperCase() },
  });
  expect(again.status).toBe(409);
  expect(again.error).toEqual({
    message: 'Email address already exists!',
    messageId: 'errors.emailExists',
    errors: { email: 'errors.emailExists' },
  });
});

test('sign-up names every invalid field with its message id', async () => {
  const result = await call(app.baseUrl, signup, {
    body: { name: '  ', mobile: 'call me', email: 'not-an-email', password: 'short' },
  });
  expect(result.status).toBe(400);
  expect(result.error).toEqual({
    message: 'Please enter your full name',
    messageId: 'validation.fullName',
    errors: {
      name: 'validation.fullName',
      mobile: 'validation.phone',
      email: 'validation.email',
      password: 'validation.password',
    },
  });
});

test('sign-up with missing fields says which are required', async () => {
  const result = await call(app.baseUrl, signup, { body: { name: 'Ada' } });
  expect(result.status).toBe(400);
  expect(result.error?.errors).toEqual({
    mobile: 'validation.required',
    email: 'validation.required',
    password: 'validation.required',
  });
});

test('sign-up rejects each password rule the spec lists', async () => {
  for (const password of [
    'Aa1!aaa',
    'Aa1!aaaaaaaaaaaa',
    'aa1!aaaa',
    'AA1!AAAA',
    'Aaa!aaaa',
    'Aa1aaaaa',
  ]) {
    const result = await call(app.baseUrl, signup, { body: { ...newUser(), password } });
    expect(result.error?.errors, password).toEqual({ password: 'validation.password' });
  }
});

test('sign-up stores a known referral code as the referrer, suffix and case aside', async () => {
  const referred = newUser();
  const created = await call(app.baseUrl, signup, {
    body: { ...referred, referral_code: 'demobrnd-ico' },
  });
  expect(created.status).toBe(201);
  const demo = await storedUser('demo@brnd.example');
  expect((await storedUser(referred.email)).referredBy).toBe(demo.id);

  const unknown = newUser();
  await call(app.baseUrl, signup, { body: { ...unknown, referral_code: 'NOSUCHCODE' } });
  expect((await storedUser(unknown.email)).referredBy).toBeNull();
});

test('sign-up accepts a JSON body as well as a form', async () => {
  const result = await call(app.baseUrl, signup, { body: { ...newUser() }, json: true });
  expect(result.status).toBe(201);
});

test('a malformed JSON body is a 400, not a 500', async () => {
  const response = await fetch(`${app.baseUrl}${signup.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name": ',
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ messageId: 'errors.validation' });
});
