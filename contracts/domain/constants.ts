/** Business constants from the spec (section 9). Each one is defined here once. */

/** Session cookies (token, email, mobile, name) live 2 days. */
export const SESSION_COOKIE_MAX_AGE_MS = 172_800_000;
export const SESSION_COOKIES = ['token', 'email', 'mobile', 'name'] as const;
/**
 * The session token's cookie: set by the bff, HttpOnly, so page scripts never see it (decision
 * 029). The app keeps only the other three, which say who is signed in.
 */
export const SESSION_TOKEN_COOKIE = 'token';
export const SESSION_PROFILE_COOKIES = ['email', 'mobile', 'name'] as const;
/** Set ('1') for an operator, so the menu can offer the console; the console's API checks anyway. */
export const SESSION_OPERATOR_COOKIE = 'operator';

export const TOAST_DURATION_MS = 5_000;
/** Toasts shown at once; an older one makes room for a newer. */
export const TOAST_MAX_SHOWN = 3;
export const BUY_TOAST_DURATION_MS = 8_000;
export const COPIED_MESSAGE_DURATION_MS = 5_000;

export const PHONE_CODE_LENGTH = 4;
export const DEFAULT_PHONE_COUNTRY = 'pl';
/** DEFAULT_PHONE_COUNTRY's calling code: a number typed without one is national there. */
export const DEFAULT_PHONE_CALLING_CODE = '48';
/** E.164: a number has at most 15 digits, its calling code included. */
export const PHONE_MAX_DIGITS = 15;

export const PASSWORD_MIN_LENGTH = 8;
/**
 * NIST SP 800-63B asks that at least 64 characters be allowed so passphrases fit; the spec's 15
 * refused them. Counted in Unicode code points, as NIST counts them.
 */
export const PASSWORD_MAX_LENGTH = 64;

export const LANGUAGES = ['en', 'po'] as const;
/** The spec's language keys: `po` selects Polish; Intl formatting uses the BCP 47 tag. */
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** `admin`: an operator of the platform, created only by `npm run admin:create`. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const AUDIT_LOG_PAGE_SIZE = 50;

/** The terms' cap: a quarter's buyback spends at most this share of its subscription profit. */
export const BUYBACK_SHARE_OF_PROFIT = 0.2;
export const INTL_LOCALE: Record<Language, string> = { en: 'en', po: 'pl' };

/** Account security: the bar set by the foundation issue. */
export const SMS_CODE_LIFETIME_MS = 10 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_RESENDS_PER_HOUR = 5;
/**
 * SMS sending is bounded (decision 040), against SMS pumping and toll fraud. A new code waits
 * this long after the last one (the phone page counts it down).
 */
export const SMS_RESEND_COOLDOWN_MS = 60_000;
export const SMS_PER_ACCOUNT_PER_DAY = 10;
/** Codes one number receives per day, whichever accounts ask: a victim's phone is not flooded. */
export const SMS_PER_NUMBER_PER_DAY = 5;
export const SMS_BUDGET_WINDOW_MS = 24 * 60 * 60_000;
/**
 * How long a sent code's row is kept: the longest window the bounds read, twice (a margin for
 * instances whose clocks differ); the periodic purge deletes older rows.
 */
export const SMS_SENDS_KEPT_MS = 2 * SMS_BUDGET_WINDOW_MS;
/**
 * Codes per day per destination calling code. Our market gets a real budget; every other
 * destination shares one small budget, because premium-rate numbers abroad are what pumping
 * fraud sends to. The longest matching prefix wins.
 */
export const SMS_DAILY_BUDGET_BY_PREFIX: Readonly<Record<string, number>> = {
  '+48': 5_000,
};
export const SMS_DAILY_BUDGET_OTHER_DESTINATIONS = 200;
export const SMS_OTHER_DESTINATIONS = 'other';

/** The budget a normalized number draws on: its listed calling code, or the shared one. */
export function smsBudgetOf(mobile: string): string {
  const prefixes = Object.keys(SMS_DAILY_BUDGET_BY_PREFIX).sort((a, b) => b.length - a.length);
  return prefixes.find((prefix) => mobile.startsWith(prefix)) ?? SMS_OTHER_DESTINATIONS;
}

export function smsDailyBudget(budget: string): number {
  return SMS_DAILY_BUDGET_BY_PREFIX[budget] ?? SMS_DAILY_BUDGET_OTHER_DESTINATIONS;
}
export const RESET_CODE_LIFETIME_MS = 60 * 60_000;
export const EMAIL_CODE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const SESSION_LIFETIME_MS = SESSION_COOKIE_MAX_AGE_MS;
/**
 * Failed logins allowed per window before 429: per account *from one client address* (OWASP:
 * an attacker elsewhere cannot lock the owner out; decision 029), and per client address.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** The delay grows: past this many failures in a day from one address, the wait is the day's rest. */
export const LOGIN_FAILURES_PER_ACCOUNT_PER_DAY = 15;
export const LOGIN_LONG_WINDOW_MS = 24 * 60 * 60_000;
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60_000;
/** After the e-mail is confirmed, its code keeps opening the phone steps this long. */
export const PHONE_STEP_CODE_LIFETIME_MS = 24 * 60 * 60_000;
/** A login with an unconfirmed e-mail re-sends the link, at most this often. */
export const EMAIL_RESEND_INTERVAL_MS = 10 * 60_000;
/** Reset e-mails per address per hour; further requests get the same answer but send nothing. */
export const RESET_EMAILS_PER_HOUR = 3;
/** Wrong current passwords per user per window before the password change answers 429. */
export const PASSWORD_CHANGE_FAILURES = 5;
/**
 * Sign-up attempts per client address and per e-mail address in a window (decision 029). Every
 * attempt counts, registered address or not, so the limit itself reveals nothing.
 */
export const SIGNUPS_PER_IP = 10;
export const SIGNUPS_PER_EMAIL = 3;
export const SIGNUP_THROTTLE_WINDOW_MS = 60 * 60_000;
/** Brands one account may add, and refer, per window (decision 029): a bound on junk entries. */
export const BRANDS_ADDED_PER_DAY = 5;
export const BRANDS_REFERRED_PER_DAY = 10;
export const BRAND_THROTTLE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Tokens are shown as whole numbers (spec §9), everywhere a balance or a movement is shown. The
 * ledger keeps 18 decimals (a referrer's 10 % of a purchase can leave a fraction, which counts
 * and is paid out); a display drops the fraction toward zero, so a balance never reads more than
 * it holds and the fraction shows once it makes up a whole token. See docs/decisions/039.
 */
export function wholeTokens(tokens: number): number {
  // `+ 0` turns the -0 of a small negative into 0.
  return Math.trunc(tokens) + 0;
}

/** Token sale: the default price (1 USD = 333 BRND) and the hard-coded PLN rate. */
export const TOKEN_PRICE_USD = 0.003;
export const PLN_PER_USD = 4.04;
export const BUY_QUICK_AMOUNTS = [500, 1000, 2500, 5000, 10000] as const;
/** Buy form amount: digits with an optional single decimal point; empty while typing. */
export const AMOUNT_INPUT_PATTERN = /^\d*\.?\d*$/;
export const PAY_METHODS = ['BTC', 'ETH', 'PLN', 'IEO'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** Methods that create a crypto order through /api/orders/buytokens. */
export const CRYPTO_PAY_METHODS = ['BTC', 'ETH'] as const;
export type CryptoPayMethod = (typeof CRYPTO_PAY_METHODS)[number];
export const CARD_MIN_PLN = 25;
export const CARD_RETRY_GAP_MS = 30_000;
/** A crypto order's quote holds this long; an unreadable expiry falls back to it too. */
export const ORDER_EXPIRY_MS = 15 * 60_000;
/** How long an `Idempotency-Key` answers its first result (Stripe keeps keys 24 hours). */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60_000;
/**
 * Open unpaid orders a user may have per payment method at once (docs/decisions/027): enough to
 * retry or pay two amounts, too few to exhaust deposit addresses or gateway invoices.
 */
export const MAX_OPEN_ORDERS_PER_METHOD = 3;
/**
 * How long the card provider's second step takes a payment (its session window). A card order
 * with no answer after this reads as expired (docs/decisions/027).
 */
export const CARD_PAYMENT_WINDOW_MS = 30 * 60_000;
/**
 * Refused provider notifications (bad signature, malformed, throttled) are kept this long, and
 * at most REFUSED_NOTIFICATIONS_KEPT_MAX of them, so forged ones cannot fill the table.
 */
export const REFUSED_NOTIFICATIONS_KEPT_DAYS = 7;
export const REFUSED_NOTIFICATIONS_KEPT_MAX = 10_000;
export const ORDER_CHECK_INTERVAL_MS = 5_000;
export const TRANSACTIONS_PER_PAGE = 5;

/**
 * Crypto order status as the gateway reports it: below PAID the order waits for payment,
 * PAID is success, above PAID it was cancelled, refunded or expired.
 */
export const ORDER_STATUS = {
  NEW: 0,
  WAITING: 1,
  CONFIRMING: 2,
  PAID: 3,
  CANCELED: 4,
  REFUNDED: 5,
  EXPIRED: 6,
} as const;
export type OrderStatusCode = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_TEXT_STATUS: Record<OrderStatusCode, string> = {
  0: 'new',
  1: 'waiting',
  2: 'confirming',
  3: 'paid',
  4: 'canceled',
  5: 'refunded',
  6: 'expired',
};
/** Status of a row in the transactions list. */
export const TRANSACTION_STATUSES = [
  'Confirmed',
  'Pending',
  'Canceled',
  'Failed',
  'WAITING_FOR_PAYMENT',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Voting. The spec says both 24 h and 12 h; one window of 24 h is used everywhere, and messages
 * take `{timeInHours}` from it.
 */
export const VOTES_PER_WINDOW = 10;
export const VOTES_PER_BRAND_PER_WINDOW = 1;
export const VOTE_WINDOW_HOURS = 24;
export const VOTE_WINDOW_MS = VOTE_WINDOW_HOURS * 60 * 60_000;
/** How long a client waits before asking again when the bff had no database connection free. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
/** The platform's calendar: a brand's daily volume and its charts count days in this zone. */
export const PLATFORM_TIME_ZONE = 'Europe/Warsaw';
/** Contest tallies run per calendar month in this time zone. */
export const CONTEST_TIME_ZONE = PLATFORM_TIME_ZONE;
export const CONTEST_PRIZE_BRND = 1_000_000;
/** What each accepted vote credits the voter: the bff passes it to `cast_vote` (migration 0115). */
export const VOTE_REWARD_BRND = 1;

/** Brand listings. */
export const INDUSTRIES = ['e-commerce', 'saas', 'gaming', 'tools', 'sports', 'crypto'] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const HOME_TOP_RATED_LIMIT = 50;
export const MAX_BRAND_CARDS = 1000;
export const BRAND_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** A bulk give's CSV file (contracts/domain/brand-tokens.ts): here so copy can state it (copy-figures). */
export const BULK_GIVE_MAX_BYTES = 1024 * 1024;
/**
 * A verification document (contracts/domain/verification.ts): a scan or a PDF of a registry
 * extract fits easily, a phone photo of an ID card too. Here so copy can state it (copy-figures).
 */
export const VERIFICATION_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const BRAND_LOGO_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/gif',
] as const;

/** Referral rewards in BRND. */
export const REFERRAL_REWARD_USER_BRND = 10;
export const REFERRAL_REWARD_BRAND_BRND = 100;
export const REFERRAL_SALE_SHARE = 0.1;

/** Placeholder options of the country selects, in both languages: choosing one means no country. */
export const COUNTRY_PLACEHOLDERS = ['Select', 'Wybierz', 'Country'] as const;

/** Blog: the first page of cards, each 'load more articles' page, and its deliberate pause. */
export const BLOG_FIRST_PAGE_SIZE = 3;
export const BLOG_PAGE_SIZE = 4;
export const BLOG_LOAD_MORE_DELAY_MS = 2_000;
export const BLOG_CARD_TITLE_MAX_LENGTH = 40;
/** The home page shows this many of the newest articles. */
export const HOME_LATEST_ARTICLES = 3;

/** Contact form messages per client IP per window, before 429. */
export const CONTACT_MESSAGES_PER_IP = 5;
export const CONTACT_WINDOW_MS = 60 * 60_000;
/** Sign-ups from one address per hour: enough for a household, too few to fill the list. */
export const NEWSLETTER_SIGNUPS_PER_IP = 10;

/**
 * A visitor's visits of one referral link count as one click per window: reloads, a browser's
 * retries and a script hammering the link do not inflate the referrer's table.
 */
export const REFERRAL_CLICK_WINDOW_MS = 24 * 60 * 60_000;

/** Brands that stake at least this much BRND get Premium free of charge. */
export const PREMIUM_STAKE_BRND = 1_000_000;
/** Enterprise clients who want their own (OEM) mobile app must stake at least this much BRND. */
export const OEM_APP_STAKE_BRND = 1_000_000;

/** Business days a brand or company verification takes (the copy states it). */
export const VERIFICATION_BUSINESS_DAYS = 2;
