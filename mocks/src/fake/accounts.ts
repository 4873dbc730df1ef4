import { AUTH_SUCCESS, SUCCESS } from '@brnd/contracts/api/accounts';
import type { Language } from '@brnd/contracts/domain/constants';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import {
  EMAIL_RESEND_INTERVAL_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_THROTTLE_WINDOW_MS,
  PASSWORD_CHANGE_FAILURES,
  PHONE_STEP_CODE_LIFETIME_MS,
  REFERRAL_REWARD_USER_BRND,
  RESET_CODE_LIFETIME_MS,
  RESET_EMAILS_PER_HOUR,
  SESSION_LIFETIME_MS,
  SMS_CODE_MAX_ATTEMPTS,
  SIGNUP_THROTTLE_WINDOW_MS,
  SIGNUPS_PER_EMAIL,
  SIGNUPS_PER_IP,
} from '@brnd/contracts/domain/constants';
import { localText } from '../messages.ts';
import { findReferralLink } from '../referrals.ts';
import {
  HOUR,
  NEEDS_PHONE_MESSAGE,
  FakeError,
  type UserRecord,
  randomCode,
  randomReferralCode,
} from './records.ts';
import type { FakeCore } from './core.ts';

/** Accounts as the bff's services/accounts.ts and sessions.ts: sign-up, login, codes, passwords, profile. */
export function fakeAccounts(core: FakeCore) {
  const {
    now,
    appUrl,
    send,
    issueCode,
    hit,
    refund,
    tooManyAttempts,
    sendVerificationMail,
    sendSmsCode,
    userByEmail,
    userById,
    liveCode,
    phoneStepUser,
    toUser,
    revokeSessions,
    rewardReferral,
  } = core;
  return {
    /** The same answer for a new and a registered address, as the bff (decision 028). */
    signup(
      input: {
        name: string;
        mobile: string;
        email: string;
        password: string;
        referral_code?: string;
      },
      clientAddress = 'local',
      language: Language = 'en',
    ) {
      const email = input.email.toLowerCase();
      const ipLimit = hit(`signup:ip:${clientAddress}`, SIGNUPS_PER_IP, SIGNUP_THROTTLE_WINDOW_MS);
      const emailLimit = hit(`signup:email:${email}`, SIGNUPS_PER_EMAIL, SIGNUP_THROTTLE_WINDOW_MS);
      const refused = [ipLimit, emailLimit].filter((limit) => !limit.allowed);
      if (refused.length > 0) {
        throw tooManyAttempts(Math.max(...refused.map((limit) => limit.retryAfterSeconds)));
      }
      const owner = userByEmail(input.email);
      if (owner) {
        send({
          channel: 'email',
          to: owner.email,
          subject: localText(owner.language, 'email.signupExisting.subject'),
          text: [
            localText(owner.language, 'email.greeting', { name: owner.name }),
            localText(owner.language, 'email.signupExisting.body'),
            pageLink(appUrl, APP_PAGES.login, { language: owner.language }),
            localText(owner.language, 'email.signupExisting.forgot'),
            pageLink(appUrl, APP_PAGES.forgotPassword, { language: owner.language }),
          ].join('\n\n'),
        });
        return { message: SUCCESS };
      }
      const user: UserRecord = {
        id: core.state.nextId++,
        name: input.name,
        email,
        mobile: input.mobile,
        address: '',
        password: input.password,
        emailVerified: false,
        phoneVerified: false,
        referralCode: randomReferralCode(),
        role: 'user',
        wallet: { amount: 0, brnd_tokens: 0, walletAddress: null, walletVerified: false },
        language,
      };
      core.state.users.push(user);
      core.state.referralLinks.push({
        userId: user.id,
        code: user.referralCode,
        description: '',
        clicks: 0,
        signups: 0,
        tokens: 0,
        archived: false,
      });
      // Credited when the account completes verification (confirmMobile), as the bff does.
      const via = findReferralLink(core.state.referralLinks, input.referral_code);
      if (via && via.userId !== user.id) user.referredVia = via.code;
      sendVerificationMail(user);
      return { message: SUCCESS };
    },

    /** Throttled per account and client address, as the bff (decision 029). */
    login(input: { email: string; password: string }, clientAddress = 'local') {
      const accountKey = `login:pair:${input.email.toLowerCase()}|${clientAddress}`;
      // Counted before the password is checked, as the bff does, so parallel guesses cannot pass.
      const limit = hit(accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      const user = userByEmail(input.email);
      if (!user || user.password !== input.password) {
        throw new FakeError(401, 'errors.invalidCredentials');
      }
      delete core.state.limits[accountKey];
      if (!user.emailVerified) {
        if (hit(`verify-mail:${user.id}`, 1, EMAIL_RESEND_INTERVAL_MS).allowed) {
          sendVerificationMail(user);
        }
        throw new FakeError(403, 'errors.emailNotVerified');
      }
      if (!user.phoneVerified) {
        return {
          message: NEEDS_PHONE_MESSAGE,
          code: issueCode(user.id, 'phoneStep', PHONE_STEP_CODE_LIFETIME_MS),
          email: user.email,
          mobile: user.mobile,
          name: user.name,
        };
      }
      const token = randomCode();
      core.state.sessions.push({ token, userId: user.id, expiresAt: now() + SESSION_LIFETIME_MS });
      return {
        message: AUTH_SUCCESS as typeof AUTH_SUCCESS,
        token,
        email: user.email,
        mobile: user.mobile,
        name: user.name,
        operator: user.role === 'admin',
      };
    },

    logout(token: string) {
      core.state.sessions = core.state.sessions.filter((session) => session.token !== token);
      return { message: SUCCESS };
    },

    /** The e-mail code is used up and, while the phone is unverified, opens the phone steps. */
    confirmEmail(input: { verification_code: string }) {
      const code = input.verification_code;
      const record = liveCode(code, ['email']);
      if (record) {
        record.used = true;
        const user = userById(record.userId);
        user.emailVerified = true;
        if (!user.phoneVerified) issueCode(user.id, 'phoneStep', PHONE_STEP_CODE_LIFETIME_MS, code);
        return { message: SUCCESS };
      }
      // Opening the link again (a reload, a second click) is fine while the phone steps last.
      if (liveCode(code, ['phoneStep'])) return { message: SUCCESS };
      throw new FakeError(400, 'errors.linkInvalid');
    },

    getMobile(params: { code: string }) {
      return { message: SUCCESS, mobile: phoneStepUser(params.code).mobile };
    },

    changeMobile(input: { verification_code: string; mobile: string }) {
      sendSmsCode(phoneStepUser(input.verification_code), input.mobile);
      return { message: SUCCESS };
    },

    resendCode(input: { verification_code: string }) {
      sendSmsCode(phoneStepUser(input.verification_code));
      return { message: SUCCESS };
    },

    confirmMobile(input: { mobile_verification_code: string; verification_code: string }) {
      // The request that verified the phone, sent again: answered as it was then (as the bff).
      const repeated = core.state.codes.find(
        (code) =>
          code.code === input.verification_code &&
          code.verifiedWith === input.mobile_verification_code &&
          code.expiresAt > now(),
      );
      const verified = repeated && userById(repeated.userId);
      if (verified) return { message: SUCCESS, referral_code: verified.referralCode };
      const user = phoneStepUser(input.verification_code);
      const sms = core.state.smsCodes.find((candidate) => candidate.userId === user.id);
      if (!sms || sms.attempts >= SMS_CODE_MAX_ATTEMPTS || sms.expiresAt <= now()) {
        throw new FakeError(400, 'errors.codeExpired', {
          errors: { mobile_verification_code: 'errors.codeExpired' },
        });
      }
      sms.attempts += 1;
      if (sms.code !== input.mobile_verification_code) {
        throw new FakeError(400, 'errors.verificationFailed', {
          errors: { mobile_verification_code: 'errors.verificationFailed' },
        });
      }
      core.state.smsCodes = core.state.smsCodes.filter((candidate) => candidate !== sms);
      // One verified number per account (decision 040), told only to whoever holds the phone.
      const taken = core.state.users.some(
        (other) => other.id !== user.id && other.phoneVerified && other.mobile === user.mobile,
      );
      if (taken) throw new FakeError(409, 'errors.phoneTaken');
      const completes = !user.phoneVerified;
      user.phoneVerified = true;
      user.emailVerified = true;
      if (completes) rewardReferral(user.referredVia, REFERRAL_REWARD_USER_BRND, 'signup', user);
      for (const code of core.state.codes) {
        if (code.userId === user.id && code.purpose === 'phoneStep' && !code.used) {
          code.used = true;
          code.verifiedWith = input.mobile_verification_code;
        }
      }
      return { message: SUCCESS, referral_code: user.referralCode };
    },

    /** The same answer for every address; at most RESET_EMAILS_PER_HOUR e-mails per address. */
    forgotPassword(input: { email: string }) {
      const allowed = hit(`reset-mail:${input.email}`, RESET_EMAILS_PER_HOUR, HOUR).allowed;
      const user = allowed ? userByEmail(input.email) : undefined;
      if (user) {
        const code = issueCode(user.id, 'reset', RESET_CODE_LIFETIME_MS);
        send({
          channel: 'email',
          to: user.email,
          subject: localText(user.language, 'email.reset.subject'),
          text: [
            localText(user.language, 'email.greeting', { name: user.name }),
            localText(user.language, 'email.reset.body'),
            pageLink(appUrl, APP_PAGES.resetPassword, {
              params: { code },
              language: user.language,
            }),
            localText(user.language, 'email.reset.validity', {
              hours: Math.round(RESET_CODE_LIFETIME_MS / HOUR),
            }),
          ].join('\n\n'),
        });
      }
      return { message: SUCCESS };
    },

    checkResetCode(params: { code: string }) {
      if (!liveCode(params.code, ['reset'])) throw new FakeError(400, 'errors.linkInvalid');
      return { message: SUCCESS };
    },

    /** Receiving the link proves the address; every session ends and the login throttle clears. */
    resetPassword(input: { password: string; code: string }) {
      const record = liveCode(input.code, ['reset']);
      if (!record) throw new FakeError(400, 'errors.linkInvalid');
      const user = userById(record.userId);
      for (const code of core.state.codes) {
        if (code.userId === user.id && code.purpose === 'reset') code.used = true;
      }
      user.password = input.password;
      user.emailVerified = true;
      revokeSessions(user.id);
      // The owner proved the address: every address's wait for this account ends.
      for (const key of Object.keys(core.state.limits)) {
        if (key.startsWith(`login:pair:${user.email.toLowerCase()}|`))
          delete core.state.limits[key];
      }
      return { message: SUCCESS };
    },

    profile(user: UserRecord) {
      return { user: toUser(user) };
    },

    updateProfile(
      user: UserRecord,
      input: { name: string; address: string; language?: Language | undefined },
    ) {
      user.name = input.name;
      user.address = input.address;
      if (input.language) user.language = input.language;
      return { message: SUCCESS, user: toUser(user) };
    },

    setLanguage(user: UserRecord, language: Language) {
      user.language = language;
      return { message: SUCCESS, user: toUser(user) };
    },

    /** Every session ends, this one included: the app sends the user back to /login. */
    changePassword(user: UserRecord, input: { currentpassword: string; newpassword: string }) {
      const key = `password-change:${user.id}`;
      const limit = hit(key, PASSWORD_CHANGE_FAILURES, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      if (user.password !== input.currentpassword) {
        throw new FakeError(400, 'errors.wrongCurrentPassword', {
          errors: { currentpassword: 'errors.wrongCurrentPassword' },
        });
      }
      refund(key);
      user.password = input.newpassword;
      revokeSessions(user.id);
      return { message: SUCCESS };
    },

    health() {
      return { status: 'ok' as const, database: 'up' as const };
    },
  };
}
