import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  CardAmountSchema,
  EmailSchema,
  PhoneSchema,
  WalletAddressSchema,
} from '../domain/rules.ts';

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

export const providerEndpoints = { cardProviderInit } as const;
