import { tokensForUsd } from '@brnd/contracts/domain/sale';

/** Money in the converter: digits, one decimal point, at most 4 decimals. */
const USD_INPUT = /^\d*(\.\d{0,4})?$/;
/** Tokens are whole. */
const TOKENS_INPUT = /^\d*$/;

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

/** What a number of tokens costs, with 4 decimals; empty for no tokens. */
export function tokensToUsd(tokens: string, price: number): string {
  if (!tokens.trim()) return '';
  // Integer arithmetic in 1e-9 USD so 333 × 0.003 is 0.9990, not 0.9989999.
  const nanos = BigInt(tokens) * BigInt(Math.round(price * 1e9));
  const tenThousandths = (nanos + 50_000n) / 100_000n;
  const whole = tenThousandths / 10_000n;
  const fraction = String(tenThousandths % 10_000n).padStart(4, '0');
  return `${whole}.${fraction}`;
}

/** The PLN amount for the card route's `pln_brands`, at the sale's rate. */
export function usdToPln(usd: string, plnPerUsd: number): string | undefined {
  const value = Number(usd);
  if (!usd.trim() || !Number.isFinite(value) || value <= 0) return undefined;
  return (Math.round(value * plnPerUsd * 100) / 100).toFixed(2);
}
