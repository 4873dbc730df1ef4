import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** 256 bits, URL-safe base64 (43 characters): session tokens, e-mail and reset codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token or code: a leaked table grants nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Four digits have only 10,000 values, so a plain hash could be reversed by trying them all;
 * an HMAC keyed with the server secret cannot be, without the secret.
 */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function randomDigits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

/** No 0/O, 1/I: referral codes are read aloud and typed by hand. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomReferralCode(length = 8): string {
  return Array.from({ length }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join(
    '',
  );
}
