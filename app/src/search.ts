import * as v from 'valibot';
import { AMOUNT_INPUT_PATTERN } from '@brnd/contracts/domain/constants';

/**
 * Search params of the routes. The router parses the query string into plain strings
 * (see `parseSearch` in router.tsx), so every value here is text. A malformed value is dropped
 * rather than failing the page: these URLs are typed by hand and shared in links.
 */

const text = v.fallback(v.optional(v.string()), undefined);

/** Flags such as `?edit` or `?voting` carry no value: present means set. */
const flag = text;

const amount = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(AMOUNT_INPUT_PATTERN), v.nonEmpty())),
  undefined,
);

/** Only a path on this site: `//evil.example` and `https://…` would leave it after login. */
export function isSafeRedirect(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

const redirectPath = v.fallback(v.optional(v.pipe(v.string(), v.check(isSafeRedirect))), undefined);

export const LoginSearchSchema = v.object({
  buytoken: flag,
  btc_brands: amount,
  pln_brands: amount,
  voting: flag,
  redirect: redirectPath,
});
export type LoginSearch = v.InferOutput<typeof LoginSearchSchema>;

/** Buy step 1: `btc_brands` or `pln_brands` prefill the amount (and choose the route). */
export const BuyTokenSearchSchema = v.object({ btc_brands: amount, pln_brands: amount });
export type BuyTokenSearch = v.InferOutput<typeof BuyTokenSearchSchema>;

/** `code` is a referral code on /register and the e-mail verification code on the phone pages. */
export const CodeSearchSchema = v.object({ code: text });
export type CodeSearch = v.InferOutput<typeof CodeSearchSchema>;

/**
 * /buysuccess, where the card provider sends the buyer back: `tokens` the provider charged for,
 * `status=failed` when the card was not charged.
 */
export const BuySuccessSearchSchema = v.object({
  tokens: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/))), undefined),
  status: v.fallback(v.optional(v.picklist(['paid', 'failed'])), undefined),
});
export type BuySuccessSearch = v.InferOutput<typeof BuySuccessSearchSchema>;
/** /register: a referral `code`, and the `email` a mail about waiting tokens was sent to. */
export const RegisterSearchSchema = v.object({ code: text, email: text });
export type RegisterSearch = v.InferOutput<typeof RegisterSearchSchema>;

export const EditPhoneSearchSchema = v.object({ edit: flag, code: text });
export type EditPhoneSearch = v.InferOutput<typeof EditPhoneSearchSchema>;

export const SuccessSearchSchema = v.object({ indivi_code: text, brand_code: text });
export type SuccessSearch = v.InferOutput<typeof SuccessSearchSchema>;

/** The spec's URLs are plain query strings (`?edit&code=…`), not the router's JSON encoding. */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    // A flag is written bare, as in the spec's `/editPhone?edit&code=…`.
    parts.push(
      text === ''
        ? encodeURIComponent(key)
        : `${encodeURIComponent(key)}=${encodeURIComponent(text)}`,
    );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
