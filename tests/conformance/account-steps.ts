import { expect } from 'vitest';
import {
  changeMobile,
  confirmEmail,
  confirmMobile,
  login,
  signup,
} from '@brnd/contracts/api/accounts';
import { call, readOutbox, type Step, type Values } from './runner.ts';

/**
 * The steps the accounts scenarios are made of (accounts-scenarios.ts gathers those by topic),
 * and that every other area starts from: a new user, signed up, confirmed and logged in.
 */

export const UNKNOWN_CODE = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export const signupBody = (values: Values) => ({
  name: values.name!,
  mobile: values.mobile!,
  email: values.email!,
  password: values.password!,
});

export const credentials = (values: Values) => ({
  email: values.email!,
  password: values.password!,
});

/** A four-digit code that is not the one sent. */
export const wrongSmsCode = (values: Values) =>
  String((Number(values.smsCode) + 1) % 10_000).padStart(4, '0');

export const signUp: Step[] = [
  call(signup, {
    input: (values) => ({ body: signupBody(values) }),
    expect: { status: 201, body: () => ({ message: 'success' }) },
  }),
  readOutbox('verification', (values) => values.email!, 'code'),
];

export const confirmTheEmail: Step[] = [
  call(confirmEmail, {
    input: (values) => ({ body: { verification_code: values.code! } }),
    expect: { status: 200, body: () => ({ message: 'success' }) },
  }),
];

export const sendTheSmsCode: Step[] = [
  call(changeMobile, {
    input: (values) => ({ body: { verification_code: values.code!, mobile: values.mobile! } }),
    expect: { status: 200, body: () => ({ message: 'success' }) },
  }),
  readOutbox('sms', (values) => values.mobileNormalized!, 'smsCode'),
];

/** The right SMS code on the e-mail link; `label` names a second sending of it. */
export const confirmPhone = (label?: string): Step =>
  call(confirmMobile, {
    ...(label ? { label } : {}),
    input: (values) => ({
      body: { mobile_verification_code: values.smsCode!, verification_code: values.code! },
    }),
    expect: {
      status: 200,
      // Confirmed: the account's own referral code, for the registration success page.
      body: () => ({ message: 'success', referral_code: expect.stringMatching(/^[A-Z0-9]{6,}$/) }),
    },
  });

export const confirmThePhone: Step[] = [confirmPhone()];

export const logIn = (saveAs = 'token'): Step =>
  call(login, {
    input: (values) => ({ body: credentials(values) }),
    expect: {
      status: 200,
      body: (values) => ({
        message: 'Auth Success!',
        email: values.email,
        mobile: values.mobileNormalized,
        name: values.name,
      }),
    },
    save: (body, values) => {
      if ('token' in body) values[saveAs] = body.token;
    },
  });

/** A fully verified user with a session in `token`. */
export const verifiedUser: Step[] = [
  ...signUp,
  ...confirmTheEmail,
  ...sendTheSmsCode,
  ...confirmThePhone,
  logIn(),
];
