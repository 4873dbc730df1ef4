import { login } from '@brnd/contracts/api/accounts';
import { adminOrder, adminOrders, resolveOrder } from '@brnd/contracts/api/admin-orders';
import { adminPayouts, retryPayout } from '@brnd/contracts/api/admin-payouts';
import { adminSale, updateSale } from '@brnd/contracts/api/admin-sale';
import { verifiedUser } from './accounts-scenarios.ts';
import { call, type Scenario, type Step } from './runner.ts';

/**
 * The console's orders, payouts and sale endpoints (docs/decisions/016). Both targets know this
 * operator: the mocks' demo world has it, and the bff suite creates it before the run.
 */
export const CONFORMANCE_OPERATOR = { email: 'operator@brnd.example', password: 'Demo123!x' };

export const operatorLogin: Step = call(login, {
  label: 'the operator signs in',
  input: () => ({ body: CONFORMANCE_OPERATOR }),
  expect: { status: 200 },
  save: (body, values) => {
    if ('token' in body) values.operator = body.token;
  },
});

const UNKNOWN_ORDER = '00000000-0000-4000-8000-000000000000';

/** A sale edit the contract accepts, ending a week from the run. */
function saleBody() {
  return {
    tiers: [0.0015, 0.002, 0.0025, 0.003, 0.0035].map((price) => ({ tokens: 80_000_000, price })),
    activeTier: 4,
    stages: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'].map((month, index) => ({
      month,
      active: index <= 1,
    })),
    endsAt: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString(),
  };
}

export const adminPaymentScenarios: Scenario[] = [
  {
    name: 'admin payments: no session is 401 and a user who is not an operator is 403',
    steps: [
      call(adminPayouts, { label: 'payouts without a session', expect: { status: 401 } }),
      call(adminSale, { label: 'sale without a session', expect: { status: 401 } }),
      call(adminOrders, { label: 'orders without a session', expect: { status: 401 } }),
      ...verifiedUser,
      call(adminPayouts, {
        label: 'payouts as a user',
        as: 'token',
        expect: { status: 403, messageId: 'errors.forbidden' },
      }),
      call(retryPayout, {
        label: 'a retry as a user',
        as: 'token',
        input: () => ({ params: { id: '1' } }),
        expect: { status: 403, messageId: 'errors.forbidden' },
      }),
      call(updateSale, {
        label: 'a sale edit as a user',
        as: 'token',
        input: () => ({ body: saleBody() }),
        expect: { status: 403, messageId: 'errors.forbidden' },
      }),
      call(resolveOrder, {
        label: 'a decision as a user',
        as: 'token',
        input: () => ({
          params: { id: UNKNOWN_ORDER },
          body: { decision: 'credit' as const, paid_amount: '0.01' },
        }),
        expect: { status: 403, messageId: 'errors.forbidden' },
      }),
    ],
  },
  {
    name: 'admin payments: payouts filter by status; an unknown payout or order is 404',
    steps: [
      operatorLogin,
      call(adminPayouts, {
        label: 'failed payouts',
        as: 'operator',
        input: () => ({ query: { status: 'failed' } }),
        expect: { status: 200 },
      }),
      call(adminPayouts, {
        label: 'an unknown status',
        as: 'operator',
        input: () => ({ query: { status: 'lost' as never } }),
        expect: { status: 400, fields: { status: 'errors.validation' } },
      }),
      call(retryPayout, {
        label: 'retrying a payout that does not exist',
        as: 'operator',
        input: () => ({ params: { id: '999999999' } }),
        expect: { status: 404, messageId: 'errors.notFound' },
      }),
      call(adminOrder, {
        label: 'an order that does not exist',
        as: 'operator',
        input: () => ({ params: { id: UNKNOWN_ORDER } }),
        expect: { status: 404, messageId: 'errors.notFound' },
      }),
      call(adminOrders, {
        label: 'a search for an e-mail nobody has',
        as: 'operator',
        input: () => ({ query: { email: 'nobody-at-all@nowhere.example' } }),
        expect: { status: 200, body: () => ({ orders: [], count: 0 }) },
      }),
    ],
  },
  {
    name: 'admin sale: an edit is validated per field, and a valid one is what the sale serves',
    steps: [
      operatorLogin,
      call(adminSale, {
        as: 'operator',
        expect: { status: 200, body: () => ({ allocation: 400_000_000 }) },
      }),
      call(updateSale, {
        label: 'a zero price, a bad month and an end in the past',
        as: 'operator',
        input: () => {
          const body = saleBody();
          return {
            body: {
              ...body,
              tiers: body.tiers.map((tier, index) => (index === 0 ? { ...tier, price: 0 } : tier)),
              stages: body.stages.map((stage, index) =>
                index === 4 ? { ...stage, month: '2026-13' } : stage,
              ),
              endsAt: '2020-01-01T00:00:00.000Z',
            },
          };
        },
        expect: {
          status: 400,
          messageId: 'finance.sale.errors.price',
          fields: {
            'tiers.0.price': 'finance.sale.errors.price',
            'stages.4.month': 'finance.sale.errors.month',
            endsAt: 'finance.sale.errors.endsAtPast',
          },
        },
      }),
      call(updateSale, {
        label: 'prices that fall and a stage marked after a gap',
        as: 'operator',
        input: () => {
          const body = saleBody();
          return {
            body: {
              ...body,
              tiers: body.tiers.map((tier, index) =>
                index === 2 ? { ...tier, price: 0.001 } : tier,
              ),
              stages: body.stages.map((stage, index) => ({
                ...stage,
                active: index === 0 || index === 3,
              })),
            },
          };
        },
        expect: {
          status: 400,
          fields: {
            tiers: 'finance.sale.errors.pricesIncreasing',
            stages: 'finance.sale.errors.activeStagesInOrder',
          },
        },
      }),
      call(updateSale, {
        label: 'tiers over the allocation',
        as: 'operator',
        input: () => ({
          body: {
            ...saleBody(),
            tiers: saleBody().tiers.map((tier) => ({ ...tier, tokens: 90_000_000 })),
          },
        }),
        expect: { status: 400, fields: { tiers: 'finance.sale.errors.allocation' } },
      }),
      call(updateSale, {
        label: 'a valid edit',
        as: 'operator',
        input: () => ({ body: saleBody() }),
        expect: {
          status: 200,
          body: () => ({
            sale: {
              activeTier: 4,
              price: 0.003,
              stages: [
                { name: 'Pre ICO', month: '2026-01', active: true },
                { name: 'Round I', month: '2026-02', active: true },
                { name: 'Round II', month: '2026-03', active: false },
                { name: 'Hard Cap', month: '2026-04', active: false },
                { name: 'Soft Cap', month: '2026-05', active: false },
              ],
            },
            allocation: 400_000_000,
          }),
        },
      }),
    ],
  },
];
