import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_CODE_LENGTH } from './constants.ts';

/**
 * Field rules shared by the forms and the server. Each message is a locale key
 * (locales/en.json → `validation.*`), so both sides name the same sentence.
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

export const PasswordSchema = v.pipe(
  v.string(),
  v.minLength(PASSWORD_MIN_LENGTH, 'validation.password'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.password'),
  v.regex(/[a-z]/, 'validation.password'),
  v.regex(/[A-Z]/, 'validation.password'),
  v.regex(/[0-9]/, 'validation.password'),
  v.regex(/[^A-Za-z0-9]/, 'validation.password'),
);

/** International numbers: digits with an optional leading plus, separators and spaces. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]*[0-9]$/;

export function normalizePhone(phone: string): string {
  return phone.replace(/[^0-9+]/g, '');
}

export const PhoneSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.phone'),
  v.regex(PHONE_PATTERN, 'validation.phone'),
  v.check((phone) => {
    const digits = phone.replace(/[^0-9]/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'validation.phone'),
  v.transform(normalizePhone),
);

export const FullNameSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.name'),
  v.maxLength(100, 'validation.name'),
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

/** Buy form amount: digits with an optional single decimal point; empty while typing. */
export const AMOUNT_INPUT_PATTERN = /^\d*\.?\d*$/;
export const AmountSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.amount'),
  v.regex(/^(\d+\.?\d*|\.\d+)$/, 'validation.amount'),
  v.transform(Number),
  v.number(),
  v.check((amount) => Number.isFinite(amount) && amount > 0, 'validation.amount'),
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
