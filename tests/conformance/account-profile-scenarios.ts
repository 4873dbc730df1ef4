import { changePassword, profile, setLanguage, updateProfile } from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import { logIn, verifiedUser } from './account-steps.ts';
import { call, type Scenario } from './runner.ts';

/**
 * The signed-in account: the profile, the password change and logout.
 */
export const accountProfileScenarios: Scenario[] = [
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
