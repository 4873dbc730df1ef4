/** Business constants from the spec (section 9). Each one is defined here once. */

/** Session cookies (token, email, mobile, name) live 2 days. */
export const SESSION_COOKIE_MAX_AGE_MS = 172_800_000;
export const SESSION_COOKIES = ['token', 'email', 'mobile', 'name'] as const;

export const TOAST_DURATION_MS = 5_000;
export const BUY_TOAST_DURATION_MS = 8_000;
export const COPIED_MESSAGE_DURATION_MS = 5_000;

export const PHONE_CODE_LENGTH = 4;
export const DEFAULT_PHONE_COUNTRY = 'pl';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;

export const LANGUAGES = ['en', 'po'] as const;
/** The spec's language keys: `po` selects Polish; Intl formatting uses the BCP 47 tag. */
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const INTL_LOCALE: Record<Language, string> = { en: 'en', po: 'pl' };

/** Account security: the bar set by the foundation issue. */
export const SMS_CODE_LIFETIME_MS = 10 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_RESENDS_PER_HOUR = 5;
export const RESET_CODE_LIFETIME_MS = 60 * 60_000;
export const EMAIL_CODE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const SESSION_LIFETIME_MS = SESSION_COOKIE_MAX_AGE_MS;
/** Failed logins allowed per window before 429, per account and per IP. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60_000;
