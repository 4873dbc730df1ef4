import { afterAll, beforeAll, describe, test } from 'vitest';
import { setMining } from '@brnd/mocks/brand-tokens';
import { createMockServer } from '@brnd/mocks/node';
import { accountScenarios } from './accounts-scenarios.ts';
import { accountErrorScenarios } from './account-error-scenarios.ts';
import { adminPaymentScenarios } from './admin-payment-scenarios.ts';
import { adminActionScenarios } from './admin-action-scenarios.ts';
import { adminVerificationScenarios } from './admin-verification-scenarios.ts';
import { brandScenarios } from './brand-scenarios.ts';
import { brandTokenScenarios } from './brand-token-scenarios.ts';
import { cardScenarios } from './card-scenarios.ts';
import { catalogueScenarios } from './catalogue-scenarios.ts';
import { contentScenarios } from './content-scenarios.ts';
import { outageScenarios } from './outage-scenarios.ts';
import { payoutScenarios } from './payout-scenarios.ts';
import { referralScenarios } from './referral-scenarios.ts';
import { saleScenarios } from './sale-scenarios.ts';
import { walletScenarios } from './wallet-scenarios.ts';
import { expectEveryDeclaredErrorReached, runScenario, type Target } from './runner.ts';

/** The accounts scenarios against the MSW handlers, over a fake of their own. */

/** How far scenarios have moved the fake's clock on. */
let clockOffset = 0;
const { server, fake } = createMockServer(undefined, { now: () => Date.now() + clockOffset });
const target: Target = {
  name: 'mocks',
  baseUrl: 'http://mock.test',
  advance: (ms) => (clockOffset += ms),
  // The fake is its own card provider: its second step is the provider's callback.
  cardProvider: async (cashTxHash, action) =>
    fake.settleCardOrder(cashTxHash, action === 'pay' ? 'paid' : 'failed'),
  outage: (provider, down) => fake.setProviderDown(provider, down),
  mining: async (on) => setMining(fake, on),
  gateway: async (orderUuid, action) => fake.gatewayCheckout(orderUuid, action),
  async market(action, tokens) {
    if (action === 'emptyBuybackWallet') return void fake.emptyBuybackWallet();
    return fake.sellOnMarket(tokens, action === 'sell' ? 'buyback' : 'elsewhere');
  },
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('mocks', () => {
  for (const scenario of [
    ...accountScenarios,
    ...accountErrorScenarios,
    ...walletScenarios,
    ...saleScenarios,
    ...cardScenarios,
    ...outageScenarios,
    ...payoutScenarios,
    ...referralScenarios,
    ...brandScenarios,
    ...brandTokenScenarios,
    ...adminPaymentScenarios,
    ...adminActionScenarios,
    ...adminVerificationScenarios,
    ...contentScenarios,
    ...catalogueScenarios,
  ]) {
    test(scenario.name, () => runScenario(target, scenario));
  }
  // Last: the scenarios above ran in order (decision 051).
  test('every declared error is reached by a scenario', () =>
    expectEveryDeclaredErrorReached(target.name));
});
