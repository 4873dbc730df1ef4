import { login } from '@brnd/contracts/api/accounts';
import { buyTokens, orders, verifyOrder } from '@brnd/contracts/api/orders';
import { sale } from '@brnd/contracts/api/sale';
import { verifiedUser } from './accounts-scenarios.ts';
import { call, type Scenario } from './runner.ts';

/** Both targets seed the demo account and a live sale (Tier IV, 0.003 USD per BRND). */
const DEMO = { email: 'demo@brnd.example', password: 'Demo123!x' };
const BUY_100_ETH = { amount: '100', selected_payMethod: 'ETH' as const };

const TIERS = [0.0015, 0.002, 0.0025, 0.003, 0.0035].map((price, index) => ({
  id: index + 1,
  tokens: 80_000_000,
  price,
  total: Math.round(80_000_000 * price),
  active: index === 3,
}));

export const saleScenarios: Scenario[] = [
  {
    name: 'sale: the live sale is served to visitors with its tiers, stages and price',
    steps: [
      call(sale, {
        expect: {
          status: 200,
          body: () => ({
            tiers: TIERS,
            activeTier: 4,
            price: 0.003,
            totalSupply: 1_000_000_000,
            tokensOffered: 400_000_000,
            goal: 1_000_000,
            plnPerUsd: 4.04,
            stages: [
              { name: 'Pre ICO', active: true },
              { name: 'Round I', active: true },
              { name: 'Round II', active: false },
              { name: 'Hard Cap', active: false },
              { name: 'Soft Cap', active: false },
            ],
          }),
        },
      }),
    ],
  },
  {
    name: 'sale: an ETH order is priced at the active tier and only its owner can check it',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'buy tokens without a session',
        input: () => ({ body: { amount: '100', selected_payMethod: 'ETH' as const } }),
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      call(buyTokens, {
        label: 'buy tokens with a method that is not a crypto order',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'PLN' as 'ETH' } }),
        expect: { status: 400, fields: { selected_payMethod: 'validation.payMethod' } },
      }),
      call(buyTokens, {
        label: 'buy tokens with letters for an amount',
        as: 'token',
        input: () => ({ body: { amount: '10a', selected_payMethod: 'ETH' as const } }),
        expect: { status: 400, fields: { amount: 'validation.amount' } },
      }),
      call(buyTokens, {
        label: 'buy 100 USD of BRND with ETH',
        as: 'token',
        input: () => ({ body: { amount: '100', selected_payMethod: 'ETH' as const } }),
        expect: {
          status: 200,
          body: () => ({
            message: 'success',
            response: {
              value: 100,
              destination_currency: 'ETH',
              token_price: 0.003,
              brnd_tokens: 33_333,
              paid_amount: '0',
              payment_exception: null,
            },
          }),
        },
        save: (body, values) => {
          values.order = body.response.uuid;
          values.address = body.response.blockchain_address;
        },
      }),
      call(verifyOrder, {
        label: 'the owner checks the order: waiting for payment',
        as: 'token',
        input: (values) => ({ params: { uuid: values.order! } }),
        expect: {
          status: 200,
          body: (values) => ({
            response: { uuid: values.order, status: 1, blockchain_address: values.address },
          }),
        },
      }),
      call(orders, {
        label: 'the order is in the transactions list, waiting for payment',
        as: 'token',
        expect: {
          status: 200,
          body: (values) => ({
            orders: {
              count: 1,
              rows: [{ session_id: values.order, status: 'WAITING_FOR_PAYMENT', signature: 'ETH' }],
            },
          }),
        },
      }),
      call(verifyOrder, {
        label: 'checking without a session',
        input: (values) => ({ params: { uuid: values.order! } }),
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      call(login, {
        label: 'another user logs in',
        input: () => ({ body: DEMO }),
        expect: { status: 200 },
        save: (body, values) => {
          if ('token' in body) values.other = body.token;
        },
      }),
      call(verifyOrder, {
        label: "another user checks this user's order",
        as: 'other',
        input: (values) => ({ params: { uuid: values.order! } }),
        expect: { status: 404, messageId: 'errors.notFound' },
      }),
      call(verifyOrder, {
        label: 'an order that does not exist',
        as: 'token',
        input: () => ({ params: { uuid: '00000000-0000-4000-8000-000000000000' } }),
        expect: { status: 404, messageId: 'errors.notFound' },
      }),
      call(verifyOrder, {
        label: 'an order id with characters no id has',
        as: 'token',
        input: () => ({ params: { uuid: 'order*1' } }),
        expect: { status: 400, kind: 'validation' },
      }),
    ],
  },
  {
    name: 'sale: one Idempotency-Key makes one order, however often it is sent',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'buy 100 USD of BRND with ETH under a key',
        as: 'token',
        input: () => ({ body: BUY_100_ETH, headers: { 'idempotency-key': 'buy-attempt-1' } }),
        expect: { status: 200, body: () => ({ response: { value: 100, brnd_tokens: 33_333 } }) },
        save: (body, values) => {
          values.order = body.response.uuid;
        },
      }),
      call(buyTokens, {
        label: 'the same key and body again (a double click, a retry) answer the first order',
        as: 'token',
        times: 2,
        input: () => ({ body: BUY_100_ETH, headers: { 'idempotency-key': 'buy-attempt-1' } }),
        expect: { status: 200, body: (values) => ({ response: { uuid: values.order } }) },
      }),
      call(buyTokens, {
        label: 'the same amount written differently is the same body',
        as: 'token',
        input: () => ({
          body: { amount: '100.00', selected_payMethod: 'ETH' as const },
          headers: { 'idempotency-key': 'buy-attempt-1' },
        }),
        expect: { status: 200, body: (values) => ({ response: { uuid: values.order } }) },
      }),
      call(buyTokens, {
        label: 'the same key with another amount is refused',
        as: 'token',
        input: () => ({
          body: { amount: '200', selected_payMethod: 'ETH' as const },
          headers: { 'idempotency-key': 'buy-attempt-1' },
        }),
        expect: { status: 422, messageId: 'orders.errors.idempotencyMismatch' },
      }),
      call(buyTokens, {
        label: 'a key longer than 255 characters is refused',
        as: 'token',
        input: () => ({ body: BUY_100_ETH, headers: { 'idempotency-key': 'k'.repeat(256) } }),
        expect: {
          status: 400,
          fields: { 'idempotency-key': 'orders.errors.idempotencyKey' },
        },
      }),
      call(orders, {
        label: 'one order was made',
        as: 'token',
        expect: {
          status: 200,
          body: (values) => ({ orders: { count: 1, rows: [{ session_id: values.order }] } }),
        },
      }),
    ],
  },
  {
    name: 'sale: a user has at most 3 unpaid orders per payment method',
    steps: [
      ...verifiedUser,
      call(buyTokens, {
        label: 'three waiting ETH orders',
        as: 'token',
        times: 3,
        input: () => ({ body: BUY_100_ETH }),
        expect: { status: 200 },
      }),
      call(buyTokens, {
        label: 'a fourth is refused, naming the limit',
        as: 'token',
        input: () => ({ body: BUY_100_ETH }),
        expect: { status: 409, messageId: 'orders.errors.tooManyOpenOrders' },
      }),
      call(orders, {
        label: 'and was not made',
        as: 'token',
        expect: { status: 200, body: () => ({ orders: { count: 3 } }) },
      }),
    ],
  },
];
