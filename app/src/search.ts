import { AMOUNT_INPUT_PATTERN } from '@brnd/contracts/domain/constants';

/**
 * Search params of the routes. The router parses the query string into plain strings
 * (see `parseSearch` in router.tsx), so every value here is text. A malformed value is dropped
 * rather than failing the page: these URLs are typed by hand and shared in links.
 */

type Field<T> = (value: unknown) => T | undefined;
type Fields = Record<string, Field<unknown>>;
type SearchOf<F extends Fields> = { [K in keyof F]?: Exclude<ReturnType<F[K]>, undefined> };

/**
 * A route's `validateSearch`: the fields it knows, each read or dropped. Plain functions, not
 * valibot: the route table is on the first page, which carries no validator library (decision 050).
 */
function search<F extends Fields>(fields: F): (input: Record<string, unknown>) => SearchOf<F> {
  return (input) => {
    const output: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read(input[key]);
      if (value !== undefined) output[key] = value;
    }
    return output as SearchOf<F>;
  };
}

const matching =
  (accept: (value: string) => boolean): Field<string> =>
  (value) =>
    typeof value === 'string' && accept(value) ? value : undefined;

const text = matching(() => true);

/** Flags such as `?edit` or `?voting` carry no value: present means set. */
const flag = text;

const amount = matching((value) => value !== '' && AMOUNT_INPUT_PATTERN.test(value));

/** Only a path on this site: `//evil.example` and `https://…` would leave it after login. */
export function isSafeRedirect(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export const LoginSearchSchema = search({
  buytoken: flag,
  btc_brands: amount,
  pln_brands: amount,
  voting: flag,
  redirect: matching(isSafeRedirect),
});
export type LoginSearch = ReturnType<typeof LoginSearchSchema>;

/** Buy step 1: `btc_brands` or `pln_brands` prefill the amount (and choose the route). */
export const BuyTokenSearchSchema = search({ btc_brands: amount, pln_brands: amount });
export type BuyTokenSearch = ReturnType<typeof BuyTokenSearchSchema>;

/** `code` is a referral code on /register and the e-mail verification code on the phone pages. */
export const CodeSearchSchema = search({ code: text });
export type CodeSearch = ReturnType<typeof CodeSearchSchema>;

/**
 * /buysuccess, where the card provider sends the buyer back: `tokens` the provider charged for,
 * `status=failed` when the card was not charged.
 */
export const BuySuccessSearchSchema = search({
  tokens: matching((value) => /^\d{1,12}$/.test(value)),
  status: matching((value): boolean => value === 'paid' || value === 'failed') as Field<
    'paid' | 'failed'
  >,
});
export type BuySuccessSearch = ReturnType<typeof BuySuccessSearchSchema>;
/** /register: a referral `code`, and the `email` a mail about waiting tokens was sent to. */
export const RegisterSearchSchema = search({ code: text, email: text });
export type RegisterSearch = ReturnType<typeof RegisterSearchSchema>;

export const EditPhoneSearchSchema = search({ edit: flag, code: text });
export type EditPhoneSearch = ReturnType<typeof EditPhoneSearchSchema>;

export const SuccessSearchSchema = search({ indivi_code: text, brand_code: text });
export type SuccessSearch = ReturnType<typeof SuccessSearchSchema>;

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
