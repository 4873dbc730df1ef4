import { afterAll, beforeAll, describe, test } from 'vitest';
import { startTestApp, type TestApp } from '@brnd/bff/testing';
import { accountScenarios } from './accounts-scenarios.ts';
import { walletScenarios } from './wallet-scenarios.ts';
import { runScenario, type Target } from './runner.ts';

/** The accounts scenarios against the real bff on its own PostgreSQL database. */

let app: TestApp;
const target: Target = {
  name: 'bff',
  get baseUrl() {
    return app.baseUrl;
  },
  settled: () => app.settled(),
};

beforeAll(async () => {
  app = await startTestApp({ seed: true });
});
afterAll(() => app?.close());

describe('bff', () => {
  for (const scenario of [...accountScenarios, ...walletScenarios]) {
    test(scenario.name, () => runScenario(target, scenario));
  }
});
