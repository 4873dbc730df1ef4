import { login } from '@brnd/contracts/api/accounts';
import { resyncOrder } from '@brnd/contracts/api/admin-orders';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { kantor } from '@brnd/contracts/api/orders';
import { sale } from '@brnd/contracts/api/sale';
import { verifiedUser } from './accounts-scenarios.ts';
import { CONFORMANCE_OPERATOR } from './admin-payment-scenarios.ts';
import { call, payAtCardProvider, type Scenario, type Step, type Values } from './runner.ts';

/**
 * Card (PLN) purchases as the buy screen makes them: the sale names the card provider, the
 * browser initialises the transaction there, then records it with `kantor`. The mocks answer the
 * provider's calls themselves; the bff's conformance app talks to the card simulator `npm start`
 * uses. A user records one card attempt per CARD_RETRY_GAP_MS, so each attempt here is another
 * user's, or the refused retry.
 */

const DEMO = { email: 'demo@brnd.example', password: 'Demo123!x' };
const CARD_PLN = 100;

/** A card transaction initialised at the provider, its hash and answer saved under `name`. */
export function cardTransaction(name: string): Step[] {
  return [
    call(sale, {
      label: 'the sale names the card provider',
      expect: { status: 200 },
      save: (body, values) => {
        values.cardProvider = body.cardProviderUrl;
      },
    }),
    call(cardProviderInit, {
      label: 'the buyer starts a card purchase at the provider',
      at: (values) => values.cardProvider!,
      input: (values) => ({
        body: {
          emailAddress: values.email!,
          emailConfirm: values.email!,
          phoneNumber: values.mobileNormalized!,
          name: 'Conformance',
          surname: 'Tester',
          quotedCurrency: 'PLN' as const,
          baseCurrency: 'BRND' as const,
          cryptoValue: 8_000,
          fiatValue: CARD_PLN,
          pageLang: 'en' as const,
          transactionType: 'buy' as const,
        },
      }),
      expect: { status: 200 },
      save: (body, values) => {
        values[name] = body.cashTxHash;
        values[`${name}:record`] = JSON.stringify({
          cashTxHash: body.cashTxHash,
          amount: String(body.quotedCurrencyAmount),
          brnd_tokens: String(body.baseCurrencyAmount),
          tokeneo_response: JSON.stringify(body),
        });
      },
    }),
  ];
}

/** The record the buy screen sends for the transaction saved as `name`. */
export const record = (values: Values, name: string) =>
  JSON.parse(values[`${name}:record`]!) as {
    cashTxHash: string;
    amount: string;
    brnd_tokens: string;
    tokeneo_response: string;
  };

const signIn = (credentials: { email: string; password: string }, saveAs: string): Step =>
  call(login, {
    label: `${credentials.email} signs in`,
    input: () => ({ body: credentials }),
    expect: { status: 200 },
    save: (body, values) => {
      if ('token' in body) values[saveAs] = body.token;
    },
  });

export const cardScenarios: Scenario[] = [
  {
    name: 'card: a purchase is recorded once per key; another body under the key is refused, and a second attempt waits',
    steps: [
      ...verifiedUser,
      ...cardTransaction('card'),
      call(kantor, {
        label: 'the buyer records the purchase under a key',
        as: 'token',
        input: (values) => ({
          body: record(values, 'card'),
          headers: { 'idempotency-key': 'card-attempt-1' },
        }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(kantor, {
        label: 'the same key and body again answer the first record',
        as: 'token',
        input: (values) => ({
          body: record(values, 'card'),
          headers: { 'idempotency-key': 'card-attempt-1' },
        }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(kantor, {
        label: 'the same key with another amount is refused',
        as: 'token',
        input: (values) => ({
          body: { ...record(values, 'card'), amount: '200' },
          headers: { 'idempotency-key': 'card-attempt-1' },
        }),
        expect: { status: 422, kind: 'idempotencyMismatch' },
      }),
      ...cardTransaction('second'),
      call(kantor, {
        label: 'another attempt at once waits, saying how long',
        as: 'token',
        input: (values) => ({
          body: record(values, 'second'),
          headers: { 'idempotency-key': 'card-attempt-2' },
        }),
        expect: { status: 429, kind: 'cardRetry', retryAfter: true },
      }),
    ],
  },
  {
    name: 'card: a transaction the provider does not know is refused',
    steps: [
      ...verifiedUser,
      call(kantor, {
        label: 'recording a made-up transaction',
        as: 'token',
        input: () => ({
          body: {
            cashTxHash: 'ab'.repeat(32),
            amount: String(CARD_PLN),
            brnd_tokens: '8000',
            tokeneo_response: '{}',
          },
        }),
        expect: { status: 404, kind: 'cardUnknown' },
      }),
    ],
  },
  {
    name: 'card: a recorded transaction is nobody else’s to record, and once paid it is no longer pending',
    steps: [
      ...verifiedUser,
      ...cardTransaction('card'),
      call(kantor, {
        label: 'the buyer records the purchase',
        as: 'token',
        input: (values) => ({ body: record(values, 'card') }),
        expect: { status: 200 },
      }),
      signIn(DEMO, 'other'),
      call(kantor, {
        label: 'another user records the same transaction',
        as: 'other',
        input: (values) => ({ body: record(values, 'card') }),
        expect: { status: 409, kind: 'cardAlreadyRecorded' },
      }),
      payAtCardProvider((values) => values.card!),
      signIn(CONFORMANCE_OPERATOR, 'third'),
      call(kantor, {
        label: 'a third user records the paid transaction',
        as: 'third',
        input: (values) => ({ body: record(values, 'card') }),
        expect: { status: 409, kind: 'cardNotPending' },
      }),
      call(resyncOrder, {
        label: 'the operator asks the gateway about the card order, which it does not hold',
        as: 'third',
        input: (values) => ({ params: { id: values.card! } }),
        expect: { status: 404, kind: 'notFound' },
      }),
    ],
  },
];
