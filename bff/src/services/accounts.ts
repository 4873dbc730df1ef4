import { AUTH_SUCCESS, type User as UserView } from '@brnd/contracts/api/accounts';
import {
  EMAIL_CODE_LIFETIME_MS,
  EMAIL_RESEND_INTERVAL_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_PER_DAY,
  LOGIN_LONG_WINDOW_MS,
  LOGIN_FAILURES_PER_IP,
  LOGIN_THROTTLE_WINDOW_MS,
  PASSWORD_CHANGE_FAILURES,
  PHONE_CODE_LENGTH,
  PHONE_STEP_CODE_LIFETIME_MS,
  RESET_CODE_LIFETIME_MS,
  RESET_EMAILS_PER_HOUR,
  SMS_CODE_LIFETIME_MS,
  SMS_CODE_MAX_ATTEMPTS,
  SIGNUP_THROTTLE_WINDOW_MS,
  SIGNUPS_PER_EMAIL,
  SIGNUPS_PER_IP,
} from '@brnd/contracts/domain/constants';
import {
  UniqueConstraintError,
  col,
  fn,
  where,
  type InferAttributes,
  type Transaction,
} from 'sequelize';
import type { Database } from '../db/database.ts';
import type { CodePurpose, Language, User } from '../db/models.ts';
import type { Logger } from '../logger.ts';
import { DomainError, tooManyAttempts } from './errors.ts';
import type { Notifications } from './notifications.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ReferralService } from './referrals.ts';
import { hitAll, type RateLimiter } from './rate-limits.ts';
import { createSmsBounds } from './sms-bounds.ts';
import type { Clock } from './votes.ts';
import { hmac, randomDigits, randomReferralCode, randomToken, sha256 } from './secrets.ts';
import type { AuthContext, SessionService } from './sessions.ts';

const HOUR_MS = 60 * 60_000;

/** The 200 answer of a login whose phone is not verified yet (the app continues the phone steps). */
export const PHONE_NOT_VERIFIED_MESSAGE = 'Please verify your phone number to finish signing up.';

export type LoginResult =
  | {
      message: typeof AUTH_SUCCESS;
      token: string;
      email: string;
      mobile: string;
      name: string;
      operator: boolean;
    }
  | { message: string; code: string; email: string; mobile: string; name: string };

export interface SignupInput {
  name: string;
  mobile: string;
  email: string;
  password: string;
  referral_code?: string | undefined;
}

export interface AccountService {
  /**
   * Answers alike for a new and a registered address (decision 028): a new one gets an account
   * and the confirmation link, a registered one's owner gets a notice; the caller learns neither.
   */
  signup(input: SignupInput, language: Language, ip: string): Promise<void>;
  confirmEmail(code: string): Promise<void>;
  getMobile(code: string): Promise<string>;
  changeMobile(code: string, mobile: string): Promise<void>;
  resendPhoneCode(code: string): Promise<void>;
  /** Returns the confirmed account's referral code, for the registration success page. */
  confirmMobile(code: string, smsCode: string): Promise<{ referralCode: string }>;
  login(input: { email: string; password: string }, ip: string): Promise<LoginResult>;
  logout(auth: AuthContext): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  /** Refuses a reset code that is used, unknown or expired (errors.linkInvalid). */
  checkResetCode(code: string): Promise<void>;
  resetPassword(code: string, password: string): Promise<void>;
  /** The profile as shown to its user; from the session's read, no model needed. */
  profile(user: ViewedUser): UserView;
  updateProfile(
    user: User,
    input: { name: string; address: string; language?: Language | undefined },
  ): Promise<UserView>;
  /** The language of the account's e-mails and SMS from now on. */
  setLanguage(user: User, language: Language): Promise<UserView>;
  changePassword(auth: AuthContext, current: string, next: string): Promise<void>;
}

export interface AccountServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionService;
  limiter: RateLimiter;
  notifications: Notifications;
  /** Keys the SMS-code HMAC. */
  secret: string;
  logger: Logger;
  /** Records who referred a new account, and rewards the referrer once it is verified. */
  referrals: ReferralService;
  /** Runs in the transaction that confirms an e-mail address (brand tokens held for it). */
  onEmailVerified?: (userId: string, transaction: Transaction) => Promise<unknown>;
  /** The SMS bounds' clock (decision 040); tests move it past a cooldown. */
  clock?: Clock;
}

/** What a user's view is made of: a model, or the columns read with the session. */
type ViewedUser = Pick<InferAttributes<User>, 'name' | 'email' | 'mobile' | 'address' | 'language'>;

const loginPairPrefix = (email: string) => `login:pair:${email.toLowerCase()}|`;
const loginPairDayPrefix = (email: string) => `login:pair-day:${email.toLowerCase()}|`;

const linkInvalid = () => new DomainError(400, 'errors.linkInvalid');

function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  if (!(error instanceof UniqueConstraintError)) return false;
  const original = error.original as { constraint?: string } | undefined;
  return original?.constraint === constraint;
}

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const { db, hasher, sessions, limiter, notifications, secret, logger, referrals } = deps;
  const { User } = db.models;
  const smsBounds = createSmsBounds({ db, clock: deps.clock ?? (() => new Date()) });

  const findByEmail = (email: string) =>
    User.findOne({ where: where(fn('lower', col('email')), email.toLowerCase()) });

  async function issueCode(
    userId: string,
    purpose: CodePurpose,
    lifetimeMs: number,
    options: { code?: string; transaction?: Transaction } = {},
  ): Promise<string> {
    const code = options.code ?? randomToken();
    await db.query(
      `INSERT INTO verification_codes (user_id, purpose, code_hash, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [userId, purpose, sha256(code), lifetimeMs],
      options.transaction ? { transaction: options.transaction } : {},
    );
    return code;
  }

  /** Marks a live code used and returns its user, in one statement: a code works exactly once. */
  async function consumeCode(
    purpose: CodePurpose,
    code: string,
    transaction?: Transaction,
  ): Promise<string | undefined> {
    const [row] = await db.query<{ user_id: string }>(
      `UPDATE verification_codes SET used_at = now()
       WHERE purpose = $1 AND code_hash = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [purpose, sha256(code)],
      transaction ? { transaction } : {},
    );
    return row?.user_id;
  }

  async function liveCodeUser(purpose: CodePurpose, code: string): Promise<string | undefined> {
    const [row] = await db.query<{ user_id: string }>(
      `SELECT user_id FROM verification_codes
       WHERE purpose = $1 AND code_hash = $2 AND used_at IS NULL AND expires_at > now()`,
      [purpose, sha256(code)],
    );
    return row?.user_id;
  }

  /** The user a phone-step code belongs to, while their phone is still unverified. */
  async function phoneStepUser(code: string): Promise<User> {
    const userId = await liveCodeUser('phone_step', code);
    const user = userId ? await User.findByPk(userId) : null;
    if (!user || user.phoneVerifiedAt) throw linkInvalid();
    return user;
  }

  async function sendVerificationEmail(user: User): Promise<void> {
    const code = await issueCode(user.id, 'email', EMAIL_CODE_LIFETIME_MS);
    await notifications.verificationEmail(user, code);
  }

  /** Sends a fresh SMS code to `mobile` (stored as the user's number) and kills older codes. */
  async function sendPhoneCode(user: User, mobile: string = user.mobile): Promise<void> {
    const code = randomDigits(PHONE_CODE_LENGTH);
    await db.transaction(async (transaction) => {
      // Locking the user serialises sends, so a user never has two live codes to guess at.
      await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id], { transaction });
      // Refused by a bound, the transaction rolls back: the stored number stays as it was.
      await smsBounds.claim(transaction, user.id, mobile);
      await db.query(
        'UPDATE users SET mobile = $2, updated_at = now() WHERE id = $1',
        [user.id, mobile],
        { transaction },
      );
      await db.query(
        'UPDATE sms_codes SET dead_at = now() WHERE user_id = $1 AND dead_at IS NULL',
        [user.id],
        { transaction },
      );
      await db.query(
        `INSERT INTO sms_codes (user_id, mobile, code_hash, expires_at)
         VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
        [user.id, mobile, hmac(secret, code), SMS_CODE_LIFETIME_MS],
        { transaction },
      );
    });
    await notifications.phoneCode(mobile, user.language, code);
  }

  /** The last phone step: the SMS code on the e-mail link verifies the number. */
  async function confirmPhone(code: string, smsCode: string): Promise<{ referralCode: string }> {
    const user = await phoneStepUser(code);
    const outcome = await verifyPhone(user, smsCode).catch((error: unknown) => {
      // Two accounts confirming one number at once: the unique index lets one through.
      if (isUniqueViolationOf(error, 'users_verified_mobile_key')) return 'taken' as const;
      throw error;
    });
    if (outcome === 'taken') throw new DomainError(409, 'errors.phoneTaken');
    if (outcome === 'expired') {
      throw new DomainError(400, 'errors.codeExpired', {
        fields: { mobile_verification_code: 'errors.codeExpired' },
      });
    }
    if (outcome === 'wrong') {
      throw new DomainError(400, 'errors.verificationFailed', {
        fields: { mobile_verification_code: 'errors.verificationFailed' },
      });
    }
    return { referralCode: user.referralCode };
  }

  /**
   * The referral code of the account whose phone this link and SMS code verified, while the link
   * would still be live. verifyPhone writes the verification, the link's use and the code's
   * death in one transaction, so all three carry its one `now()`.
   */
  async function verifiedWith(code: string, smsCode: string): Promise<string | undefined> {
    const [row] = await db.query<{ referral_code: string }>(
      `SELECT u.referral_code FROM verification_codes v
         JOIN users u ON u.id = v.user_id AND u.phone_verified_at = v.used_at
         JOIN sms_codes s ON s.user_id = u.id AND s.dead_at = u.phone_verified_at
       WHERE v.purpose = 'phone_step' AND v.code_hash = $1 AND v.expires_at > now()
         AND s.code_hash = $2`,
      [sha256(code), hmac(secret, smsCode)],
    );
    return row?.referral_code;
  }

  /** Counts the attempt; on the right code, verifies the number unless another account has it. */
  function verifyPhone(
    user: User,
    smsCode: string,
  ): Promise<'expired' | 'wrong' | 'taken' | 'verified'> {
    return db.transaction(
      async (transaction): Promise<'expired' | 'wrong' | 'taken' | 'verified'> => {
        // One atomic statement counts the attempt and evaluates the code, so parallel guesses
        // can never evaluate more than SMS_CODE_MAX_ATTEMPTS times.
        const [attempt] = await db.query<{ matched: boolean; mobile: string }>(
          `UPDATE sms_codes SET
         attempts = attempts + 1,
         dead_at = CASE WHEN code_hash = $2 OR attempts + 1 >= $3 THEN now() END
       WHERE user_id = $1 AND dead_at IS NULL AND attempts < $3 AND expires_at > now()
       RETURNING code_hash = $2 AS matched, mobile`,
          [user.id, hmac(secret, smsCode), SMS_CODE_MAX_ATTEMPTS],
          { transaction },
        );
        if (!attempt) return 'expired';
        if (!attempt.matched) return 'wrong';
        // One verified number per account (decision 040). Only someone holding the phone gets
        // this far, and the answer never says which account has the number.
        const [holder] = await db.query<{ id: string }>(
          'SELECT id FROM users WHERE mobile = $1 AND phone_verified_at IS NOT NULL AND id <> $2',
          [attempt.mobile, user.id],
          { transaction },
        );
        if (holder) return 'taken';
        await db.query(
          `UPDATE users SET phone_verified_at = now(), mobile = $2, updated_at = now()
       WHERE id = $1`,
          [user.id, attempt.mobile],
          { transaction },
        );
        await db.query(
          `UPDATE verification_codes SET used_at = now()
       WHERE user_id = $1 AND purpose = 'phone_step' AND used_at IS NULL`,
          [user.id],
          { transaction },
        );
        // Verification is complete: the referrer's sign-up reward, exactly once (idempotent key).
        await referrals.rewardSignup(user.id, transaction);
        return 'verified';
      },
    );
  }

  function view(user: ViewedUser): UserView {
    return {
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      address: user.address,
      language: user.language,
    };
  }

  return {
    async signup(input, language, ip) {
      const email = input.email.toLowerCase();
      // Every attempt counts, registered address or not, so the limit itself reveals nothing.
      const limit = await hitAll(limiter, [
        { key: `signup:ip:${ip}`, limit: SIGNUPS_PER_IP, windowMs: SIGNUP_THROTTLE_WINDOW_MS },
        {
          key: `signup:email:${email}`,
          limit: SIGNUPS_PER_EMAIL,
          windowMs: SIGNUP_THROTTLE_WINDOW_MS,
        },
      ]);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

      // The hash is paid for a registered address too: both answers take the same time.
      const [passwordHash, referral, existing] = await Promise.all([
        hasher.hash(input.password),
        referrals.resolve(input.referral_code),
        findByEmail(email),
      ]);
      const tellTheOwner = async (owner: User) => {
        await notifications.signupExistingEmail(owner).catch((error: unknown) => {
          logger.error('sign-up notice could not be sent', { err: error, userId: owner.id });
        });
      };
      if (existing) return tellTheOwner(existing);

      for (let attempt = 1; ; attempt += 1) {
        try {
          const { user, code } = await db.transaction(async (transaction) => {
            const user = await User.create(
              {
                name: input.name,
                email,
                mobile: input.mobile,
                passwordHash,
                emailVerifiedAt: null,
                phoneVerifiedAt: null,
                referralCode: randomReferralCode(),
                referredBy: referral?.userId ?? null,
                language,
              },
              { transaction },
            );
            if (referral) await referrals.attributeSignup(user.id, referral, transaction);
            const code = await issueCode(user.id, 'email', EMAIL_CODE_LIFETIME_MS, {
              transaction,
            });
            return { user, code };
          });
          // The account exists even if the mail fails; logging in re-sends the link.
          await notifications.verificationEmail(user, code).catch((error: unknown) => {
            logger.error('verification e-mail could not be sent', { err: error, userId: user.id });
          });
          return;
        } catch (error) {
          // A parallel sign-up with the same address won the race: its owner is told, as above.
          if (isUniqueViolationOf(error, 'users_email_key')) {
            const owner = await findByEmail(email);
            if (owner) return tellTheOwner(owner);
          }
          // 32^8 codes make a clash rare; a few fresh draws make it practically impossible.
          // A new account's code also becomes its first referral link (migration 0040).
          const codeTaken =
            isUniqueViolationOf(error, 'users_referral_code_key') ||
            isUniqueViolationOf(error, 'referral_links_code_key');
          if (codeTaken && attempt < 5) continue;
          throw error;
        }
      }
    },

    async confirmEmail(code) {
      const confirmed = await db.transaction(async (transaction) => {
        const userId = await consumeCode('email', code, transaction);
        if (!userId) return false;
        const [user] = await db.query<{ phone_verified_at: Date | null }>(
          `UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
           WHERE id = $1 RETURNING phone_verified_at`,
          [userId],
          { transaction },
        );
        await deps.onEmailVerified?.(userId, transaction);
        // The same code now opens the phone steps (the app moves on to /editPhone?code=…).
        if (user && !user.phone_verified_at) {
          await issueCode(userId, 'phone_step', PHONE_STEP_CODE_LIFETIME_MS, { code, transaction });
        }
        return true;
      });
      if (confirmed) return;
      // Opening the link twice (a reload, a second click) is not an error while it still works
      // for the phone steps.
      if (await liveCodeUser('phone_step', code)) return;
      throw linkInvalid();
    },

    async getMobile(code) {
      return (await phoneStepUser(code)).mobile;
    },

    async changeMobile(code, mobile) {
      // Over the hourly limit, the number stays as it was: nothing is half done.
      await sendPhoneCode(await phoneStepUser(code), mobile);
    },

    async resendPhoneCode(code) {
      await sendPhoneCode(await phoneStepUser(code));
    },

    async confirmMobile(code, smsCode) {
      try {
        return await confirmPhone(code, smsCode);
      } catch (error) {
        // The request that verified the phone, sent again (its answer lost, a second tab, a
        // double click): it brings the link and the SMS code that did it, so it is answered as
        // it was then, not told the link or the code is spent.
        const refused = error instanceof DomainError && error.status === 400;
        const referralCode = refused ? await verifiedWith(code, smsCode) : undefined;
        if (referralCode) return { referralCode };
        throw error;
      }
    },

    async login({ email, password }, ip) {
      // Per account *and* client address (OWASP): guesses from elsewhere never lock the owner
      // out; from one address the wait grows from the short window to the rest of the day.
      const pairKey = `${loginPairPrefix(email)}${ip}`;
      const pairDayKey = `${loginPairDayPrefix(email)}${ip}`;
      const ipKey = `login:ip:${ip}`;
      // Counted before the password is checked, so parallel guesses cannot pass the limit.
      const limit = await hitAll(limiter, [
        { key: pairKey, limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: LOGIN_THROTTLE_WINDOW_MS },
        {
          key: pairDayKey,
          limit: LOGIN_FAILURES_PER_ACCOUNT_PER_DAY,
          windowMs: LOGIN_LONG_WINDOW_MS,
        },
        { key: ipKey, limit: LOGIN_FAILURES_PER_IP, windowMs: LOGIN_THROTTLE_WINDOW_MS },
      ]);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

      const user = await findByEmail(email);
      let valid = false;
      if (user) valid = await hasher.verify(user.passwordHash, password);
      else await hasher.verifyDummy(password);
      if (!user || !valid) throw new DomainError(401, 'errors.invalidCredentials');

      await Promise.all([limiter.reset(pairKey), limiter.reset(pairDayKey), limiter.refund(ipKey)]);
      if (hasher.needsRehash(user.passwordHash)) {
        await user.update({ passwordHash: await hasher.hash(password) });
      }

      if (!user.emailVerifiedAt) {
        const resend = await limiter.hit(`verify-mail:${user.id}`, 1, EMAIL_RESEND_INTERVAL_MS);
        if (resend.allowed) {
          await sendVerificationEmail(user).catch((error: unknown) => {
            logger.error('verification e-mail could not be re-sent', {
              err: error,
              userId: user.id,
            });
          });
        }
        throw new DomainError(403, 'errors.emailNotVerified');
      }
      const contact = { email: user.email, mobile: user.mobile, name: user.name };
      if (!user.phoneVerifiedAt) {
        const code = await issueCode(user.id, 'phone_step', PHONE_STEP_CODE_LIFETIME_MS);
        return { message: PHONE_NOT_VERIFIED_MESSAGE, code, ...contact };
      }
      return {
        message: AUTH_SUCCESS,
        token: await sessions.create(user.id),
        ...contact,
        operator: user.role === 'admin',
      };
    },

    async logout(auth) {
      await sessions.revoke(auth.sessionId);
    },

    async requestPasswordReset(email) {
      const limit = await limiter.hit(`reset-mail:${email}`, RESET_EMAILS_PER_HOUR, HOUR_MS);
      if (!limit.allowed) {
        logger.warn('password reset e-mail not sent: hourly limit reached');
        return;
      }
      const user = await findByEmail(email);
      if (!user) return;
      const code = await issueCode(user.id, 'reset', RESET_CODE_LIFETIME_MS);
      await notifications.passwordResetEmail(user, code);
    },

    async checkResetCode(code) {
      if (!(await liveCodeUser('reset', code))) throw linkInvalid();
    },

    async resetPassword(code, password) {
      // Checked before hashing, so invalid links cannot make the server burn argon2 time.
      if (!(await liveCodeUser('reset', code))) throw linkInvalid();
      const passwordHash = await hasher.hash(password);
      const email = await db.transaction(async (transaction) => {
        const userId = await consumeCode('reset', code, transaction);
        if (!userId) return undefined;
        // Receiving the link proves the address, so it counts as confirmed.
        const [user] = await db.query<{ email: string }>(
          `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()),
             updated_at = now()
           WHERE id = $1 RETURNING email`,
          [userId, passwordHash],
          { transaction },
        );
        await db.query(
          `UPDATE verification_codes SET used_at = now()
           WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL`,
          [userId],
          { transaction },
        );
        await sessions.revokeAll(userId, transaction);
        await deps.onEmailVerified?.(userId, transaction);
        return user?.email;
      });
      if (!email) throw linkInvalid();
      // The owner proved the address: every address's wait for this account ends.
      await limiter.resetPrefix(loginPairPrefix(email));
      await limiter.resetPrefix(loginPairDayPrefix(email));
    },

    profile(user) {
      return view(user);
    },

    async updateProfile(user, input) {
      await user.update({
        name: input.name,
        address: input.address,
        ...(input.language ? { language: input.language } : {}),
      });
      return view(user);
    },

    async setLanguage(user, language) {
      await user.update({ language });
      return view(user);
    },

    async changePassword(auth, current, next) {
      const { user } = auth;
      const key = `password-change:${user.id}`;
      const limit = await limiter.hit(key, PASSWORD_CHANGE_FAILURES, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      if (!(await hasher.verify(user.passwordHash, current))) {
        throw new DomainError(400, 'errors.wrongCurrentPassword', {
          fields: { currentpassword: 'errors.wrongCurrentPassword' },
        });
      }
      await limiter.refund(key);
      const passwordHash = await hasher.hash(next);
      await db.transaction(async (transaction) => {
        await user.update({ passwordHash }, { transaction });
        // Every session ends, this one included: the app sends the user back to /login.
        await sessions.revokeAll(user.id, transaction);
      });
    },
  };
}
