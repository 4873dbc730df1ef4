import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  CardAmountSchema,
  EmailSchema,
  PhoneSchema,
  WalletAddressSchema,
} from '../domain/rules.ts';
import { CARD_ORDER_STATUSES } from '../domain/sale.ts';

/**
 * PROVIDER CONTRACT — not served by the bff. The third-party cash-exchange provider's card
 * initialisation call, as the spec's card route uses it: the browser posts JSON to the provider's
 * own origin (a client created with the provider's base URL), then records the answer with
 * `/api/orders/kantor` and follows `secondStepUrl`. It is described here so the buy screen, the
 * mocks and the bff's provider simulator agree on it; it is not part of `endpoints`.
 */

const requiredName = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.name'), v.maxLength(100));

export const CardProviderInitSchema = v.object({
  emailAddress: EmailSchema,
  emailConfirm: EmailSchema,
  /** Spaces and dashes are removed before submission. */
  phoneNumber: PhoneSchema,
  name: requiredName,
  surname: requiredName,
  quotedCurrency: v.literal('PLN'),
  baseCurrency: v.literal('BRND'),
  /** BRND. */
  cryptoValue: v.pipe(v.number(), v.minValue(0)),
  /** PLN, at least 25. */
  fiatValue: CardAmountSchema,
  walletAddress: v.optional(WalletAddressSchema),
  pageLang: v.picklist(['en', 'po', 'pl']),
  transactionType: v.literal('buy'),
});

export const cardProviderInit = defineEndpoint({
  id: 'cardProviderInit',
  method: 'POST',
  path: '/v1/transactions/init',
  encoding: 'json',
  body: CardProviderInitSchema,
  response: v.object({
    cashTxHash: v.string(),
    quotedCurrencyAmount: v.number(),
    baseCurrencyAmount: v.number(),
    secondStepUrl: v.string(),
  }),
});

/** The provider's record of a transaction: the bff reads it rather than trusting the browser. */
export const CardProviderTransactionSchema = v.object({
  cashTxHash: v.string(),
  status: v.picklist(CARD_ORDER_STATUSES),
  quotedCurrency: v.literal('PLN'),
  /** PLN charged. */
  quotedCurrencyAmount: v.number(),
  baseCurrency: v.literal('BRND'),
  /** BRND bought. */
  baseCurrencyAmount: v.number(),
  /** The provider's page that charges the card: the browser goes there after recording. */
  secondStepUrl: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
});
export type CardProviderTransaction = v.InferOutput<typeof CardProviderTransactionSchema>;

export const cardProviderTransaction = defineEndpoint({
  id: 'cardProviderTransaction',
  method: 'GET',
  path: '/v1/transactions/:cashTxHash',
  params: v.object({ cashTxHash: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{16,128}$/)) }),
  response: CardProviderTransactionSchema,
});

/**
 * The provider's signed callback to the bff once the second step charged (or failed to charge)
 * the card. Header `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * keyed by the shared callback secret; the bff refuses a bad signature, a timestamp older than
 * CARD_CALLBACK_TOLERANCE_SECONDS and amounts that differ from the provider's record.
 */
export const CardProviderCallbackSchema = v.object({
  cashTxHash: v.string(),
  status: v.picklist(['paid', 'failed']),
  quotedCurrencyAmount: v.number(),
  baseCurrencyAmount: v.number(),
});
export type CardProviderCallback = v.InferOutput<typeof CardProviderCallbackSchema>;

export const CARD_CALLBACK_PATH = '/api/providers/card-exchange/callback';
export const CARD_SIGNATURE_HEADER = 'x-signature';
export const CARD_CALLBACK_TOLERANCE_SECONDS = 300;

export const providerEndpoints = { cardProviderInit, cardProviderTransaction } as const;
