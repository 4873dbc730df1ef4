import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CardProviderTransactionSchema,
  type CardProviderTransaction,
} from '@brnd/contracts/api/card-provider';
import * as v from 'valibot';
import { requestIdHeader } from '../logger.ts';

/**
 * The card (PLN) cash-exchange provider, as the spec's card route uses it: the browser
 * initialises a transaction at the provider, the bff reads that transaction back from the
 * provider (never the browser's amounts), the provider's second-step page charges the card and
 * calls the bff back with a signed, timestamped callback.
 */

export interface CardExchange {
  /** The provider's origin, where the browser posts the initialisation. */
  publicUrl: string;
  transaction(cashTxHash: string): Promise<CardProviderTransaction | null>;
  /**
   * Checks `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Returns the
   * signed time, or null when the signature does not match.
   */
  verifyCallback(rawBody: Buffer, header: string | undefined): number | null;
}

export interface CardExchangeSettings {
  /** Server-to-server base URL. */
  baseUrl: string;
  /** What the browser uses (the same unless the provider sits behind another name). */
  publicUrl?: string;
  apiKey: string;
  callbackSecret: string;
  fetch?: typeof fetch;
}

export function signCardCallback(secret: string, rawBody: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export function verifyCardSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
): number | null {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const timestamp = Number(match[1]);
  const expected = Buffer.from(
    createHmac('sha256', secret)
      .update(Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]))
      .digest('hex'),
  );
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? timestamp : null;
}

export class CardExchangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardExchangeError';
  }
}

export function createCardExchange(settings: CardExchangeSettings): CardExchange {
  const doFetch = settings.fetch ?? fetch;
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    publicUrl: (settings.publicUrl ?? settings.baseUrl).replace(/\/+$/, ''),
    async transaction(cashTxHash) {
      let response: Response;
      try {
        response = await doFetch(`${base}/v1/transactions/${encodeURIComponent(cashTxHash)}`, {
          headers: {
            authorization: `Bearer ${settings.apiKey}`,
            accept: 'application/json',
            ...requestIdHeader(),
          },
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new CardExchangeError(`card provider unreachable: ${(error as Error).message}`);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new CardExchangeError(`card provider answered ${response.status}`);
      const parsed = v.safeParse(CardProviderTransactionSchema, await response.json());
      if (!parsed.success) throw new CardExchangeError('card provider answered an unknown shape');
      return parsed.output;
    },
    verifyCallback(rawBody, header) {
      return verifyCardSignature(settings.callbackSecret, rawBody, header);
    },
  };
}
