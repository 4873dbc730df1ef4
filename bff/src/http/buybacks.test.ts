import { adminBuybacks, burns, recordBuyback } from '@brnd/contracts/api/burns';
import type { Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { NonceManager, Transaction, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devBuybackKey } from '../chain/dev-keys.ts';
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
/** Stands for the market the platform buys from: it sells BRND into the buyback wallet. */
const SELLER = 5;

let anvil: Anvil;
let app: TestApp;
let token: string;
let seller: NonceManager;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  token = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
  const chain = app.chain!;
  seller = new NonceManager(new Wallet(anvil.accounts[SELLER]!.privateKey, chain.provider));
  // The market got its BRND from the sale long ago.
  const fromTreasury = connectContract(BRND, chain.contracts.brnd, chain.treasury);
  await (await fromTreasury.transfer(await seller.getAddress(), 50_000_000n * ONE_TOKEN)).wait();
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

function brnd() {
  const chain = app.chain!;
  return connectContract(BRND, chain.contracts.brnd, chain.provider);
}

/** A purchase on the market: `tokens` BRND delivered to `to` (the buyback wallet by default). */
async function purchase(tokens: bigint, to = app.chain!.buyback.address): Promise<string> {
  const market = connectContract(BRND, app.chain!.contracts.brnd, seller);
  const sent = await market.transfer(to, tokens * ONE_TOKEN);
  await sent.wait();
  return sent.hash.toLowerCase();
}

const record = (body: Record<string, string>) => call(app.baseUrl, recordBuyback, { token, body });

test('a buyback burns the BRND its purchase delivered to the buyback wallet, never the treasury float, once', async () => {
  const chain = app.chain!;
  const [supplyBefore, treasuryBefore] = await Promise.all([
    brnd().totalSupply(),
    brnd().balanceOf(chain.treasury.address),
  ]);
  const bought = await purchase(2_500_000n);
  const answer = await record({
    quarter: '2026-Q3',
    subscription_profit_usd: '50000',
    buyback_usd: '10000',
    brnd_amount: '2500000',
    purchase_tx_hash: bought.toUpperCase().replace('0X', '0x'),
  });
  expect(answer.status).toBe(201);
  expect(answer.data?.buyback).toMatchObject({
    quarter: '2026-Q3',
    status: 'pending',
    purchase_tx_hash: bought,
  });

  const list = await until(
    async () => (await call(app.baseUrl, adminBuybacks, { token })).data,
    (data) => data?.buybacks[0]?.status === 'confirmed',
  );
  const confirmed = list!.buybacks[0]!;
  expect(list!.wallet).toBe(chain.buyback.address);
  expect(await brnd().totalSupply()).toBe(supplyBefore - 2_500_000n * ONE_TOKEN);
  // The float that backs users' balances is untouched; the buyback wallet signed the burn.
  expect(await brnd().balanceOf(chain.treasury.address)).toBe(treasuryBefore);
  expect(await brnd().balanceOf(chain.buyback.address)).toBe(0n);
  const burn = await chain.provider.getTransaction(confirmed.tx_hash!);
  expect(burn?.from).toBe(chain.buyback.address);
  expect((await chain.provider.getTransactionReceipt(confirmed.tx_hash!))?.status).toBe(1);

  const published = await call(app.baseUrl, burns);
  expect(published.data).toEqual({
    burns: [
      expect.objectContaining({
        quarter: '2026-Q3',
        brnd_burned: 2_500_000,
        tx_hash: confirmed.tx_hash,
      }),
    ],
    total_burned: 2_500_000,
  });

  // Sending it again (a retry, a restart's reconciliation) finds it confirmed and burns nothing.
  const service = createBuybackService({
    db: app.db,
    chain,
    audit: createAuditLog(app.db),
    logger: createMemoryLogger(),
  });
  expect(await service.process(confirmed.id)).toBe('confirmed');
  expect(await brnd().totalSupply()).toBe(supplyBefore - 2_500_000n * ONE_TOKEN);
});

test('a buyback needs its purchase: on chain, delivered to the buyback wallet, enough, used once', async () => {
  const chain = app.chain!;
  const treasuryBefore = await brnd().balanceOf(chain.treasury.address);
  const terms = { subscription_profit_usd: '10000', buyback_usd: '2000', brnd_amount: '1000' };
  const refused = async (body: Record<string, string>) => {
    const answer = await record({ quarter: '2026-Q4', ...terms, ...body });
    expect(answer.status).toBe(409);
    return answer.error?.errors;
  };

  // Before decision 063 the treasury's balance was enough, and the treasury burned its float.
  expect(await refused({ purchase_tx_hash: `0x${'ab'.repeat(32)}` })).toEqual({
    purchase_tx_hash: 'admin.buybacks.errors.purchaseNotFound',
  });
  // BRND delivered elsewhere is not a purchase into the buyback wallet.
  const elsewhere = await purchase(1_000n, anvil.accounts[SELLER + 1]!.address);
  expect(await refused({ purchase_tx_hash: elsewhere })).toEqual({
    brnd_amount: 'admin.buybacks.errors.purchaseShort',
  });
  expect(await refused({ purchase_tx_hash: await purchase(999n) })).toEqual({
    brnd_amount: 'admin.buybacks.errors.purchaseShort',
  });
  // The first quarter's purchase was burned: it cannot back a second buyback.
  const [first] = await app.db.query<{ purchase_tx_hash: string }>(
    `SELECT purchase_tx_hash FROM buybacks WHERE quarter = '2026-Q3'`,
  );
  expect(await refused({ purchase_tx_hash: first!.purchase_tx_hash })).toEqual({
    purchase_tx_hash: 'admin.buybacks.errors.purchaseTaken',
  });

  // A purchase whose BRND has left the buyback wallet (moved by hand) cannot be burned.
  const moved = await purchase(1_000n);
  const buybackWallet = new Wallet(devBuybackKey(), chain.provider);
  const fromBuyback = connectContract(BRND, chain.contracts.brnd, buybackWallet);
  const balance = (await brnd().balanceOf(chain.buyback.address)) as bigint;
  await (await fromBuyback.transfer(await seller.getAddress(), balance)).wait();
  expect(await refused({ purchase_tx_hash: moved })).toEqual({
    brnd_amount: 'admin.buybacks.errors.walletShort',
  });

  // A purchase not yet at the chain's settling depth waits (a reorg could still remove it).
  const deep = createBuybackService({
    db: app.db,
    chain: { ...chain, confirmations: 3 },
    audit: createAuditLog(app.db),
    logger: createMemoryLogger(),
  });
  const fresh = await purchase(1_000n);
  await expect(
    deep.record(
      { id: crypto.randomUUID(), email: OPERATOR.email },
      {
        quarter: '2026-Q4',
        subscription_profit_usd: 10_000,
        buyback_usd: 2_000,
        brnd_amount: 1_000,
        purchase_tx_hash: fresh,
      },
    ),
  ).rejects.toMatchObject({ messageId: 'admin.buybacks.errors.purchaseUnconfirmed' });

  expect(await brnd().balanceOf(chain.treasury.address)).toBe(treasuryBefore);
  const list = (await call(app.baseUrl, adminBuybacks, { token })).data?.buybacks;
  expect(list?.map((buyback) => buyback.quarter)).toEqual(['2026-Q3']);
});

test('two buybacks recorded at once never count the same BRND in the wallet twice', async () => {
  // Two purchases of 1,000 each, but the wallet then holds 1,000 only: one buyback is refused.
  const [one, two] = [await purchase(1_000n), await purchase(1_000n)];
  const chain = app.chain!;
  const buybackWallet = new Wallet(devBuybackKey(), chain.provider);
  const fromBuyback = connectContract(BRND, chain.contracts.brnd, buybackWallet);
  const extra = ((await brnd().balanceOf(chain.buyback.address)) as bigint) - 1_000n * ONE_TOKEN;
  await (await fromBuyback.transfer(await seller.getAddress(), extra)).wait();

  const answers = await Promise.all(
    [
      ['2027-Q1', one],
      ['2027-Q2', two],
    ].map(([quarter, purchase_tx_hash]) =>
      record({
        quarter: quarter!,
        subscription_profit_usd: '10000',
        buyback_usd: '100',
        brnd_amount: '1000',
        purchase_tx_hash: purchase_tx_hash!,
      }),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  expect(answers.find((answer) => answer.status === 409)?.error?.errors).toEqual({
    brnd_amount: 'admin.buybacks.errors.walletShort',
  });
});

test('a quarter has one buyback, capped at 20 % of its subscription profit', async () => {
  const again = await record({
    quarter: '2026-Q3',
    subscription_profit_usd: '90000',
    buyback_usd: '100',
    brnd_amount: '10',
    purchase_tx_hash: await purchase(10n),
  });
  expect(again.status).toBe(409);
  expect(again.error?.errors).toEqual({ quarter: 'admin.buybacks.errors.quarterTaken' });

  const overCap = await record({
    quarter: '2026-Q4',
    subscription_profit_usd: '10000',
    buyback_usd: '2000.01',
    brnd_amount: '10',
    purchase_tx_hash: `0x${'ab'.repeat(32)}`,
  });
  expect(overCap.status).toBe(400);
  expect(overCap.error?.errors).toEqual({ buyback_usd: 'admin.buybacks.errors.overCap' });

  const notAHash = await record({
    quarter: '2026-Q4',
    subscription_profit_usd: '10000',
    buyback_usd: '2000',
    brnd_amount: '10',
    purchase_tx_hash: '0x1234',
  });
  expect(notAHash.status).toBe(400);
  expect(notAHash.error?.errors).toEqual({
    purchase_tx_hash: 'admin.buybacks.errors.purchaseTxHash',
  });
});

test('every buyback is in the audit log with its operator and the wallet that burns it', async () => {
  const [row] = await app.db.query<{ actor_email: string; subject: string; wallet: string }>(
    `SELECT actor_email, subject, details->>'wallet' AS wallet FROM admin_audit_log
     WHERE action = 'buyback.record' AND subject = '2026-Q3'`,
  );
  expect(row).toEqual({
    actor_email: OPERATOR.email,
    subject: '2026-Q3',
    wallet: app.chain!.buyback.address,
  });
  // The burn was signed by the buyback wallet's key, stored before it was broadcast.
  const [version] = await app.db.query<{ raw_transaction: string }>(
    `SELECT v.raw_transaction FROM treasury_transaction_versions v
     JOIN treasury_nonces n USING (chain_id, genesis_hash, account, nonce)
     JOIN buybacks b ON b.id = n.source_id WHERE b.quarter = '2026-Q3'`,
  );
  expect(Transaction.from(version!.raw_transaction).from).toBe(app.chain!.buyback.address);
});
