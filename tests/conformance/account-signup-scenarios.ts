import {
  confirmEmail,
  forgotPassword,
  health,
  login,
  resetPassword,
  signup,
} from '@brnd/contracts/api/accounts';
import { SIGNUPS_PER_EMAIL } from '@brnd/contracts/domain/constants';
import { UNKNOWN_CODE, signupBody, signUp, confirmTheEmail } from './account-steps.ts';
import { call, readOutbox, type Scenario } from './runner.ts';

/**
 * The server is up; sign-up (a registered address answered as a new one, the per-address throttle,
 * each field's message); the fields of login, forgot-password and reset; the e-mailed link.
 */
export const accountSignupScenarios: Scenario[] = [
  {
    name: 'health answers with the database status',
    steps: [
      call(health, { expect: { status: 200, body: () => ({ status: 'ok', database: 'up' }) } }),
    ],
  },
  {
    name: 'sign-up answers a registered address as a new one; its owner gets a notice',
    steps: [
      ...signUp,
      call(signup, {
        label: 'signup again, other case',
        input: (values) => ({
          body: { ...signupBody(values), email: values.email!.toUpperCase() },
        }),
        expect: { status: 201, body: () => ({ message: 'success' }) },
      }),
      readOutbox('signupNotice', (values) => values.email!, 'notice'),
    ],
  },
  {
    name: 'sign-up is throttled per e-mail address with Retry-After',
    steps: [
      ...signUp,
      call(signup, {
        label: 'signup again within the window',
        input: (values) => ({ body: signupBody(values) }),
        times: SIGNUPS_PER_EMAIL - 1,
        expect: { status: 201 },
      }),
      call(signup, {
        label: 'one sign-up too many',
        input: (values) => ({ body: signupBody(values) }),
        expect: { status: 429, messageId: 'errors.tooManyAttempts', retryAfter: true },
      }),
    ],
  },
  {
    name: 'sign-up validates each field with its message',
    steps: [
      call(signup, {
        label: 'every field wrong',
        input: () => ({ body: { name: ' ', mobile: 'abc', email: 'nope@', password: 'short' } }),
        expect: {
          status: 400,
          messageId: 'validation.fullName',
          fields: {
            name: 'validation.fullName',
            mobile: 'validation.phone',
            email: 'validation.email',
            password: 'validation.password',
          },
        },
      }),
      ...(
        [
          ['mobile', '12', 'validation.phone'],
          ['email', 'someone@', 'validation.email'],
          ['password', 'alllowercase1!', 'validation.password'],
          ['password', 'NoDigitsHere!', 'validation.password'],
          ['password', 'Sh0rt!', 'validation.password'],
        ] as const
      ).map(([field, value, id]) =>
        call(signup, {
          label: `signup with a bad ${field}`,
          input: (values) => ({ body: { ...signupBody(values), [field]: value } }),
          expect: { status: 400, messageId: id, fields: { [field]: id } },
        }),
      ),
    ],
  },
  {
    name: 'login, forgot-password and reset validate their fields',
    steps: [
      call(login, {
        input: () => ({ body: { email: 'not-an-address', password: '' } }),
        expect: {
          status: 400,
          messageId: 'validation.email',
          fields: { email: 'validation.email', password: 'validation.loginPassword' },
        },
      }),
      call(forgotPassword, {
        input: () => ({ body: { email: 'nope' } }),
        expect: {
          status: 400,
          messageId: 'validation.email',
          fields: { email: 'validation.email' },
        },
      }),
      call(resetPassword, {
        input: () => ({ body: { password: 'weak', code: UNKNOWN_CODE } }),
        expect: {
          status: 400,
          messageId: 'validation.password',
          fields: { password: 'validation.password' },
        },
      }),
    ],
  },
  {
    name: 'the e-mail link confirms once it is right; an unknown code is refused',
    steps: [
      ...signUp,
      call(confirmEmail, {
        label: 'confirm an unknown code',
        input: () => ({ body: { verification_code: UNKNOWN_CODE } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      ...confirmTheEmail,
      call(confirmEmail, {
        label: 'the same link opened again',
        input: (values) => ({ body: { verification_code: values.code! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
    ],
  },
];
