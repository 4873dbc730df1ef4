import { expect } from 'vitest';
import {
  changeMobile,
  changePassword,
  confirmEmail,
  confirmMobile,
  forgotPassword,
  getMobile,
  health,
  login,
  profile,
  resendCode,
  resetPassword,
  setLanguage,
  signup,
  updateProfile,
} from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  SIGNUPS_PER_EMAIL,
  SMS_RESEND_COOLDOWN_MS,
} from '@brnd/contracts/domain/constants';
import { advanceClock, call, readOutbox, type Scenario, type Step, type Values } from './runner.ts';

/** The accounts rows of spec section 7, as scenarios both the mocks and the bff must pass. */

export const UNKNOWN_CODE = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const signupBody = (values: Values) => ({
  name: values.name!,
  mobile: values.mobile!,
  email: values.email!,
  password: values.password!,
});

const credentials = (values: Values) => ({ email: values.email!, password: values.password! });

/** A four-digit code that is not the one sent. */
const wrongSmsCode = (values: Values) =>
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

const confirmThePhone: Step[] = [
  call(confirmMobile, {
    input: (values) => ({
      body: { mobile_verification_code: values.smsCode!, verification_code: values.code! },
    }),
    expect: {
      status: 200,
      // Confirmed: the account's own referral code, for the registration success page.
      body: () => ({ message: 'success', referral_code: expect.stringMatching(/^[A-Z0-9]{6,}$/) }),
    },
  }),
];

const logIn = (saveAs = 'token'): Step =>
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

export const accountScenarios: Scenario[] = [
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
  {
    name: 'the phone steps: get the number, change it, resend, a wrong code, the right code',
    steps: [
      ...signUp,
      ...confirmTheEmail,
      call(getMobile, {
        input: (values) => ({ params: { code: values.code! } }),
        expect: {
          status: 200,
          body: (values) => ({ message: 'success', mobile: values.mobileNormalized }),
        },
      }),
      call(getMobile, {
        label: 'getmobile with an unknown code',
        input: () => ({ params: { code: UNKNOWN_CODE } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      call(changeMobile, {
        label: 'changemobile with a bad number',
        input: (values) => ({ body: { verification_code: values.code!, mobile: 'call me' } }),
        expect: {
          status: 400,
          messageId: 'validation.phone',
          fields: { mobile: 'validation.phone' },
        },
      }),
      ...sendTheSmsCode,
      call(resendCode, {
        label: 'a resend inside the cooldown',
        input: (values) => ({ body: { verification_code: values.code!, mobile: values.mobile! } }),
        expect: { status: 429, messageId: 'errors.smsCooldown', retryAfter: true },
      }),
      advanceClock(SMS_RESEND_COOLDOWN_MS),
      call(resendCode, {
        input: (values) => ({ body: { verification_code: values.code!, mobile: values.mobile! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      readOutbox('sms', (values) => values.mobileNormalized!, 'smsCode'),
      call(confirmMobile, {
        label: 'confirm_mobile with a wrong code',
        input: (values) => ({
          body: { mobile_verification_code: wrongSmsCode(values), verification_code: values.code! },
        }),
        expect: {
          status: 400,
          messageId: 'errors.verificationFailed',
          fields: { mobile_verification_code: 'errors.verificationFailed' },
        },
      }),
      call(confirmMobile, {
        label: 'confirm_mobile with a malformed code',
        input: (values) => ({
          body: { mobile_verification_code: '12a', verification_code: values.code! },
        }),
        expect: {
          status: 400,
          messageId: 'validation.code',
          fields: { mobile_verification_code: 'validation.code' },
        },
      }),
      ...confirmThePhone,
      call(getMobile, {
        label: 'the e-mail code is dead once the phone is verified',
        input: (values) => ({ params: { code: values.code! } }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
      logIn(),
    ],
  },
  {
    name: 'five wrong SMS codes kill the code until a resend',
    steps: [
      ...signUp,
      ...confirmTheEmail,
      ...sendTheSmsCode,
      call(confirmMobile, {
        label: 'a wrong code',
        times: 5,
        input: (values) => ({
          body: { mobile_verification_code: wrongSmsCode(values), verification_code: values.code! },
        }),
        expect: { status: 400, messageId: 'errors.verificationFailed' },
      }),
      call(confirmMobile, {
        label: 'the right code, too late',
        input: (values) => ({
          body: { mobile_verification_code: values.smsCode!, verification_code: values.code! },
        }),
        expect: { status: 400, messageId: 'errors.codeExpired' },
      }),
      advanceClock(SMS_RESEND_COOLDOWN_MS),
      call(resendCode, {
        input: (values) => ({ body: { verification_code: values.code! } }),
        expect: { status: 200 },
      }),
      readOutbox('sms', (values) => values.mobileNormalized!, 'smsCode'),
      ...confirmThePhone,
    ],
  },
  {
    name: 'a number verified on one account is refused on a second, without saying whose',
    steps: [
      ...verifiedUser,
      call(health, {
        label: 'a second account with the same number',
        expect: { status: 200 },
        save: (_, values) => {
          values.email = `second-${values.email!}`;
        },
      }),
      ...signUp,
      ...confirmTheEmail,
      // The number is answered like any other until the code proves the phone is at hand.
      ...sendTheSmsCode,
      call(confirmMobile, {
        label: 'the right code for a number another account has verified',
        input: (values) => ({
          body: { mobile_verification_code: values.smsCode!, verification_code: values.code! },
        }),
        expect: { status: 409, messageId: 'errors.phoneTaken' },
      }),
    ],
  },
  {
    name: 'a number is one however it is spelt: its 00 form is refused on a second account',
    steps: [
      ...verifiedUser,
      call(health, {
        label: 'a second account with the same number spelt 00 48…',
        expect: { status: 200 },
        save: (_, values) => {
          values.email = `second-${values.email!}`;
          values.mobile = `00${values.mobileNormalized!.slice(1)}`;
        },
      }),
      ...signUp,
      ...confirmTheEmail,
      // The code goes to the number in its one stored form.
      ...sendTheSmsCode,
      call(confirmMobile, {
        label: 'the right code for the verified number in another spelling',
        input: (values) => ({
          body: { mobile_verification_code: values.smsCode!, verification_code: values.code! },
        }),
        expect: { status: 409, messageId: 'errors.phoneTaken' },
      }),
    ],
  },
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
  {
    name: 'the profile needs a session; user can read and update it',
    steps: [
      call(profile, {
        label: 'profile without a token',
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      ...verifiedUser,
      call(profile, {
        as: 'token',
        expect: {
          status: 200,
          body: (values) => ({
            user: {
              name: values.name,
              email: values.email,
              mobile: values.mobileNormalized,
              address: '',
              language: 'en',
            },
          }),
        },
      }),
      call(setLanguage, {
        label: 'the flag switched to Polish while signed in',
        as: 'token',
        input: () => ({ body: { language: 'po' as const } }),
        expect: { status: 200, body: () => ({ message: 'success', user: { language: 'po' } }) },
      }),
      call(setLanguage, {
        label: 'a language the site does not speak',
        as: 'token',
        input: () => ({ body: { language: 'de' as 'po' } }),
        expect: {
          status: 400,
          messageId: 'validation.language',
          fields: { language: 'validation.language' },
        },
      }),
      call(updateProfile, {
        label: 'update with an empty address',
        as: 'token',
        input: () => ({ body: { name: 'Renamed Tester', address: ' ' } }),
        expect: {
          status: 400,
          messageId: 'validation.address',
          fields: { address: 'validation.address' },
        },
      }),
      call(updateProfile, {
        as: 'token',
        input: () => ({
          body: {
            name: 'Renamed Tester',
            address: 'ul. Długa 1, 80-831 Gdańsk',
            email: 'ignored@example.com',
            mobile: '+48 111 111 111',
            language: 'en' as const,
          },
        }),
        expect: {
          status: 200,
          body: (values) => ({
            user: {
              name: 'Renamed Tester',
              address: 'ul. Długa 1, 80-831 Gdańsk',
              email: values.email,
              mobile: values.mobileNormalized,
              language: 'en',
            },
          }),
        },
      }),
    ],
  },
  {
    name: 'change password: a wrong current one is refused; success revokes the old token',
    steps: [
      ...verifiedUser,
      call(changePassword, {
        label: 'confirmation does not match',
        as: 'token',
        input: (values) => ({
          body: {
            currentpassword: values.password!,
            newpassword: 'Changed12!',
            confirmpassword: 'Changed13!',
          },
        }),
        expect: {
          status: 400,
          messageId: 'validation.passwordMismatch',
          fields: { confirmpassword: 'validation.passwordMismatch' },
        },
      }),
      call(changePassword, {
        label: 'wrong current password',
        as: 'token',
        input: () => ({ body: { currentpassword: 'Wrong123!x', newpassword: 'Changed12!' } }),
        expect: {
          status: 400,
          messageId: 'errors.wrongCurrentPassword',
          fields: { currentpassword: 'errors.wrongCurrentPassword' },
        },
      }),
      call(changePassword, {
        as: 'token',
        input: (values) => ({
          body: {
            currentpassword: values.password!,
            newpassword: 'Changed12!',
            confirmpassword: 'Changed12!',
          },
        }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
        save: (_, values) => {
          values.password = 'Changed12!';
        },
      }),
      call(profile, {
        label: 'the old token',
        as: 'token',
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      logIn('newToken'),
      call(profile, { label: 'the new token', as: 'newToken', expect: { status: 200 } }),
    ],
  },
  {
    name: 'logout revokes the token',
    steps: [
      call(logout, {
        label: 'logout without a token',
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      ...verifiedUser,
      call(logout, { as: 'token', expect: { status: 200, body: () => ({ message: 'success' }) } }),
      call(profile, {
        label: 'the logged-out token',
        as: 'token',
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
    ],
  },
];
