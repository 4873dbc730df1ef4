import { afterAll, beforeAll, describe, test } from 'vitest';
import { startTestApp, type TestApp } from '@brnd/bff/testing';
import { startTestCardProvider, type TestCardProvider } from '@brnd/bff/testing/card-provider';
import { createOperator } from '@brnd/bff/services/operators';
import { createPasswordHasher, TEST_ARGON2_COST } from '@brnd/bff/services/passwords';
import { adminPaymentScenarios, CONFORMANCE_OPERATOR } from './admin-payment-scenarios.ts';
import { adminActionScenarios } from './admin-action-scenarios.ts';
import { adminVerificationScenarios } from './admin-verification-scenarios.ts';
import { accountScenarios } from './accounts-scenarios.ts';
import { accountErrorScenarios } from './account-error-scenarios.ts';
import { brandScenarios } from './brand-scenarios.ts';
import { brandTokenScenarios } from './brand-token-scenarios.ts';
import { cardScenarios } from './card-scenarios.ts';
import { catalogueScenarios } from './catalogue-scenarios.ts';
import { contentScenarios } from './content-scenarios.ts';
import { referralScenarios } from './referral-scenarios.ts';
import { saleScenarios } from './sale-scenarios.ts';
import { walletScenarios } from './wallet-scenarios.ts';
import { expectEveryDeclaredErrorReached, runScenario, type Target } from './runner.ts';

/** The accounts scenarios against the real bff on its own PostgreSQL database. */

let app: TestApp;
let cardProvider: TestCardProvider;
/** How far scenarios have moved the contest clock on. */
let clockOffset = 0;
const target: Target = {
  name: 'bff',
  get baseUrl() {
    return app.baseUrl;
  },
  settled: () => app.settled(),
  advance: (ms) => (clockOffset += ms),
  cardProvider: (cashTxHash, action) => cardProvider.act(cashTxHash, action),
};

beforeAll(async () => {
  // The card provider's local simulator, as `npm start` runs it.
  cardProvider = await startTestCardProvider();
  app = await startTestApp({
    seed: true,
    clock: () => new Date(Date.now() + clockOffset),
    sale: () => ({ card: cardProvider.card }),
  });
  cardProvider.pointAt(app.baseUrl);
  // The mocks' demo world has this operator; the bff's is made as the CLI makes one.
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), CONFORMANCE_OPERATOR);
});
afterAll(async () => {
  await cardProvider?.close();
  await app?.close();
});

describe('bff', () => {
  for (const scenario of [
    ...accountScenarios,
    ...accountErrorScenarios,
    ...walletScenarios,
    ...saleScenarios,
    ...cardScenarios,
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
