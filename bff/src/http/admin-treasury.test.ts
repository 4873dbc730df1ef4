import { adminTreasurySends, retryTreasurySend } from '@brnd/contracts/api/admin-treasury';
import { auditLog } from '@brnd/contracts/api/admin';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import { claimPayout, payouts } from '@brnd/contracts/api/wallet';
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import type { TestApp } from '../testing.ts';
import { startChainTestApp, until, userWithTokens } from '../testing/chain-app.ts';
import { call, loginToken, proveWallet } from '../testing/http.ts';

const OPERATOR = { email: 'treasurer@brnd.example', password: 'Treasur3r!pass' };

let anvil: Anvil;
let app: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  operatorToken = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

async function stuckSends() {
  return (await call(app.baseUrl, adminTreasurySends, { token: operatorToken })).data?.sends ?? [];
}

test('an operator sees a stuck payout with its nonce, hash and age, and retries it with a higher fee', async () => {
  const { token } = await userWithTokens(app, 300n);
  await proveWallet(app.baseUrl, token, Wallet.createRandom());
  // With automining off the transfer stays in the mempool: stuck, as on a congested chain.
  const node = new JsonRpcProvider(anvil.rpcUrl);
  await node.send('evm_setAutomine', [false]);
  try {
    const claimed = await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: 300 } });
    const payoutId = claimed.data?.payout.id as string;
    const [stuck] = await until(stuckSends, (rows) =>
      rows.some((row) => row.id === payoutId && row.status === 'broadcast'),
    ).then((rows) => rows.filter((row) => row.id === payoutId));
    expect(stuck).toMatchObject({
      source: 'payouts',
      status: 'broadcast',
      versions: 1,
      retry_requested: false,
    });
    expect(stuck?.nonce).toMatch(/^\d+$/);
    expect(stuck?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(stuck?.age_seconds).toBeGreaterThanOrEqual(0);

    const asUser = await call(app.baseUrl, retryTreasurySend, {
      token,
      params: { source: 'payouts', id: payoutId },
    });
    expect(asUser.status).toBe(403);

    const retried = await call(app.baseUrl, retryTreasurySend, {
      token: operatorToken,
      params: { source: 'payouts', id: payoutId },
    });
    expect(retried.status).toBe(202);
    expect(retried.data?.send).toMatchObject({ id: payoutId, retry_requested: true });

    // The sender re-signs the same nonce with raised fees: a second version replaces the first.
    const [bumped] = await until(
      async () => (await stuckSends()).filter((row) => row.id === payoutId),
      (rows) => rows[0]?.versions === 2,
    );
    expect(bumped).toMatchObject({ nonce: stuck?.nonce, retry_requested: false });
    expect(bumped?.tx_hash).not.toBe(stuck?.tx_hash);
    const fees = await app.db.query<{ version: number; max_fee_per_gas: string }>(
      `SELECT version, max_fee_per_gas::text FROM treasury_transaction_versions
       WHERE nonce = $1 AND account = $2 ORDER BY version`,
      [stuck?.nonce, app.chain?.signer.address.toLowerCase()],
    );
    expect(BigInt(fees[1]?.max_fee_per_gas ?? 0)).toBeGreaterThan(
      BigInt(fees[0]?.max_fee_per_gas ?? 0),
    );

    const audit = await call(app.baseUrl, auditLog, {
      token: operatorToken,
      query: { action: 'treasury.retry' },
    });
    expect(audit.data?.entries[0]).toMatchObject({
      action: 'treasury.retry',
      subject: payoutId,
      actor_email: OPERATOR.email,
    });

    await node.send('evm_setAutomine', [true]);
    const [confirmed] = await until(
      async () => {
        await node.send('evm_mine', []);
        return (await call(app.baseUrl, payouts, { token })).data?.payouts ?? [];
      },
      (rows) => rows[0]?.status === 'confirmed',
    );
    // Once: the replacement was mined, never both.
    expect(confirmed?.txHash).toBe(bumped?.tx_hash);
    expect((await stuckSends()).some((row) => row.id === payoutId)).toBe(false);
    const settled = await call(app.baseUrl, retryTreasurySend, {
      token: operatorToken,
      params: { source: 'payouts', id: payoutId },
    });
    expect(settled.status).toBe(404);
  } finally {
    await node.send('evm_setAutomine', [true]);
    node.destroy();
  }
});
