import * as v from 'valibot';
import { EmailSchema, TokenTickerSchema, WalletAddressSchema } from './rules.ts';

/**
 * Rules of the brands' own loyalty tokens (issue #8), shared by the console's forms, the customer's
 * forms and the server. Messages are locale keys in `locales/<lang>/brandTokens.json`.
 */

/** Amounts of brand tokens are whole tokens in the interface (18 decimals on chain). */
export const BRAND_TOKEN_MAX_AMOUNT = 1_000_000_000_000;
/** A bulk give: at most this many rows per CSV file, at most this many bytes. */
export const BULK_GIVE_MAX_ROWS = 10_000;
export { BULK_GIVE_MAX_BYTES } from './constants.ts';
/**
 * The file the console offers as a starting point: a header, a customer by e-mail and one by
 * wallet address. The bff's parser must accept it as it is (a test holds it to that).
 */
export const BULK_GIVE_CSV_TEMPLATE =
  'recipient,amount\r\ncustomer@example.com,10\r\n0x52908400098527886E0F7030069857D2E4169EE7,5\r\n';
export const BULK_GIVE_CSV_TEMPLATE_NAME = 'brnd-give-template.csv';
/** The console's chart: daily figures of the last this many days. */
export const BRAND_TOKEN_CHART_DAYS = 30;
/** Redemption codes: this many characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REDEMPTION_CODE_LENGTH = 10;
export const REDEMPTION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const trimmed = v.pipe(v.string(), v.trim());

/** Whole tokens, 1 to BRAND_TOKEN_MAX_AMOUNT; forms send strings, code sends numbers. */
export const TokenAmountSchema = v.pipe(
  v.union([v.number(), v.string()], 'brandTokens.errors.amount'),
  v.transform(String),
  v.trim(),
  v.regex(/^[1-9]\d{0,12}$/, 'brandTokens.errors.amount'),
  v.transform(Number),
  v.maxValue(BRAND_TOKEN_MAX_AMOUNT, 'brandTokens.errors.amount'),
);

export const BrandTokenNameSchema = v.pipe(
  trimmed,
  v.nonEmpty('brandTokens.errors.tokenName'),
  v.maxLength(50, 'brandTokens.errors.tokenName'),
);
export const BrandTokenTickerSchema = TokenTickerSchema;

/** A customer: their e-mail (held in the ledger for them) or an Ethereum address (minted there). */
export const RecipientSchema = v.pipe(
  trimmed,
  v.nonEmpty('brandTokens.errors.recipient'),
  v.union(
    [
      v.pipe(v.string(), v.regex(/^0x/i), WalletAddressSchema),
      v.pipe(
        v.string(),
        v.check((text) => !/^0x/i.test(text)),
        EmailSchema,
      ),
    ],
    'brandTokens.errors.recipient',
  ),
);

export function isWalletAddress(recipient: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(recipient);
}

/** One give, also a row of the bulk CSV (`recipient,amount` with an optional header line). */
export const GiveSchema = v.object({ recipient: RecipientSchema, amount: TokenAmountSchema });

/**
 * Makes a retried request (double click, lost answer) the same request: the client generates it
 * once per intended action and the server keeps it unique.
 */
export const RequestIdSchema = v.pipe(trimmed, v.uuid('brandTokens.errors.requestId'));

export const OfferTitleSchema = v.pipe(
  trimmed,
  v.nonEmpty('brandTokens.errors.offerTitle'),
  v.maxLength(100, 'brandTokens.errors.offerTitle'),
);
export const OfferDescriptionSchema = v.pipe(trimmed, v.maxLength(1000));

export const RedemptionCodeSchema = v.pipe(
  trimmed,
  v.toUpperCase(),
  v.regex(
    new RegExp(`^[${REDEMPTION_CODE_ALPHABET}]{${REDEMPTION_CODE_LENGTH}}$`),
    'brandTokens.errors.code',
  ),
);

/** Staking BRND happens in the user's own wallet; these are the actions the console prepares. */
export const STAKING_ACTIONS = ['stake', 'unstake', 'withdraw'] as const;
export type StakingAction = (typeof STAKING_ACTIONS)[number];
