import { NBSP } from './typography.ts';

/**
 * One way to show an amount of money or tokens (docs/decisions/065-amounts-through-intl.md):
 * "0,00123 BTC" and "1 250 BRND" in Polish, "0.00123 BTC" in English, "101,00 zł" / "PLN 101.00"
 * for money. The number is written by Intl in the reader's language (digits, grouping, decimal
 * separator) and its unit follows after a non-breaking space, so the two never part at a line's end.
 *
 * A crypto amount arrives as an exact decimal string ("0.000000000000000001" ETH): it is handed to
 * Intl as that string, which formats it digit for digit (ECMA-402 decimal strings), never through
 * a JS number that would round it; the digits it was written with are all shown ("0.00100000").
 */

/** The part of a formatter this needs: react-intl's and @formatjs/intl's `IntlShape` both fit. */
export interface AmountFormatter {
  formatNumber(
    value: number | bigint | Intl.StringNumericLiteral,
    options?: Intl.NumberFormatOptions,
  ): string;
}

/** An amount as the API gives it: a decimal string ("-0.5", "12.000"), a number or a bigint. */
export type AmountValue = string | number | bigint;

/** Money a reader counts in their own currency sign ("zł", "$"); anything else is a unit code. */
const MONEY = new Set(['PLN', 'USD', 'EUR']);

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/**
 * The most fraction digits every engine the product runs on formats (Node 20 allows 20, newer
 * engines 100); the finest unit shown, wei, has 18.
 */
const MAX_FRACTION_DIGITS = 20;

/** The value Intl is given, and the fraction digits it was written with ("0.10" has two). */
function exact(value: AmountValue): {
  value: number | bigint | Intl.StringNumericLiteral;
  digits: number;
} {
  if (typeof value !== 'string') return { value, digits: 0 };
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) throw new RangeError(`not a decimal amount: "${value}"`);
  const digits = (trimmed.split('.')[1] ?? '').length;
  if (digits > MAX_FRACTION_DIGITS) {
    throw new RangeError(`more than ${MAX_FRACTION_DIGITS} decimals: "${value}"`);
  }
  return { value: trimmed as Intl.StringNumericLiteral, digits };
}

export interface AmountOptions {
  /** `always` for a signed change ("+0,5 ETH", "−0,5 ETH"). */
  signDisplay?: 'auto' | 'always' | 'exceptZero';
}

/** "0,00123 BTC", "1 250 BRND", "101,00 zł": the amount in the reader's language with its unit. */
export function formatAmount(
  intl: AmountFormatter,
  amount: AmountValue,
  unit: string,
  options: AmountOptions = {},
): string {
  const { value, digits } = exact(amount);
  const signDisplay = options.signDisplay ?? 'auto';
  if (MONEY.has(unit)) {
    // Cents always shown ("25,00 zł"), finer digits too when the amount has them ("0,0025 $").
    return intl.formatNumber(value, {
      style: 'currency',
      currency: unit,
      minimumFractionDigits: Math.max(2, digits),
      maximumFractionDigits: MAX_FRACTION_DIGITS,
      signDisplay,
    });
  }
  // Every digit as given: "0.00100000 BTC" keeps the satoshi places the gateway quoted.
  const number = intl.formatNumber(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: MAX_FRACTION_DIGITS,
    signDisplay,
  });
  return `${number}${NBSP}${unit}`;
}

/** A formatter of plain Intl for code that has no react-intl or @formatjs/intl (the mocks). */
export function intlFormatter(locale: string): AmountFormatter {
  return { formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value) };
}
