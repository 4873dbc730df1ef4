import { resyncOrder } from '@brnd/contracts/api/admin-orders';
import { buyTokens, kantor } from '@brnd/contracts/api/orders';
import { verifiedUser } from './accounts-scenarios.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import { cardTransaction, record } from './card-scenarios.ts';
import { advanceClock, call, providerDown, type Scenario } from './runner.ts';

/**
 * The sale's outside providers down: the BTC gateway, the card provider and the ETH price feed.
 * On the bff each is its local simulator answering 503 (as `npm start` runs them); on the mocks
 * the fake's switch. Every scenario brings its provider back before it ends.
 */

/** Past the price feed's 5 minutes: an older price is never quoted. */
const PAST_PRICE_AGE_MS = 6 * 60_000;

export const outageScenarios: Scenario[] = [
  {
    name: 'outage: with the gateway down a BTC order is refused, and an operator cannot read an invoice back',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'a BTC order while the gateway is up',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'BTC' as const } }),
        expect: { status: 200 },
        save: (body, values) => {
          values.order = body.response.uuid;
        },
      }),
      operatorLogin,
      providerDown('gateway'),
      call(buyTokens, {
        label: 'another BTC order while the gateway is down',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'BTC' as const } }),
        expect: { status: 503, kind: 'gatewayUnavailable' },
      }),
      call(resyncOrder, {
        label: 'the operator reads the BTC order’s invoice back',
        as: 'operator',
        input: (values) => ({ params: { id: values.order! } }),
        expect: { status: 503, kind: 'gatewayUnavailable' },
      }),
      providerDown('gateway', false),
      call(resyncOrder, {
        label: 'the invoice read back once the gateway is up',
        as: 'operator',
        input: (values) => ({ params: { id: values.order! } }),
        expect: { status: 200 },
      }),
    ],
  },
  {
    name: 'outage: with the card provider down a card purchase cannot be recorded',
    steps: [
      ...verifiedUser,
      ...cardTransaction('card'),
      providerDown('card'),
      call(kantor, {
        label: 'the buyer records the purchase while the provider is down',
        as: 'token',
        input: (values) => ({ body: record(values, 'card') }),
        expect: { status: 503, kind: 'gatewayUnavailable' },
      }),
      providerDown('card', false),
    ],
  },
  {
    name: 'outage: with the ETH price feed down the last price is quoted for a while, then nobody is',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'an ETH order at the feed’s price',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'ETH' as const } }),
        expect: { status: 200 },
      }),
      providerDown('price'),
      call(buyTokens, {
        label: 'an ETH order at once: the last price still holds',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'ETH' as const } }),
        expect: { status: 200 },
      }),
      advanceClock(PAST_PRICE_AGE_MS),
      call(buyTokens, {
        label: 'an ETH order once the last price is too old',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'ETH' as const } }),
        expect: { status: 503, kind: 'priceUnavailable' },
      }),
      providerDown('price', false),
    ],
  },
];
