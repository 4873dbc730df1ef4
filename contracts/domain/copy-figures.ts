import {
  BRAND_LOGO_MAX_BYTES,
  BULK_GIVE_MAX_BYTES,
  BUYBACK_SHARE_OF_PROFIT,
  CARD_MIN_PLN,
  CARD_RETRY_GAP_MS,
  CONTEST_PRIZE_BRND,
  HOME_TOP_RATED_LIMIT,
  ORDER_CHECK_INTERVAL_MS,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
  REFUSED_NOTIFICATIONS_KEPT_DAYS,
  REFUSED_NOTIFICATIONS_KEPT_MAX,
  TOKEN_PRICE_USD,
  VOTE_REWARD_BRND,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
  OEM_APP_STAKE_BRND,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_LENGTH,
  PREMIUM_STAKE_BRND,
  VERIFICATION_BUSINESS_DAYS,
  VERIFICATION_DOCUMENT_MAX_BYTES,
} from './constants.ts';
import { SALE_TIERS, SALE_TOKENS_OFFERED, SALE_TOTAL_SUPPLY_TOKENS } from './sale-tiers.ts';

const MEGABYTE = 1024 * 1024;

/**
 * The figures of the product's rules that its copy states ("10 BRND for every friend", "25 zł
 * minimum"). Every formatter (the ui's, the mails', the bff's and the mocks') passes them to every
 * message as named values, so a message says `{userReward, number}` and never types the figure:
 * change a rule here and every sentence follows. The copy lint (scripts/copy-lint.test.ts) fails
 * on a message that types one of these figures. docs/decisions/048-copy-glossary-lint-typography.md
 * It imports leaf modules only: it ships with the first page (decision 060).
 */
export const COPY_FIGURES = {
  /** BRND the brand with the most votes in a month wins. */
  contestPrize: CONTEST_PRIZE_BRND,
  /** The prize's worth at the default token price, in USD. */
  contestPrizeUsd: CONTEST_PRIZE_BRND * TOKEN_PRICE_USD,
  voteLimit: VOTES_PER_WINDOW,
  voteWindowHours: VOTE_WINDOW_HOURS,
  voteReward: VOTE_REWARD_BRND,
  userReward: REFERRAL_REWARD_USER_BRND,
  brandReward: REFERRAL_REWARD_BRAND_BRND,
  /** A share (0.1): messages format it with `{saleShare, number, ::percent}`. */
  saleShare: REFERRAL_SALE_SHARE,
  buybackShare: BUYBACK_SHARE_OF_PROFIT,
  cardMinimum: CARD_MIN_PLN,
  premiumStake: PREMIUM_STAKE_BRND,
  oemStake: OEM_APP_STAKE_BRND,
  defaultPrice: TOKEN_PRICE_USD,
  tierCount: SALE_TIERS.length,
  tierTokens: SALE_TIERS[0]?.tokens ?? 0,
  saleAllocation: SALE_TOKENS_OFFERED,
  totalSupply: SALE_TOTAL_SUPPLY_TOKENS,
  homeTopRated: HOME_TOP_RATED_LIMIT,
  verificationDays: VERIFICATION_BUSINESS_DAYS,
  checkSeconds: ORDER_CHECK_INTERVAL_MS / 1000,
  cardRetrySeconds: CARD_RETRY_GAP_MS / 1000,
  refusedKeptDays: REFUSED_NOTIFICATIONS_KEPT_DAYS,
  refusedKeptMax: REFUSED_NOTIFICATIONS_KEPT_MAX,
  /** Upload limits in megabytes: `{logoMaxMb, number} MB`. */
  logoMaxMb: BRAND_LOGO_MAX_BYTES / MEGABYTE,
  documentMaxMb: VERIFICATION_DOCUMENT_MAX_BYTES / MEGABYTE,
  csvMaxMb: BULK_GIVE_MAX_BYTES / MEGABYTE,
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
  /** Digits of the SMS code. */
  phoneCodeLength: PHONE_CODE_LENGTH,
} as const;

export type CopyFigure = keyof typeof COPY_FIGURES;

/** A message's values with the figures under them: a value passed by the caller wins. */
export function withFigures<V extends object>(values?: V): typeof COPY_FIGURES & V {
  return { ...COPY_FIGURES, ...values } as typeof COPY_FIGURES & V;
}

/** A formatter's `formatMessage`, whatever its message types (react-intl, @formatjs/intl). */
type FormatMessage = (descriptor: never, values?: never, options?: never) => unknown;

/**
 * The same formatter with the figures given to every message under the caller's own values:
 * what the pages (ui/src/i18n.tsx) and the mails (emails/src/intl.ts) both format with.
 */
export function formattingWithFigures<I extends { formatMessage: FormatMessage }>(intl: I): I {
  const format = intl.formatMessage as (
    descriptor: unknown,
    values?: object,
    options?: unknown,
  ) => unknown;
  const formatMessage = ((descriptor: unknown, values?: object, options?: unknown) =>
    format(descriptor, withFigures(values), options)) as I['formatMessage'];
  return Object.assign(intl, { formatMessage, $t: formatMessage });
}
