import { afterAll, beforeAll, describe, test } from 'vitest';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { startTestApp, type TestApp } from '@brnd/bff/testing';
import { startTestMarket, type TestMarket } from '@brnd/bff/testing/market';
import { startTestSaleProviders, type TestSaleProviders } from '@brnd/bff/testing/sale-providers';
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
import { outageScenarios } from './outage-scenarios.ts';
import { payoutScenarios } from './payout-scenarios.ts';
import { referralScenarios } from './referral-scenarios.ts';
import { saleScenarios } from './sale-scenarios.ts';
import { walletScenarios } from './wallet-scenarios.ts';
import { expectEveryDeclaredErrorReached, runScenario, type Target } from './runner.ts';

/**
 * The scenarios against the real bff on its own PostgreSQL database, as `npm start` runs it: a
 * dev chain (anvil) with the platform's contracts deployed and the job queue sending on it, and
 * the sale's provider simulators (the BTCPay gateway, the card provider, the ETH price feed).
 */

let anvil: Anvil;
let app: TestApp;
let providers: TestSaleProviders;
let market: TestMarket;
/** Anvil's funded accounts the market uses: the seller, and someone else a sale can go to. */
const SELLER = 5;
const SOMEONE_ELSE = 6;
/** How far scenarios have moved the contest clock on. */
let clockOffset = 0;
const target: Target = {
  name: 'bff',
  get baseUrl() {
    return app.baseUrl;
  },
  settled: () => app.settled(),
  advance: (ms) => (clockOffset += ms),
  cardProvider: (cashTxHash, action) => providers.cardAct(cashTxHash, action),
  outage: (provider, down) => providers.setDown(provider, down),
  async gateway(orderUuid, action) {
    // The checkout page the order's answer links to is the invoice's.
    const [order] = await app.db.query<{ invoice: string }>(
      'SELECT gateway_invoice_id AS invoice FROM crypto_orders WHERE uuid = $1',
      [orderUuid],
    );
    if (!order) throw new Error(`no BTC order ${orderUuid}`);
    await providers.gatewayAct(order.invoice, action);
  },
  async market(action, tokens) {
    if (action === 'emptyBuybackWallet') return void (await market.emptyBuybackWallet());
    return market.sell(tokens, action === 'sell' ? 'buyback' : 'elsewhere');
  },
  async mining(on) {
    await rpc('evm_setAutomine', [on]);
    if (on) await rpc('evm_mine', []);
  },
};

/** A JSON-RPC call to the dev chain, as a test's own node client would make it. */
async function rpc(method: string, params: unknown[]): Promise<void> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await response.json()) as { error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
}

beforeAll(async () => {
  const now = () => Date.now() + clockOffset;
  [anvil, providers] = await Promise.all([startAnvil(), startTestSaleProviders({ now })]);
  app = await startTestApp({
    seed: true,
    clock: () => new Date(now()),
    chain: {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      treasuryPrivateKey: anvil.accounts[0]?.privateKey as string,
    },
    sale: () => ({ ...providers.sale, chainId: anvil.chainId }),
  });
  providers.pointAt(app.baseUrl);
  // Stocked from the treasury before the app sends anything from it.
  market = await startTestMarket(
    app,
    anvil.accounts[SELLER]!.privateKey,
    anvil.accounts[SOMEONE_ELSE]!.address,
  );
  // The mocks' demo world has this operator; the bff's is made as the CLI makes one.
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), CONFORMANCE_OPERATOR);
});
afterAll(async () => {
  await providers?.close();
  await app?.close();
  await anvil?.stop();
});

describe('bff', () => {
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
