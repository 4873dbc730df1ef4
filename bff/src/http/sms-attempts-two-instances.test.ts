import { changeMobile, confirmMobile } from '@brnd/contracts/api/accounts';
import { SMS_CODE_MAX_ATTEMPTS } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, newUser, signUpAndConfirmEmail, smsCode, storedMobile } from '../testing/http.ts';

/**
 * The SMS code's attempt limit is the database's, not an instance's: guesses spread over two bff
 * instances on one PostgreSQL (as behind a load balancer) are counted together.
 */

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ databaseUrl: first.db.url });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A user at the phone step on the first instance, with the right code from the outbox. */
async function atPhoneStep() {
  const user = newUser();
  const code = await signUpAndConfirmEmail(first.baseUrl, user);
  const sent = await call(first.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: user.mobile },
  });
  expect(sent.status).toBe(200);
  const right = await smsCode(first.baseUrl, storedMobile(user.mobile));
  return { code, right, wrong: right === '0000' ? '1111' : '0000' };
}

const guess = (app: TestApp, code: string, smsGuess: string) =>
  call(app.baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: smsGuess },
  });

test('wrong codes alternating between two instances use up one shared allowance', async () => {
  const { code, right, wrong } = await atPhoneStep();
  const answers: (string | undefined)[] = [];
  for (let attempt = 0; attempt < SMS_CODE_MAX_ATTEMPTS + 2; attempt += 1) {
    const instance = attempt % 2 === 0 ? first : second;
    answers.push((await guess(instance, code, wrong)).error?.messageId);
  }
  expect(answers).toEqual([
    ...Array<string>(SMS_CODE_MAX_ATTEMPTS).fill('errors.verificationFailed'),
    'errors.codeExpired',
    'errors.codeExpired',
  ]);
  // The code is dead on both instances, the right one included.
  for (const instance of [first, second]) {
    const late = await guess(instance, code, right);
    expect(late.status).toBe(400);
    expect(late.error?.messageId).toBe('errors.codeExpired');
  }
});

test('parallel guesses on two instances evaluate the code at most the allowed number of times', async () => {
  const { code, right, wrong } = await atPhoneStep();
  const guesses = await Promise.all(
    Array.from({ length: 20 }, (_, index) => guess(index % 2 === 0 ? first : second, code, wrong)),
  );
  const evaluated = guesses.filter((r) => r.error?.messageId === 'errors.verificationFailed');
  expect(evaluated).toHaveLength(SMS_CODE_MAX_ATTEMPTS);
  expect(guesses.every((r) => r.status === 400)).toBe(true);
  expect((await guess(second, code, right)).error?.messageId).toBe('errors.codeExpired');
});

test('the right code on the other instance verifies within the allowance', async () => {
  const { code, right, wrong } = await atPhoneStep();
  for (let attempt = 0; attempt < SMS_CODE_MAX_ATTEMPTS - 1; attempt += 1) {
    const instance = attempt % 2 === 0 ? first : second;
    expect((await guess(instance, code, wrong)).error?.messageId).toBe('errors.verificationFailed');
  }
  const ok = await guess(second, code, right);
  expect(ok.status).toBe(200);
});
