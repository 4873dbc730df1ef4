import * as v from 'valibot';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_MIME_TYPES,
  CARD_MIN_PLN,
  COUNTRY_PLACEHOLDERS,
  CRYPTO_PAY_METHODS,
  DEFAULT_PHONE_CALLING_CODE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_LENGTH,
  PHONE_MAX_DIGITS,
} from './constants.ts';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_MIME_TYPES,
  type UploadableDocument,
} from './verification.ts';

/**
 * Field rules shared by the forms and the server. Each message is a locale key
 * (locales/en/validation.json → `validation.*`), so both sides name the same sentence.
 */

const trimmed = v.pipe(v.string(), v.trim());

export const EmailSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.email'),
  v.maxLength(254, 'validation.email'),
  v.email('validation.email'),
  v.toLowerCase(),
);

/** Login only checks presence: the password rules apply when a password is chosen. */
export const LoginPasswordSchema = v.pipe(v.string(), v.nonEmpty('validation.loginPassword'));

/** Code points, not UTF-16 units: an emoji or a Polish letter is one character to the person typing. */
function codePoints(text: string): number {
  return [...text].length;
}

/**
 * The spec's rules (a lower and an upper case letter, a digit, a special character) with room for
 * passphrases (decision 029's audit, NIST SP 800-63B). Any other character, a space included,
 * counts as special. The one message and the hint name every rule (locales' `validation.password`
 * and `accounts.fields.passwordHint`, checked against these numbers by rules.test.ts).
 */
export const PasswordSchema = v.pipe(
  v.string(),
  v.check((password) => codePoints(password) >= PASSWORD_MIN_LENGTH, 'validation.password'),
  v.check((password) => codePoints(password) <= PASSWORD_MAX_LENGTH, 'validation.password'),
  v.regex(/[a-z]/, 'validation.password'),
  v.regex(/[A-Z]/, 'validation.password'),
  v.regex(/[0-9]/, 'validation.password'),
  v.regex(/[^A-Za-z0-9]/, 'validation.password'),
);

/** International numbers: digits with an optional leading plus, separators and spaces. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]*[0-9]$/;

/**
 * The digits after an international prefix (`+`, or the `00` dialled from most countries), the
 * calling code first; undefined for a number typed without one (a national number).
 */
export function internationalDigits(phone: string): string | undefined {
  const compact = phone.replace(/[^0-9+]/g, '');
  if (compact.startsWith('+')) return compact.slice(1).replace(/\+/g, '');
  if (compact.startsWith('00')) return compact.slice(2);
  return undefined;
}

/**
 * The one spelling of a phone number (E.164: `+`, then the digits), used wherever numbers are
 * stored or compared: the one-verified-number rule, the SMS caps, referrals (decision 040). So
 * "+48 600 100 200", "0048600100200" and "600 100 200" (national to DEFAULT_PHONE_COUNTRY) are
 * all "+48600100200". An empty number stays empty (operators have none).
 */
export function normalizePhone(phone: string): string {
  const compact = phone.replace(/[^0-9+]/g, '');
  if (compact === '') return '';
  return `+${internationalDigits(compact) ?? `${DEFAULT_PHONE_CALLING_CODE}${compact}`}`;
}

export const PhoneSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.phone'),
  v.regex(PHONE_PATTERN, 'validation.phone'),
  v.check((phone) => {
    // The digits the person typed, an international prefix aside.
    const digits = (internationalDigits(phone) ?? phone.replace(/[^0-9]/g, '')).length;
    return digits >= 7 && digits <= PHONE_MAX_DIGITS;
  }, 'validation.phone'),
  v.transform(normalizePhone),
  v.check((phone) => phone.length - 1 <= PHONE_MAX_DIGITS, 'validation.phone'),
);

/* A person's name: the spec's 'Invalid COMPANY NAME' is a brand form's text, wrong under Full name. */
export const FullNameSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.fullName'),
  v.maxLength(100, 'validation.fullName'),
);

export const AddressSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.address'),
  v.maxLength(300, 'validation.address'),
);

/** The four boxes joined. */
export const PhoneCodeSchema = v.pipe(
  v.string(),
  v.regex(new RegExp(`^[0-9]{${PHONE_CODE_LENGTH}}$`), 'validation.code'),
);

/** E-mail verification and reset codes: opaque URL-safe tokens of at least 128 random bits. */
export const OpaqueCodeSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22,128}$/, 'validation.verificationCode'),
);

export const AmountSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.amount'),
  v.regex(/^(\d+\.?\d*|\.\d+)$/, 'validation.amount'),
  v.transform(Number),
  v.number(),
  v.check((amount) => Number.isFinite(amount) && amount > 0, 'validation.amount'),
);

/**
 * A payout's amount (docs/decisions/044): whole BRND, at least 1. Forms send text and code sends
 * numbers; each kind of mistake has its own sentence. The upper bound is the balance, which only
 * the server knows for sure (`wallet.errors.overBalance`).
 */
export const PayoutTokensTextSchema = v.pipe(
  trimmed,
  v.check((text) => /^(\d+\.?\d*|\.\d+)$/.test(text), 'validation.payoutAmount'),
  v.check((text) => !/^\d*\.\d*[1-9]/.test(text), 'validation.payoutWhole'),
  v.transform(Number),
  v.check((tokens) => tokens >= 1, 'validation.payoutPositive'),
  v.check((tokens) => Number.isSafeInteger(tokens), 'validation.payoutAmount'),
);
export const PayoutTokensSchema = v.pipe(
  v.union([v.string(), v.number()], 'validation.payoutAmount'),
  v.transform(String),
  PayoutTokensTextSchema,
);

export const WalletAddressSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.wallet'),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'validation.walletFormat'),
);

/** Checkboxes arrive as 'true'/'on' in forms and as booleans from code. */
export const AcceptedSchema = v.pipe(
  v.union([v.boolean(), v.string()]),
  v.transform((value) => value === true || value === 'true' || value === 'on' || value === '1'),
  v.literal(true, 'validation.terms'),
);

/* ---- Rules added for the rest of the API (wallet, orders, brands, referrals, content). ---- */

function requiredText(message: string, max: number) {
  return v.pipe(trimmed, v.nonEmpty(message), v.maxLength(max, message));
}

/** Brand websites are stored as a bare domain (optional path): scheme and `www.` are dropped. */
export function normalizeWebsite(website: string): string {
  return website
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** A domain with a 2 to 5 letter ending, e.g. `brand.com` or `https://www.brand.shop/about`. */
const DOMAIN_PATTERN = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(\/\S*)?$/;

export const WebsiteSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.website'),
  v.maxLength(255, 'validation.website'),
  v.transform(normalizeWebsite),
  v.regex(DOMAIN_PATTERN, 'validation.website'),
);

/** The contact form wants a URL whose top-level domain exists: any country code or a common one. */
const KNOWN_GENERIC_TLDS = [
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'info',
  'biz',
  'name',
  'pro',
  'io',
  'ai',
  'app',
  'dev',
  'shop',
  'store',
  'online',
  'site',
  'tech',
  'xyz',
  'cloud',
  'design',
  'agency',
  'blog',
  'news',
  'finance',
  'media',
  'studio',
  'network',
  'games',
  'company',
  'solutions',
  'digital',
];
const CONTACT_URL_PATTERN = new RegExp(
  `^(https?://)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)+(${KNOWN_GENERIC_TLDS.join('|')}|[a-z]{2})(:[0-9]{1,5})?(/\\S*)?$`,
  'i',
);

export const ContactWebsiteSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.contactWebsite'),
  v.maxLength(255, 'validation.contactWebsite'),
  v.regex(CONTACT_URL_PATTERN, 'validation.contactWebsite'),
);

function isRealCountry(country: string): boolean {
  return !(COUNTRY_PLACEHOLDERS as readonly string[]).includes(country);
}

export const CountrySchema = v.pipe(
  requiredText('validation.country', 100),
  v.check(isRealCountry, 'validation.country'),
);

export const ContactNameSchema = requiredText('validation.contactName', 100);
export const ContactEmailSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.contactEmail'),
  v.maxLength(254, 'validation.contactEmail'),
  v.email('validation.contactEmail'),
  v.toLowerCase(),
);
export const ContactCountrySchema = v.pipe(
  requiredText('validation.contactCountry', 100),
  v.check(isRealCountry, 'validation.contactCountry'),
);
export const ContactTextSchema = requiredText('validation.contactAnything', 5000);

/** The newsletter names the empty case on its own ('Please write your email!'). */
export const NewsletterEmailSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.newsletterEmail'),
  v.maxLength(254, 'validation.email'),
  v.email('validation.email'),
  v.toLowerCase(),
);

export const CryptoPayMethodSchema = v.picklist(CRYPTO_PAY_METHODS, 'validation.payMethod');

/** Card purchases are quoted in PLN and start at 25 PLN. */
export const CardAmountSchema = v.pipe(
  v.number('validation.amount'),
  v.finite('validation.amount'),
  v.minValue(CARD_MIN_PLN, 'validation.cardMinimum'),
);

/**
 * The one range of a record id (brands, documents, verification items): the tables' bigserial
 * ids start at 1 and stay far below 2^53, the largest integer JavaScript holds exactly. Anything
 * else (beyond it, negative, 1e3, 0x10, "12abc") names no record: a 400, never a database error.
 */
export const MAX_RECORD_ID = Number.MAX_SAFE_INTEGER;

/** Ids arrive as numbers from code and as strings from paths and forms: digits only. */
export const RecordIdSchema = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.integer('validation.required')),
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,16}$/, 'validation.required')),
    ],
    'validation.required',
  ),
  v.transform(Number),
  v.minValue(1, 'validation.required'),
  v.maxValue(MAX_RECORD_ID, 'validation.required'),
);

/** How many rows a page holds at most: PostgreSQL takes a LIMIT as a bigint (1e308 was a 500). */
export const PageLimitSchema = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform(Number),
  v.number(),
  v.safeInteger(),
  v.minValue(0),
);

/** How many rows a list skips: 0 up to the id range, so the database never sees a number it cannot hold. */
export const PageOffsetSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\s*\d{0,16}\s*$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(0),
  v.maxValue(MAX_RECORD_ID),
);

/** A brand's id: a record id. */
export const BrandIdSchema = RecordIdSchema;

/** The id a path segment names, or null when it names no record (the screens ask nothing then). */
export function parseRecordId(value: unknown): number | null {
  const parsed = v.safeParse(RecordIdSchema, value);
  return parsed.success ? parsed.output : null;
}

export const BrandNameSchema = requiredText('validation.name', 100);
export const BrandDescriptionSchema = requiredText('validation.required', 2000);
export const TokenTickerSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.required'),
  v.regex(/^[A-Za-z0-9]{2,11}$/, 'validation.tokenTicker'),
  v.toUpperCase(),
);
export const EmployeesSchema = v.pipe(
  v.union([v.number(), v.string()], 'validation.employees'),
  v.transform(String),
  v.trim(),
  v.regex(/^[0-9]{1,7}$/, 'validation.employees'),
  v.transform(Number),
);
export const AddressLineSchema = requiredText('validation.required', 300);
export const PostalCodeSchema = requiredText('validation.required', 20);

/** Social links are optional; an empty field means none. */
export const OptionalLinkSchema = v.optional(
  v.pipe(
    trimmed,
    v.maxLength(255, 'validation.website'),
    v.transform((link) => (link === '' ? undefined : link)),
  ),
);

/** A logo: png, jpeg, svg, icon or gif, at most 2 MB. */
export const BrandLogoSchema = v.pipe(
  v.blob('validation.logo'),
  v.mimeType(BRAND_LOGO_MIME_TYPES, 'validation.logo'),
  v.maxSize(BRAND_LOGO_MAX_BYTES, 'validation.logo'),
);

/**
 * A verification document (registry extract, articles, bank statement, identity photo): PDF, PNG
 * or JPEG up to VERIFICATION_DOCUMENT_MAX_BYTES. The declared type is only the form's first check;
 * the server judges the bytes.
 */
export const VerificationDocumentFileSchema = v.pipe(
  v.blob('uploads.documentType'),
  v.mimeType(VERIFICATION_DOCUMENT_MIME_TYPES, 'uploads.documentType'),
  v.maxSize(VERIFICATION_DOCUMENT_MAX_BYTES, 'uploads.documentTooLarge'),
);

/** The documents a form may attach, each optional: the queue shows which are missing. */
export const VerificationDocumentEntries = {
  registryExtract: v.optional(VerificationDocumentFileSchema),
  articles: v.optional(VerificationDocumentFileSchema),
  bankAccount: v.optional(VerificationDocumentFileSchema),
  identity: v.optional(VerificationDocumentFileSchema),
} satisfies Record<UploadableDocument, v.GenericSchema>;

/* ---- The new brand account (company) form. ---- */

export const CompanyNameSchema = requiredText('validation.name', 200);
export const BillingAddressSchema = requiredText('companies.billingAddress', 300);
export const OperatingAddressSchema = requiredText('companies.operatingAddress', 300);
/** An EU VAT number: an optional two-letter country prefix and 8 to 12 digits or letters. */
export const VatNumberSchema = v.pipe(
  trimmed,
  v.nonEmpty('companies.vatNumber'),
  v.transform((vat) => vat.replace(/[\s.-]/g, '').toUpperCase()),
  v.regex(/^([A-Z]{2})?[0-9A-Z]{8,12}$/, 'companies.vatNumber'),
);
