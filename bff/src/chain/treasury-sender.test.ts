import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { Transaction, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { createLedger, ONE_TOKEN, userAccount } from '../services/ledger.ts';
import { createPayoutService } from '../services/payouts.ts';
import type { TestApp } from '../testing.ts';
import { startTestApp } from '../testing.ts';
import { userWithTokens } from '../testing/chain-app.ts';
import { connectDevChain, type PlatformChain } from './platform-chain.ts';
import { remoteSigner, type TransactionSigner } from './signer.ts';
import type { TreasurySenderOptions } from './treasury-sender.ts';

/**
 * The treasury sender against anvil's mempool controls: transactions left unmined, dropped,
 * replaced, priced out by a rising base fee, and blocks taken back by a reorg. No job queue runs
 * here: each test calls `process` itself, as the job and the reconciliation would.
 */

let anvil: Anvil;
let app: TestApp;
let chain: PlatformChain;
beforeAll(async () => {
  anvil = await startAnvil();
  app = await startTestApp();
  chain = await connectDevChain(app.db, createMemoryLogger(), {
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    treasuryPrivateKey: anvil.accounts[0]?.privateKey as string,
  });
});
afterEach(async () => {
  await chain.provider.send('evm_setAutomine', [true]);
});
afterAll(async () => {
  await chain?.stop();
  await app?.close();
  await anvil?.stop();
});

function payoutService(
  options: TreasurySenderOptions & { confirmations?: number; signer?: TransactionSigner } = {},
) {
  return createPayoutService({
    db: app.db,
    ledger: createLedger(app.db),
    chain: {
      ...chain,
      confirmations: options.confirmations ?? 1,
      ...(options.signer ? { signer: options.signer } : {}),
    },
    logger: createMemoryLogger(),
    enqueue: async () => {},
    sender: { receiptWaitMs: 300, ...options },
  });
}

/** A user with `tokens` BRND and a wallet, whose whole balance is claimed (not yet sent). */
async function claimed(tokens: bigint) {
  const { userId } = await userWithTokens(app, tokens);
  const address = Wallet.createRandom().address;
  // Proven as the wallet screen proves it (bff/src/http/wallet-proofs.test.ts): not the subject.
  await app.db.query(
    'UPDATE users SET wallet_address = $2, wallet_verified_at = now() WHERE id = $1',
    [userId, address],
  );
  const payout = await payoutService().claim(userId, Number(tokens));
  return { userId, address, payoutId: payout.id };
}

async function row(payoutId: string) {
  const [found] = await app.db.query<{
    status: string;
    tx_hash: string | null;
    raw_transaction: string | null;
    nonce: string | null;
    error: string | null;
  }>('SELECT status, tx_hash, raw_transaction, nonce::text, error FROM payouts WHERE id = $1', [
    payoutId,
  ]);
  if (!found) throw new Error('no payout');
  return found;
}

async function ledgerBalance(userId: string) {
  const [account] = await app.db.query<{ balance: string }>(
    'SELECT balance::text FROM ledger_accounts WHERE id = $1',
    [userAccount(userId)],
  );
  return BigInt(account?.balance ?? '0');
}

async function onChain(address: string): Promise<bigint> {
  const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
  return (await brnd.balanceOf(address)) as bigint;
}

async function versionCount(nonce: string) {
  const [found] = await app.db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM treasury_transaction_versions WHERE nonce = $1',
    [nonce],
  );
  return Number(found?.count);
}

test('a dropped transaction is broadcast again and then settles', async () => {
  const { address, payoutId } = await claimed(10n);
  await chain.provider.send('evm_setAutomine', [false]);
  const service = payoutService();
  await expect(service.process(payoutId)).rejects.toThrow('not mined yet');
  const sent = await row(payoutId);
  expect(sent.status).toBe('broadcast');

  // The node forgets it (mempool eviction, a restart): nothing was mined, nothing is lost.
  await chain.provider.send('anvil_dropTransaction', [sent.tx_hash]);
  expect(await chain.provider.getTransaction(sent.tx_hash as string)).toBeNull();
  await expect(service.process(payoutId)).rejects.toThrow('not mined yet');
  expect(await chain.provider.getTransaction(sent.tx_hash as string)).not.toBeNull();

  await chain.provider.send('evm_mine', []);
  expect(await service.process(payoutId)).toBe('confirmed');
  expect(await onChain(address)).toBe(10n * ONE_TOKEN);
  expect((await row(payoutId)).tx_hash).toBe(sent.tx_hash);
});

test('a transaction replaced on chain fails at depth and its tokens return to the user', async () => {
  const { userId, address, payoutId } = await claimed(20n);
  await chain.provider.send('evm_setAutomine', [false]);
  const service = payoutService({ confirmations: 2 });
  await expect(service.process(payoutId)).rejects.toThrow('not mined yet');
  const sent = await row(payoutId);

  // Someone holding the key spends the same nonce on another transaction (a manual cancel).
  await chain.provider.send('anvil_dropTransaction', [sent.tx_hash]);
  const treasury = new Wallet(anvil.accounts[0]?.privateKey as string, chain.provider);
  const fees = await chain.provider.getFeeData();
  await chain.provider.broadcastTransaction(
    await treasury.signTransaction({
      to: treasury.address,
      value: 0n,
      nonce: Number(sent.nonce),
      chainId: anvil.chainId,
      gasLimit: 21_000n,
      type: 2,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    }),
  );
  await chain.provider.send('evm_mine', []);
  // One block deep: the replacement could still be undone, so nothing is decided yet.
  await expect(service.process(payoutId)).rejects.toThrow('not mined yet');
  expect((await row(payoutId)).status).toBe('broadcast');
  expect(await ledgerBalance(userId)).toBe(0n);

  await chain.provider.send('evm_mine', []);
  expect(await service.process(payoutId)).toBe('failed');
  expect(await row(payoutId)).toMatchObject({
    status: 'failed',
    error: 'the transaction was replaced on chain',
  });
  expect(await ledgerBalance(userId)).toBe(20n * ONE_TOKEN);
  expect(await onChain(address)).toBe(0n);
});

test('an underpriced transaction is re-signed at the same nonce with higher fees', async () => {
  const { address, payoutId } = await claimed(30n);
  await chain.provider.send('evm_setAutomine', [false]);
  await expect(payoutService().process(payoutId)).rejects.toThrow('not mined yet');
  const first = await row(payoutId);
  const signed = Transaction.from(first.raw_transaction as string);

  // The base fee jumps past what it offered: no block will take it.
  await chain.provider.send('anvil_setNextBlockBaseFeePerGas', [
    `0x${((signed.maxFeePerGas ?? 0n) * 10n).toString(16)}`,
  ]);
  await chain.provider.send('evm_mine', []);
  expect(await chain.provider.getTransactionReceipt(first.tx_hash as string)).toBeNull();

  // Still pending after the bump delay: a new version replaces it.
  await expect(payoutService({ bumpAfterMs: 0 }).process(payoutId)).rejects.toThrow(
    'not mined yet',
  );
  const bumped = await row(payoutId);
  expect(bumped.nonce).toBe(first.nonce);
  expect(bumped.tx_hash).not.toBe(first.tx_hash);
  expect(await versionCount(first.nonce as string)).toBe(2);
  const replacement = await chain.provider.getTransaction(bumped.tx_hash as string);
  expect(replacement?.maxFeePerGas).toBeGreaterThan(signed.maxFeePerGas ?? 0n);

  await chain.provider.send('evm_mine', []);
  expect(await payoutService().process(payoutId)).toBe('confirmed');
  expect(await onChain(address)).toBe(30n * ONE_TOKEN);
});

test('a node that refuses the fees outright gets a bumped version at once', async () => {
  const { address, payoutId } = await claimed(40n);
  await chain.provider.send('evm_setAutomine', [false]);
  await expect(payoutService().process(payoutId)).rejects.toThrow('not mined yet');
  const first = await row(payoutId);
  const signed = Transaction.from(first.raw_transaction as string);
  await chain.provider.send('anvil_setNextBlockBaseFeePerGas', [
    `0x${((signed.maxFeePerGas ?? 0n) * 10n).toString(16)}`,
  ]);
  await chain.provider.send('evm_mine', []);
  // Evicted, and the node now refuses it for its fee cap: the re-broadcast bumps it.
  await chain.provider.send('anvil_dropTransaction', [first.tx_hash]);
  await expect(payoutService().process(payoutId)).rejects.toThrow('not mined yet');
  expect((await row(payoutId)).tx_hash).not.toBe(first.tx_hash);
  await chain.provider.send('evm_mine', []);
  expect(await payoutService().process(payoutId)).toBe('confirmed');
  expect(await onChain(address)).toBe(40n * ONE_TOKEN);
});

test('a send settles only at the safe depth: a reorg before it sends it again', async () => {
  const { address, payoutId } = await claimed(50n);
  const service = payoutService({ confirmations: 2 });
  const snapshot = await chain.provider.send('evm_snapshot', []);
  await expect(service.process(payoutId)).rejects.toThrow('has 1 of 2 confirmations');
  expect((await row(payoutId)).status).toBe('broadcast');

  // The block with the payout is taken back.
  await chain.provider.send('evm_revert', [snapshot]);
  expect(await onChain(address)).toBe(0n);
  await expect(service.process(payoutId)).rejects.toThrow('has 1 of 2 confirmations');
  await chain.provider.send('evm_mine', []);
  expect(await service.process(payoutId)).toBe('confirmed');
  expect(await onChain(address)).toBe(50n * ONE_TOKEN);
});

test('a nonce belongs to one transaction of its account across payouts, burns and mints', async () => {
  const { payoutId } = await claimed(1n);
  expect(await payoutService().process(payoutId)).toBe('confirmed');
  const { nonce } = await row(payoutId);
  const take = (account: string) =>
    app.db.query(
      `INSERT INTO treasury_nonces (chain_id, genesis_hash, account, nonce, source, source_id)
       VALUES ($1, $2, $3, $4, 'buybacks', gen_random_uuid())`,
      [chain.chainId, chain.genesisHash, account, nonce],
    );
  await expect(take(chain.signer.address.toLowerCase())).rejects.toMatchObject({
    parent: { constraint: 'treasury_nonces_pkey' },
  });
  // The minter's nonces are its own sequence (decision 058).
  await expect(take(chain.minter.address.toLowerCase())).resolves.toBeDefined();
});

test('every treasury transaction is signed by the chain’s signer (a KMS in production), given its nonce and fees', async () => {
  const { address, payoutId } = await claimed(4n);
  const asked: { nonce: unknown; chainId: unknown; maxFeePerGas: unknown }[] = [];
  const signer: TransactionSigner = {
    address: chain.signer.address,
    signTransaction: async (transaction) => {
      asked.push({
        nonce: transaction.nonce,
        chainId: transaction.chainId,
        maxFeePerGas: transaction.maxFeePerGas,
      });
      return chain.signer.signTransaction(transaction);
    },
  };
  expect(await payoutService({ signer }).process(payoutId)).toBe('confirmed');
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({
    nonce: Number((await row(payoutId)).nonce),
    chainId: chain.chainId,
  });
  expect(asked[0]?.maxFeePerGas).toBeGreaterThan(0n);
  expect(await onChain(address)).toBe(4n * ONE_TOKEN);
});

test('a payout signed through a signing service (eth_signTransaction, as Web3Signer speaks for a KMS) settles', async () => {
  // anvil holds the treasury's key here, as Web3Signer would hold it in front of a KMS or HSM.
  const signer = await remoteSigner(anvil.rpcUrl, chain.signer.address);
  const { address, payoutId } = await claimed(9n);
  expect(await payoutService({ signer }).process(payoutId)).toBe('confirmed');
  const sent = await row(payoutId);
  expect(Transaction.from(sent.raw_transaction as string).from).toBe(chain.signer.address);
  const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
  expect(await brnd.balanceOf(address)).toBe(9n * ONE_TOKEN);
});
