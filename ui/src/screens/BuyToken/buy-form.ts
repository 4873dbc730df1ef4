import * as v from 'valibot';
import type { Sale } from '@brnd/contracts/api/sale';
import { AmountSchema } from '@brnd/contracts/domain/rules';
import {
  AMOUNT_INPUT_PATTERN,
  CARD_MIN_PLN,
  CARD_RETRY_GAP_MS,
} from '@brnd/contracts/domain/constants';
import { tokensForPln, tokensForUsd } from '@brnd/contracts/domain/sale';

/** What the method picker can hold: the card group (Mastercard, Visa, Pay) is the PLN route. */
export type BuyMethod = 'BTC' | 'ETH' | 'PLN';

export interface BuySearch {
  btc_brands?: string;
  pln_brands?: string;
}

/** The amount the user types: digits with one optional decimal point (or empty while typing). */
export function acceptAmountInput(next: string, previous: string): string {
  return AMOUNT_INPUT_PATTERN.test(next) ? next : previous;
}

/** `?pln_brands=` opens the card route with that PLN amount; `?btc_brands=` opens BTC. */
export function initialBuyState(search: BuySearch): { method: BuyMethod; amount: string } {
  const prefill = (value?: string) =>
    value !== undefined && AMOUNT_INPUT_PATTERN.test(value) ? value : '';
  if (search.pln_brands !== undefined) return { method: 'PLN', amount: prefill(search.pln_brands) };
  return { method: 'BTC', amount: prefill(search.btc_brands) };
}

export interface BuyQuote {
  /** What the amount is typed in. */
  currency: 'USD' | 'PLN';
  /** Price of one BRND in that currency. */
  unitPrice: number;
  /** Whole BRND the amount buys (0 for no or an unreadable amount). */
  tokens: number;
  /** The amount in USD, for the order. */
  usd: number;
}

/** Card amounts are in PLN, converted at the sale's rate; crypto amounts are USD. */
export function buyQuote(method: BuyMethod, amount: string, sale: Sale): BuyQuote {
  const currency = method === 'PLN' ? 'PLN' : 'USD';
  const rate = currency === 'PLN' ? sale.plnPerUsd : 1;
  const typed = Number(amount);
  const usd = amount.trim() && Number.isFinite(typed) && typed > 0 ? typed / rate : 0;
  return {
    currency,
    unitPrice: sale.price * rate,
    // Card orders: the one PLN rule the server credits by (tokensForPln).
    tokens:
      usd <= 0
        ? 0
        : currency === 'PLN'
          ? tokensForPln(typed, sale.plnPerUsd, sale.price)
          : tokensForUsd(usd, sale.price),
    usd,
  };
}

/** The first thing wrong with the form, as a message id; null when it can be sent. */
export function buyFormError(
  method: BuyMethod,
  amount: string,
  notUsCitizen: boolean,
): { field: 'amount' | 'notUsCitizen'; message: string } | null {
  const parsed = v.safeParse(AmountSchema, amount);
  if (!parsed.success || parsed.output <= 0) {
    return { field: 'amount', message: 'validation.amount' };
  }
  if (method === 'PLN' && parsed.output < CARD_MIN_PLN) {
    return { field: 'amount', message: 'validation.cardMinimum' };
  }
  if (!notUsCitizen) return { field: 'notUsCitizen', message: 'sale.buy.notUsCitizenRequired' };
  return null;
}

/** A second card attempt within 30 s of the previous one is refused before any request. */
export function cardRetryWait(lastAttemptAt: number | undefined, now: number): number {
  if (lastAttemptAt === undefined) return 0;
  return Math.max(0, lastAttemptAt + CARD_RETRY_GAP_MS - now);
}
