import { resolveOrder, resyncOrder } from '@brnd/contracts/api/admin-orders';
import { retryPayout } from '@brnd/contracts/api/admin-payouts';
import { retryTreasurySend } from '@brnd/contracts/api/admin-treasury';
import { adminBuybacks, burns, recordBuyback } from '@brnd/contracts/api/burns';
import { buyTokens } from '@brnd/contracts/api/orders';
import { verifiedUser } from './accounts-scenarios.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import { call, type Scenario } from './runner.ts';

/**
 * The operators' actions (docs/decisions/016, 063 and issue #18): a decision on a payment, a
 * resync with the gateway, a payout's and a treasury send's retry, a buyback. What needs money
 * paid or a chain is on the runner's UNREACHABLE_ERRORS with why; the rest is reached here.
 */

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A buyback the contract takes (its purchase known to no chain). */
const BUYBACK = {
  quarter: '2026-Q1',
  subscription_profit_usd: '1000',
  buyback_usd: '100',
  brnd_amount: '1000',
  purchase_tx_hash: `0x${'ab'.repeat(32)}`,
};

export const adminActionScenarios: Scenario[] = [
  {
    name: 'admin actions: an order without an exception is not decided, and only a BTC order is read back from the gateway',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'a buyer places an ETH order',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'ETH' as const } }),
        expect: { status: 200 },
        save: (body, values) => {
          values.order = body.response.uuid;
        },
      }),
      operatorLogin,
      call(resolveOrder, {
        label: 'a decision on an order that does not exist',
        as: 'operator',
        input: () => ({
          params: { id: UNKNOWN_ID },
          body: { decision: 'credit' as const, paid_amount: '0.01' },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(resolveOrder, {
        label: 'a credit on an order still waiting for its payment',
        as: 'operator',
        input: (values) => ({
          params: { id: values.order! },
          body: { decision: 'credit' as const, paid_amount: '0' },
        }),
        expect: { status: 409, kind: 'notDecidable' },
      }),
      call(resolveOrder, {
        label: 'a refund without its reference',
        as: 'operator',
        input: (values) => ({
          params: { id: values.order! },
          body: { decision: 'refund' as const, paid_amount: '0' },
        }),
        expect: {
          status: 400,
          kind: 'validation',
          fields: { reference: 'finance.orders.errors.referenceRequired' },
        },
      }),
      call(resyncOrder, {
        label: 'a resync of an order that does not exist',
        as: 'operator',
        input: () => ({ params: { id: UNKNOWN_ID } }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(resyncOrder, {
        label: 'a resync of an ETH order, which has no gateway invoice',
        as: 'operator',
        input: (values) => ({ params: { id: values.order! } }),
        expect: { status: 409, kind: 'notGatewayOrder' },
      }),
    ],
  },
  {
    name: 'admin actions: a retry of a payout or a treasury send that does not exist is 404',
    steps: [
      operatorLogin,
      call(retryPayout, {
        label: 'a payout id no payout has',
        as: 'operator',
        input: () => ({ params: { id: '999999999' } }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(retryTreasurySend, {
        label: 'a treasury send that does not exist',
        as: 'operator',
        input: () => ({ params: { source: 'payouts' as const, id: UNKNOWN_ID } }),
        expect: { status: 404, kind: 'notFound' },
      }),
    ],
  },
  {
    name: 'admin actions: burns are public, buybacks are the operators’, and a buyback is checked field by field',
    steps: [
      call(burns, { label: 'the burns, without a session', expect: { status: 200 } }),
      operatorLogin,
      call(adminBuybacks, { as: 'operator', expect: { status: 200 } }),
      call(recordBuyback, {
        label: 'a quarter that is none and a purchase that is no transaction hash',
        as: 'operator',
        input: () => ({ body: { ...BUYBACK, quarter: '2026-Q5', purchase_tx_hash: 'nope' } }),
        expect: {
          status: 400,
          kind: 'validation',
          fields: {
            quarter: 'admin.buybacks.errors.quarter',
            purchase_tx_hash: 'admin.buybacks.errors.purchaseTxHash',
          },
        },
      }),
      call(recordBuyback, {
        label: 'a buyback over its share of the profit',
        as: 'operator',
        input: () => ({ body: { ...BUYBACK, buyback_usd: '900' } }),
        expect: {
          status: 400,
          kind: 'validation',
          fields: { buyback_usd: 'admin.buybacks.errors.overCap' },
        },
      }),
    ],
  },
];
