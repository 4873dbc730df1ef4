import { adminBuybacks, burns, recordBuyback } from '@brnd/contracts/api/burns';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAuditLog } from '../services/audit-log.ts';
import { createBuybackService } from '../services/buybacks.ts';
import { ONE_TOKEN } from '../services/ledger.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import type { TestApp } from '../testing.ts';
import { startChainTestApp, until } from '../testing/chain-app.ts';
import { call, loginToken } from '../testing/http.ts';
import { createMemoryLogger } from '../logger.ts';

const OPERATOR = { email: 'burner@brnd.example', password: 'Burn3r!pass' };

let anvil: Anvil;
let app: TestApp;
let token: string;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  token = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

function totalSupply() {
  const chain = app.chain!;
  return connectContract(BRND, chain.contracts.brnd, chain.provider).totalSupply();
}

const record = (body: Record<string, string>) => call(app.baseUrl, recordBuyback, { token, body });

test('a recorded buyback burns its BRND on chain once and appears on the public list', async () => {
  const supplyBefore = await totalSupply();
  const answer = await record({
    quarter: '2026-Q3',
    subscription_profit_usd: '50000',
    buyback_usd: '10000',
    brnd_amount: '2500000',
  });
  expect(answer.status).toBe(201);
  expect(answer.data?.buyback).toMatchObject({ quarter: '2026-Q3', status: 'pending' });

  const [confirmed] = await until(
    async () => (await call(app.baseUrl, adminBuybacks, { token })).data?.buybacks ?? [],
    (list) => list[0]?.status === 'confirmed',
  );
  expect(await totalSupply()).toBe(supplyBefore - 2_500_000n * ONE_TOKEN);
  const receipt = await app.chain!.provider.getTransactionReceipt(confirmed!.tx_hash!);
  expect(receipt?.status).toBe(1);

  const published = await call(app.baseUrl, burns);
  expect(published.data).toEqual({
    burns: [
      expect.objectContaining({
        quarter: '2026-Q3',
        brnd_burned: 2_500_000,
        tx_hash: confirmed!.tx_hash,
      }),
    ],
    total_burned: 2_500_000,
  });

  // Sending it again (a retry, a restart's reconciliation) finds it confirmed and burns nothing.
  const service = createBuybackService({
    db: app.db,
    chain: app.chain,
    audit: createAuditLog(app.db),
    logger: createMemoryLogger(),
  });
  expect(await service.process(confirmed!.id)).toBe('confirmed');
  expect(await totalSupply()).toBe(supplyBefore - 2_500_000n * ONE_TOKEN);
});

test('a quarter has one buyback, capped at 20 % of its subscription profit, and the treasury must hold the BRND', async () => {
  const again = await record({
    quarter: '2026-Q3',
    subscription_profit_usd: '90000',
    buyback_usd: '100',
    brnd_amount: '10',
  });
  expect(again.status).toBe(409);
  expect(again.error?.errors).toEqual({ quarter: 'admin.buybacks.errors.quarterTaken' });

  const overCap = await record({
    quarter: '2026-Q4',
    subscription_profit_usd: '10000',
    buyback_usd: '2000.01',
    brnd_amount: '10',
  });
  expect(overCap.status).toBe(400);
  expect(overCap.error?.errors).toEqual({ buyback_usd: 'admin.buybacks.errors.overCap' });

  const tooMuch = await record({
    quarter: '2026-Q4',
    subscription_profit_usd: '10000',
    buyback_usd: '2000',
    brnd_amount: '999999999999',
  });
  expect(tooMuch.status).toBe(409);
  expect(tooMuch.error?.messageId).toBe('admin.buybacks.errors.treasuryShort');

  const list = (await call(app.baseUrl, adminBuybacks, { token })).data?.buybacks;
  expect(list?.map((buyback) => buyback.quarter)).toEqual(['2026-Q3']);
});

test('every buyback is in the audit log with its operator', async () => {
  const [row] = await app.db.query<{ actor_email: string; subject: string }>(
    "SELECT actor_email, subject FROM admin_audit_log WHERE action = 'buyback.record'",
  );
  expect(row).toEqual({ actor_email: OPERATOR.email, subject: '2026-Q3' });
});
