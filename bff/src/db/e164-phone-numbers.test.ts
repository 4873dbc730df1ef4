import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { registerVerifiedUser, signUpAndConfirmEmail, newUser } from '../testing/http.ts';
import { e164PhoneNumbers } from './migrations/0121-e164-phone-numbers.ts';

/** Migration 0121 on numbers stored before the one spelling (as typed, digits and a plus). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const mobileOf = async (email: string) =>
  (
    await app.db.query<{ mobile: string; verified: boolean }>(
      'SELECT mobile, phone_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [email],
    )
  )[0];

test('stored numbers become E.164; a later verification of a number taken is dropped', async () => {
  const digits = String(600_000_000 + Math.floor(Math.random() * 99_999_999));
  const { user: first } = await registerVerifiedUser(app.baseUrl);
  const { user: second } = await registerVerifiedUser(app.baseUrl);
  const third = newUser();
  await signUpAndConfirmEmail(app.baseUrl, third);
  // As the bff stored them before: the earlier account "+48…", the later one "0048…".
  const store = (email: string, mobile: string) =>
    app.db.query('UPDATE users SET mobile = $2 WHERE email = $1', [email, mobile]);
  await store(first.email, `+48${digits}`);
  await store(second.email, `0048${digits}`);
  await store(third.email, String(Number(digits) + 1));

  await e164PhoneNumbers.up({ name: e164PhoneNumbers.name, context: app.db.sequelize });

  expect(await mobileOf(first.email)).toEqual({ mobile: `+48${digits}`, verified: true });
  expect(await mobileOf(second.email)).toEqual({ mobile: `+48${digits}`, verified: false });
  expect(await mobileOf(third.email)).toEqual({
    mobile: `+48${Number(digits) + 1}`,
    verified: false,
  });
});
