import * as v from 'valibot';
import { DomainError } from '../services/errors.ts';

/**
 * The ETH/USD price every ETH quote is made at, from an exchange's public ticker in Kraken's
 * REST format (`GET {url}/0/public/Ticker?pair=ETHUSD`, the last trade price). A price is reused
 * for `refreshMs`; when the exchange cannot be read, the last one is used while it is younger than
 * `maxAgeMs`, and after that nobody is quoted at all: a buyer never gets an old price.
 */

export const ETH_PRICE_TICKER_PATH = '/0/public/Ticker';
export const ETH_PRICE_PAIR = 'ETHUSD';

const TickerSchema = v.object({
  error: v.array(v.string()),
  result: v.optional(v.record(v.string(), v.object({ c: v.tuple([v.string(), v.string()]) }))),
});

export interface EthPriceFeedOptions {
  url: string;
  /** How long a price is used before the exchange is asked again; default 30 s. */
  refreshMs?: number;
  /** How old a price may get while the exchange cannot be read; default 5 min. */
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof globalThis.fetch;
}

export type EthPriceFeed = () => Promise<number>;

export function createEthPriceFeed(options: EthPriceFeedOptions): EthPriceFeed {
  const refreshMs = options.refreshMs ?? 30_000;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? globalThis.fetch;
  let last: { usdPerEth: number; at: number } | undefined;
  let reading: Promise<number> | undefined;

  async function read(): Promise<number> {
    const response = await doFetch(
      `${options.url}${ETH_PRICE_TICKER_PATH}?pair=${ETH_PRICE_PAIR}`,
      { signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) },
    );
    if (!response.ok) throw new Error(`ETH price feed answered ${response.status}`);
    const ticker = v.parse(TickerSchema, await response.json());
    const [pair] = Object.values(ticker.result ?? {});
    const usdPerEth = Number(pair?.c[0]);
    if (ticker.error.length > 0 || !(usdPerEth > 0)) {
      throw new Error(`ETH price feed gave no price: ${ticker.error.join(', ')}`);
    }
    last = { usdPerEth, at: now() };
    return usdPerEth;
  }

  return async function usdPerEth() {
    if (last && now() - last.at < refreshMs) return last.usdPerEth;
    // Buyers arriving together share one request.
    reading ??= read().finally(() => {
      reading = undefined;
    });
    try {
      return await reading;
    } catch {
      if (last && now() - last.at < maxAgeMs) return last.usdPerEth;
      throw new DomainError(503, 'orders.errors.priceUnavailable');
    }
  };
}
