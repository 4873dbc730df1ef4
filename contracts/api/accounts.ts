import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './message.ts';
import { logout } from './session.ts';
import { getMobile, profile } from './profile.ts';
import { UserSchema } from './user.ts';
import {
  AddressSchema,
  EmailSchema,
  FullNameSchema,
  LoginPasswordSchema,
  OpaqueCodeSchema,
  PasswordSchema,
  PhoneCodeSchema,
  PhoneSchema,
} from '../domain/rules.ts';
import { LANGUAGES } from '../domain/constants.ts';
import {
  crossSite,
  declareError,
  inputErrors,
  linkInvalid,
  sessionErrors,
  tooManyAttempts,
  wrongCurrentPassword,
} from './error-catalogue.ts';

/** Accounts: sign-up, e-mail and phone verification, login, password reset, profile. */

export { getMobile, profile } from './profile.ts';
export { UserSchema, type User } from './user.ts';

export const SUCCESS = 'success';
export const AUTH_SUCCESS = 'Auth Success!';

/* ------------------------------------------------------------------ the accounts' error answers */

/** Wrong e-mail or password (the same answer for an unknown address). */
export const invalidCredentials = declareError({
  status: 401,
  messageId: 'errors.invalidCredentials',
});
/** The password is right but the e-mail was never confirmed (the link is mailed again). */
export const emailNotVerified = declareError({ status: 403, messageId: 'errors.emailNotVerified' });
/** The SMS code is dead: SMS_CODE_MAX_ATTEMPTS wrong tries, expired, or a newer one sent. */
export const codeExpired = declareError({ status: 400, messageId: 'errors.codeExpired' });
/** Not the SMS code that was sent (a try counted). */
export const verificationFailed = declareError({
  status: 400,
  messageId: 'errors.verificationFailed',
});
/** The right SMS code for a number another account has verified (decision 040). */
export const phoneTaken = declareError({ status: 409, messageId: 'errors.phoneTaken' });

const waitValues = v.object({ seconds: v.number() });
/** An SMS code was sent under SMS_RESEND_COOLDOWN_MS ago: the page counts `seconds` down. */
export const smsCooldown = declareError({
  status: 429,
  messageId: 'errors.smsCooldown',
  retryAfter: true,
  values: waitValues,
});
/** SMS_RESENDS_PER_HOUR codes sent within the hour. */
export const resendLimit = declareError({
  status: 429,
  messageId: 'errors.resendLimit',
  retryAfter: true,
  values: waitValues,
});
/** The account's or the number's SMS for the day are used up. */
export const smsDailyLimit = declareError({
  status: 429,
  messageId: 'errors.smsDailyLimit',
  retryAfter: true,
  values: waitValues,
});
/** The day's SMS budget for the number's country is spent. */
export const smsUnavailable = declareError({
  status: 429,
  messageId: 'errors.smsUnavailable',
  retryAfter: true,
  values: waitValues,
});
/** The bounds on sending an SMS code (decision 040), any of which refuses a send. */
export const smsBoundErrors = { smsCooldown, resendLimit, smsDailyLimit, smsUnavailable } as const;

const ReferralCodeSchema = v.pipe(v.string(), v.trim(), v.maxLength(64));

export const signup = defineEndpoint({
  id: 'signup',
  method: 'POST',
  path: '/api/user/signup',
  status: 201,
  body: v.object({
    name: FullNameSchema,
    mobile: PhoneSchema,
    email: EmailSchema,
    password: PasswordSchema,
    referral_code: v.optional(ReferralCodeSchema),
  }),
  // The same answer for a new and a registered address (decision 028): no referral code here;
  // the account's link is shown once the account is confirmed.
  response: MessageResponseSchema,
  errors: { ...inputErrors, tooManyAttempts },
});

/** For API clients: the token goes in their bearer header (the spec's API table). */
export const LoginSuccessSchema = v.object({
  message: v.literal(AUTH_SUCCESS),
  token: v.string(),
  email: v.string(),
  mobile: v.string(),
  name: v.string(),
  /** The account may use the operator console (the console's endpoints still check it). */
  operator: v.optional(v.boolean()),
});

/** For the web app (`session: 'cookie'`): the token is in an HttpOnly cookie, not here. */
export const LoginCookieSuccessSchema = v.object({
  message: v.literal(AUTH_SUCCESS),
  email: v.string(),
  mobile: v.string(),
  name: v.string(),
  operator: v.optional(v.boolean()),
});

/** The phone is not verified yet: no session, but a code that continues the phone steps. */
export const LoginNeedsPhoneSchema = v.object({
  message: v.string(),
  code: v.string(),
  email: v.string(),
  mobile: v.string(),
  name: v.string(),
});

export const login = defineEndpoint({
  id: 'login',
  method: 'POST',
  path: '/api/user/login',
  body: v.object({
    email: EmailSchema,
    password: LoginPasswordSchema,
    /**
     * `cookie`: the web app's session. The bff sets the token as an HttpOnly cookie and leaves it
     * out of the answer, so page scripts never see it. Without it, the token is in the answer
     * for an API client's bearer header (the spec's API table).
     */
    session: v.optional(v.literal('cookie')),
  }),
  // The token-carrying shape first: a union answers with the first shape that fits, and the
  // cookie shape would drop the token.
  response: v.union([LoginSuccessSchema, LoginCookieSuccessSchema, LoginNeedsPhoneSchema]),
  errors: { ...inputErrors, invalidCredentials, emailNotVerified, tooManyAttempts, crossSite },
});

/** Not in the spec's table: revokes the server-side session so a copied token dies with it. */
export const confirmEmail = defineEndpoint({
  id: 'confirmEmail',
  method: 'POST',
  path: '/api/user/confirm',
  body: v.object({ verification_code: OpaqueCodeSchema }),
  response: MessageResponseSchema,
  errors: { linkInvalid, ...inputErrors },
});

export const changeMobile = defineEndpoint({
  id: 'changeMobile',
  method: 'POST',
  path: '/api/user/changemobile',
  body: v.object({ verification_code: OpaqueCodeSchema, mobile: PhoneSchema }),
  response: MessageResponseSchema,
  errors: { linkInvalid, ...inputErrors, ...smsBoundErrors },
});

export const resendCode = defineEndpoint({
  id: 'resendCode',
  method: 'POST',
  path: '/api/user/code_resend',
  body: v.object({ verification_code: OpaqueCodeSchema, mobile: v.optional(v.string()) }),
  response: MessageResponseSchema,
  errors: { linkInvalid, ...inputErrors, ...smsBoundErrors },
});

export const confirmMobile = defineEndpoint({
  id: 'confirmMobile',
  method: 'POST',
  path: '/api/user/confirm_mobile',
  body: v.object({
    mobile_verification_code: PhoneCodeSchema,
    verification_code: OpaqueCodeSchema,
  }),
  // The account is confirmed now: its own referral code opens the registration success page.
  response: v.object({ message: v.string(), referral_code: v.string() }),
  errors: { linkInvalid, codeExpired, verificationFailed, ...inputErrors, phoneTaken },
});

export const forgotPassword = defineEndpoint({
  id: 'forgotPassword',
  method: 'POST',
  path: '/api/user/forgotpassword',
  body: v.object({ email: EmailSchema }),
  response: MessageResponseSchema,
  errors: { ...inputErrors },
});

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/api/user/resetpassword',
  body: v.object({ password: PasswordSchema, code: OpaqueCodeSchema }),
  response: MessageResponseSchema,
  errors: { linkInvalid, ...inputErrors },
});

/** E-mail and mobile are sent by the original client but are not editable: the server ignores them. */
export const updateProfile = defineEndpoint({
  id: 'updateProfile',
  method: 'POST',
  path: '/api/user/updateprofile',
  auth: 'required',
  body: v.object({
    name: FullNameSchema,
    address: AddressSchema,
    email: v.optional(v.string()),
    mobile: v.optional(v.string()),
    /** Not sent by the original client: the account's language stays as it was. */
    language: v.optional(v.picklist(LANGUAGES, 'validation.language')),
  }),
  response: v.object({ message: v.string(), user: UserSchema }),
  errors: { ...sessionErrors, ...inputErrors },
});

/**
 * The account's language (e-mails, SMS): the app sets it when the user switches the flag while
 * logged in, and from the profile.
 */
export const setLanguage = defineEndpoint({
  id: 'setLanguage',
  method: 'POST',
  path: '/api/user/language',
  auth: 'required',
  body: v.object({ language: v.picklist(LANGUAGES, 'validation.language') }),
  response: v.object({ message: v.string(), user: UserSchema }),
  errors: { ...sessionErrors, ...inputErrors },
});

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'POST',
  path: '/api/user/changepassword',
  auth: 'required',
  body: v.pipe(
    v.object({
      currentpassword: v.pipe(v.string(), v.nonEmpty('validation.currentPassword')),
      newpassword: PasswordSchema,
      confirmpassword: v.optional(v.string()),
    }),
    v.forward(
      v.check(
        (input) =>
          input.confirmpassword === undefined || input.confirmpassword === input.newpassword,
        'validation.passwordMismatch',
      ),
      ['confirmpassword'],
    ),
  ),
  response: MessageResponseSchema,
  errors: { ...sessionErrors, wrongCurrentPassword, ...inputErrors, tooManyAttempts },
});

export const health = defineEndpoint({
  id: 'health',
  method: 'GET',
  path: '/api/health',
  response: v.object({
    status: v.picklist(['ok', 'degraded']),
    database: v.picklist(['up', 'down']),
  }),
  errors: {},
});

export const accountEndpoints = {
  signup,
  login,
  logout,
  confirmEmail,
  getMobile,
  changeMobile,
  resendCode,
  confirmMobile,
  forgotPassword,
  resetPassword,
  profile,
  updateProfile,
  setLanguage,
  changePassword,
  health,
} as const;
