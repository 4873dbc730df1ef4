import {
  changeMobile,
  confirmMobile,
  getMobile,
  health,
  resendCode,
} from '@brnd/contracts/api/accounts';
import { SMS_RESEND_COOLDOWN_MS } from '@brnd/contracts/domain/constants';
import {
  UNKNOWN_CODE,
  wrongSmsCode,
  signUp,
  confirmTheEmail,
  sendTheSmsCode,
  confirmThePhone,
  confirmPhone,
  logIn,
  verifiedUser,
} from './account-steps.ts';
import { advanceClock, call, readOutbox, type Scenario } from './runner.ts';

/**
 * The phone steps (spec section 7): the number read, changed and confirmed by SMS code, wrong
 * codes, and one verified number per account however it is spelt.
 */
export const accountPhoneScenarios: Scenario[] = [
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
      confirmPhone('the confirmation sent again (its answer lost) is answered as it was'),
      call(confirmMobile, {
        label: 'another code on the used link is no repeat',
        input: (values) => ({
          body: { mobile_verification_code: wrongSmsCode(values), verification_code: values.code! },
        }),
        expect: { status: 400, messageId: 'errors.linkInvalid' },
      }),
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
];
