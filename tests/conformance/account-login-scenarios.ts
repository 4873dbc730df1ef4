import {
  forgotPassword,
  getMobile,
  login,
  profile,
  checkResetCode,
  resetPassword,
} from '@brnd/contracts/api/accounts';
import { LOGIN_FAILURES_PER_ACCOUNT } from '@brnd/contracts/domain/constants';
import {
  UNKNOWN_CODE,
  credentials,
  signUp,
  confirmTheEmail,
  sendTheSmsCode,
  confirmThePhone,
  logIn,
  verifiedUser,
} from './account-steps.ts';
import { call, readOutbox, type Scenario } from './runner.ts';

/**
 * Login (success, refusals before each step, the throttle) and the password reset by e-mailed
 * link.
 */
export const accountLoginScenarios: Scenario[] = [
  {
    name: 'login: success, wrong password, unknown e-mail',
    steps: [
      ...verifiedUser,
      call(login, {
        label: 'login with a wrong password',
        input: (values) => ({ body: { email: values.email!, password: 'Wrong123!x' } }),
        expect: { status: 401, messageId: 'errors.invalidCredentials' },
      }),
      call(login, {
        label: 'login with an unknown e-mail',
        input: (values) => ({ body: { email: `nobody-${values.email}`, password: 'Wrong123!x' } }),
        expect: { status: 401, messageId: 'errors.invalidCredentials' },
      }),
    ],
  },
  {
    name: 'login before the e-mail is confirmed is 403',
    steps: [
      ...signUp,
      call(login, {
        input: (values) => ({ body: credentials(values) }),
        expect: { status: 403, messageId: 'errors.emailNotVerified' },
      }),
    ],
  },
  {
    name: 'login before the phone is verified answers a phone-step code that works',
    steps: [
      ...signUp,
      ...confirmTheEmail,
      call(login, {
        input: (values) => ({ body: credentials(values) }),
        expect: {
          status: 200,
          body: (values) => ({
            email: values.email,
            mobile: values.mobileNormalized,
            name: values.name,
          }),
        },
        save: (body, values) => {
          if (!('code' in body)) throw new Error('a session before the phone is verified');
          values.code = body.code;
        },
      }),
      call(getMobile, {
        label: 'getmobile with the login code',
        input: (values) => ({ params: { code: values.code! } }),
        expect: { status: 200, body: (values) => ({ mobile: values.mobileNormalized }) },
      }),
      ...sendTheSmsCode,
      ...confirmThePhone,
      logIn(),
    ],
  },
  {
    name: `login is throttled after ${LOGIN_FAILURES_PER_ACCOUNT} failures, with Retry-After`,
    steps: [
      ...verifiedUser,
      call(login, {
        label: 'a wrong password',
        times: LOGIN_FAILURES_PER_ACCOUNT,
        input: (values) => ({ body: { email: values.email!, password: 'Wrong123!x' } }),
        expect: { status: 401, messageId: 'errors.invalidCredentials' },
      }),
      call(login, {
        label: 'the right password, throttled',
        input: (values) => ({ body: credentials(values) }),
        expect: { status: 429, messageId: 'errors.tooManyAttempts', retryAfter: true },
      }),
    ],
  },
  {
    name: 'forgot password, reset with the e-mailed link, log in with the new password',
    steps: [
      ...verifiedUser,
      call(forgotPassword, {
        input: (values) => ({ body: { email: values.email! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      readOutbox('reset', (values) => values.email!, 'resetCode'),
      call(checkResetCode, {
        label: 'the page asks whether an unknown link works',
        input: () => ({ params: { code: UNKNOWN_CODE } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      call(checkResetCode, {
        label: 'the page asks whether the e-mailed link works',
        input: (values) => ({ params: { code: values.resetCode! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(resetPassword, {
        label: 'reset with an unknown code',
        input: () => ({ body: { password: 'Renewed12!', code: UNKNOWN_CODE } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      call(resetPassword, {
        input: (values) => ({ body: { password: 'Renewed12!', code: values.resetCode! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
        save: (_, values) => {
          values.password = 'Renewed12!';
        },
      }),
      call(profile, {
        label: 'the session from before the reset is revoked',
        as: 'token',
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      call(resetPassword, {
        label: 'the link works once',
        input: (values) => ({ body: { password: 'Another12!', code: values.resetCode! } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      call(checkResetCode, {
        label: 'the used link is said dead on load',
        input: (values) => ({ params: { code: values.resetCode! } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      logIn(),
    ],
  },
  {
    name: 'forgot password answers the same for an unknown address',
    steps: [
      call(forgotPassword, {
        input: (values) => ({ body: { email: `nobody-${values.email}` } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
    ],
  },
];
