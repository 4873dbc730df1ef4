import { adminOrder, resolveOrder, resyncOrder } from '@brnd/contracts/api/admin-orders';
import { retryPayout } from '@brnd/contracts/api/admin-payouts';
import { retryTreasurySend } from '@brnd/contracts/api/admin-treasury';
import { adminBuybacks, burns, recordBuyback } from '@brnd/contracts/api/burns';
import { buyTokens } from '@brnd/contracts/api/orders';
import { verifiedUser } from './accounts-scenarios.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import {
  buybackWalletEmptied,
  call,
  marketSells,
  payAtGateway,
  type Scenario,
  type Values,
} from './runner.ts';

/**
 * The operators' actions (docs/decisions/016, 063 and issue #18): a decision on a payment, a
 * resync with the gateway, a payout's and a treasury send's retry, a buyback. The market and the
 * payer at the gateway are runner steps (decision 076); what no scenario can provoke is on the
 * runner's UNREACHABLE_ERRORS with why.
 */

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A buyback the contract takes. */
const BUYBACK = {
  quarter: '2026-Q1',
  subscription_profit_usd: '1000',
  buyback_usd: '100',
  brnd_amount: '1000',
  purchase_tx_hash: `0x${'ab'.repeat(32)}`,
};

/** The buyback of `quarter` burning 1,000 BRND, with the purchase saved as `purchase`. */
const buyback = (values: Values, quarter: string, purchase: string) => ({
  body: { ...BUYBACK, quarter, purchase_tx_hash: values[purchase]! },
});

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
  {
    name: 'admin actions: a buyback needs its purchase on the chain, delivered to the buyback wallet, enough, once, and still there',
    steps: [
      operatorLogin,
      call(recordBuyback, {
        label: 'a purchase no chain has',
        as: 'operator',
        input: () => ({
          body: { ...BUYBACK, quarter: '2031-Q1', purchase_tx_hash: `0x${'ef'.repeat(32)}` },
        }),
        expect: {
          status: 409,
          kind: 'purchaseNotFound',
          fields: { purchase_tx_hash: 'admin.buybacks.errors.purchaseNotFound' },
        },
      }),
      marketSells(1_000, 'elsewhere', true),
      call(recordBuyback, {
        label: 'a purchase delivered to another wallet',
        as: 'operator',
        input: (values) => buyback(values, '2031-Q1', 'elsewhere'),
        expect: { status: 409, kind: 'purchaseShort' },
      }),
      marketSells(999, 'short'),
      call(recordBuyback, {
        label: 'a purchase of less than the burn',
        as: 'operator',
        input: (values) => buyback(values, '2031-Q1', 'short'),
        expect: {
          status: 409,
          kind: 'purchaseShort',
          fields: { brnd_amount: 'admin.buybacks.errors.purchaseShort' },
        },
      }),
      marketSells(1_000, 'moved'),
      buybackWalletEmptied,
      call(recordBuyback, {
        label: 'a purchase whose BRND has left the buyback wallet',
        as: 'operator',
        input: (values) => buyback(values, '2031-Q1', 'moved'),
        expect: {
          status: 409,
          kind: 'walletShort',
          fields: { brnd_amount: 'admin.buybacks.errors.walletShort' },
        },
      }),
      marketSells(1_000, 'purchase'),
      call(recordBuyback, {
        label: 'the quarter’s buyback, its purchase there',
        as: 'operator',
        input: (values) => buyback(values, '2031-Q1', 'purchase'),
        expect: { status: 201 },
      }),
      marketSells(1_000, 'another'),
      call(recordBuyback, {
        label: 'the same quarter again, with another purchase',
        as: 'operator',
        input: (values) => buyback(values, '2031-Q1', 'another'),
        expect: {
          status: 409,
          kind: 'quarterTaken',
          fields: { quarter: 'admin.buybacks.errors.quarterTaken' },
        },
      }),
      call(recordBuyback, {
        label: 'another quarter with the burned purchase',
        as: 'operator',
        input: (values) => buyback(values, '2031-Q2', 'purchase'),
        expect: {
          status: 409,
          kind: 'purchaseTaken',
          fields: { purchase_tx_hash: 'admin.buybacks.errors.purchaseTaken' },
        },
      }),
    ],
  },
  {
    name: 'admin actions: an overpaid BTC order is decided once, for the payment as it stands',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'a buyer places a BTC order',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'BTC' as const } }),
        expect: { status: 200 },
        save: (body, values) => {
          values.order = body.response.uuid;
        },
      }),
      payAtGateway((values) => values.order!, 'overpay'),
      operatorLogin,
      call(adminOrder, {
        label: 'the operator reads the overpaid order, until its payment waits for a decision',
        as: 'operator',
        input: (values) => ({ params: { id: values.order! } }),
        expect: { status: 200 },
        until: (body) => body.order.credit_preview !== null,
        save: (body, values) => {
          values.paid = body.order.paid_amount;
        },
      }),
      call(resolveOrder, {
        label: 'a credit for another amount than was received',
        as: 'operator',
        input: (values) => ({
          params: { id: values.order! },
          body: { decision: 'credit' as const, paid_amount: '0.00000001' },
        }),
        expect: { status: 409, kind: 'paymentChanged' },
      }),
      call(resolveOrder, {
        label: 'a credit for the amount received',
        as: 'operator',
        input: (values) => ({
          params: { id: values.order! },
          body: { decision: 'credit' as const, paid_amount: values.paid! },
        }),
        expect: { status: 201 },
      }),
      call(resolveOrder, {
        label: 'the same payment decided again',
        as: 'operator',
        input: (values) => ({
          params: { id: values.order! },
          body: { decision: 'credit' as const, paid_amount: values.paid! },
        }),
        expect: { status: 409, kind: 'alreadyResolved' },
      }),
    ],
  },
];
