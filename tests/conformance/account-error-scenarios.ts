import {
  changeMobile,
  changePassword,
  confirmMobile,
  login,
  resendCode,
} from '@brnd/contracts/api/accounts';
import {
  PASSWORD_CHANGE_FAILURES,
  SMS_RESEND_COOLDOWN_MS,
  SMS_RESENDS_PER_HOUR,
} from '@brnd/contracts/domain/constants';
import {
  confirmTheEmail,
  sendTheSmsCode,
  signUp,
  UNKNOWN_CODE,
  verifiedUser,
} from './accounts-scenarios.ts';
import { advanceClock, call, type Scenario, type Values } from './runner.ts';

/**
 * The accounts' refusals the catalogue declares beyond the flows of accounts-scenarios.ts
 * (decision 051): a dead phone-step link on each phone endpoint, each bound on sending SMS codes,
 * and the password change's throttle.
 */

const HOUR_MS = 60 * 60_000;

const phoneStep = (values: Values) => ({
  body: { verification_code: values.code!, mobile: values.mobile! },
});

export const accountErrorScenarios: Scenario[] = [
  {
    name: 'accounts: another site’s page cannot sign the browser in (a cookie login)',
    steps: [
      ...verifiedUser,
      call(login, {
        fromAnotherSite: true,
        input: (values) => ({
          body: { email: values.email!, password: values.password!, session: 'cookie' as const },
        }),
        expect: { status: 403, kind: 'crossSite' },
      }),
    ],
  },
  {
    name: 'accounts: every phone step refuses a link that is unknown, used or expired',
    steps: [
      call(changeMobile, {
        input: (values) => ({ body: { verification_code: UNKNOWN_CODE, mobile: values.mobile! } }),
        expect: { status: 400, kind: 'linkInvalid' },
      }),
      call(resendCode, {
        input: () => ({ body: { verification_code: UNKNOWN_CODE } }),
        expect: { status: 400, kind: 'linkInvalid' },
      }),
      call(confirmMobile, {
        input: () => ({
          body: { verification_code: UNKNOWN_CODE, mobile_verification_code: '1234' },
        }),
        expect: { status: 400, kind: 'linkInvalid' },
      }),
    ],
  },
  {
    name: `accounts: SMS codes wait a minute, ${SMS_RESENDS_PER_HOUR} an hour, and as many a day to one number`,
    steps: [
      ...signUp,
      ...confirmTheEmail,
      ...sendTheSmsCode,
      call(changeMobile, {
        label: 'the number again inside the cooldown',
        input: phoneStep,
        expect: { status: 429, kind: 'smsCooldown' },
      }),
      // The first code and these make the hour's allowance.
      ...Array.from({ length: SMS_RESENDS_PER_HOUR - 1 }, (_, index) => [
        advanceClock(SMS_RESEND_COOLDOWN_MS),
        call(resendCode, {
          label: `resend ${index + 2}`,
          input: phoneStep,
          expect: { status: 200 },
        }),
      ]).flat(),
      advanceClock(SMS_RESEND_COOLDOWN_MS),
      call(resendCode, {
        label: 'a resend over the hour’s allowance',
        input: phoneStep,
        expect: { status: 429, kind: 'resendLimit' },
      }),
      call(changeMobile, {
        label: 'the same number over the hour’s allowance',
        input: phoneStep,
        expect: { status: 429, kind: 'resendLimit' },
      }),
      // A new hour, but the number has had its codes for the day.
      advanceClock(HOUR_MS),
      call(resendCode, {
        label: 'a resend to a number that had the day’s codes',
        input: phoneStep,
        expect: { status: 429, kind: 'smsDailyLimit' },
      }),
      call(changeMobile, {
        label: 'the same number, that had the day’s codes',
        input: phoneStep,
        expect: { status: 429, kind: 'smsDailyLimit' },
      }),
    ],
  },
  {
    name: `accounts: ${PASSWORD_CHANGE_FAILURES} wrong current passwords stop password changes for a while`,
    steps: [
      ...verifiedUser,
      call(changePassword, {
        label: 'a wrong current password',
        as: 'token',
        times: PASSWORD_CHANGE_FAILURES,
        input: () => ({ body: { currentpassword: 'Wrong123!x', newpassword: 'Changed12!' } }),
        expect: { status: 400, kind: 'wrongCurrentPassword' },
      }),
      call(changePassword, {
        label: 'the right one, once throttled',
        as: 'token',
        input: (values) => ({
          body: { currentpassword: values.password!, newpassword: 'Changed12!' },
        }),
        expect: { status: 429, kind: 'tooManyAttempts', retryAfter: true },
      }),
    ],
  },
];
