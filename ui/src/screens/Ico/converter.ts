import { tokensForUsd } from '@brnd/contracts/domain/sale';

/** Money in the converter: digits, one decimal point, at most 4 decimals. */
const USD_INPUT = /^\d*(\.\d{0,4})?$/;
/**
 * Tokens as the spec's amount rule types them (docs/decisions/045): digits with an optional single
 * decimal point, so "1.5" stays 1.5 while it is being typed.
 */
const TOKENS_INPUT = /^\d*\.?\d*$/;
/** Token decimals the conversion counts; more digits cannot change four decimals of USD. */
const TOKEN_DECIMALS_COUNTED = 9;

export function acceptUsdInput(next: string, previous: string): string {
  return USD_INPUT.test(next) ? next : previous;
}

export function acceptTokensInput(next: string, previous: string): string {
  return TOKENS_INPUT.test(next) ? next : previous;
}

/** The whole tokens a USD amount buys; empty when the amount is empty or unreadable. */
export function usdToTokens(usd: string, price: number): string {
  const value = Number(usd);
  if (!usd.trim() || !Number.isFinite(value) || value <= 0) return '';
  return String(tokensForUsd(value, price));
}

/** Tokens typed ("1.5", "12.", ".5") in 10⁻⁹ BRND; null when there is no number yet. */
function nanoTokens(tokens: string): bigint | null {
  const match = /^(\d*)\.?(\d*)$/.exec(tokens.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const fraction = (match[2] ?? '').slice(0, TOKEN_DECIMALS_COUNTED);
  return (
    BigInt(match[1] || '0') * 10n ** BigInt(TOKEN_DECIMALS_COUNTED) +
    BigInt(fraction.padEnd(TOKEN_DECIMALS_COUNTED, '0'))
  );
}

/** What a number of tokens (decimals allowed) costs, with 4 decimals; empty for no tokens. */
export function tokensToUsd(tokens: string, price: number): string {
  const nano = nanoTokens(tokens);
  if (nano === null) return '';
  // Integers: 10⁻⁹ BRND × 10⁻⁹ USD, so 333 × 0.003 is 0.9990, not 0.9989999.
  const product = nano * BigInt(Math.round(price * 1e9));
  const unit = 10n ** 14n; // 10⁻¹⁸ USD → 10⁻⁴ USD
  const tenThousandths = (product + unit / 2n) / unit;
  const whole = tenThousandths / 10_000n;
  const fraction = String(tenThousandths % 10_000n).padStart(4, '0');
  return `${whole}.${fraction}`;
}

/** More tokens than the sale offers (USD converted first): the converter says so and caps. */
export function exceedsOffer(tokens: string, offered: number): boolean {
  const nano = nanoTokens(tokens);
  return nano !== null && nano > BigInt(offered) * 10n ** BigInt(TOKEN_DECIMALS_COUNTED);
}

/** The PLN amount for the card route's `pln_brands`, at the sale's rate. */
export function usdToPln(usd: string, plnPerUsd: number): string | undefined {
  const value = Number(usd);
  if (!usd.trim() || !Number.isFinite(value) || value <= 0) return undefined;
  return (Math.round(value * plnPerUsd * 100) / 100).toFixed(2);
}
