import { typesetText } from '@brnd/locales/typography';
import { randomUUID } from 'node:crypto';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { claimPayout, devInfo, payouts, saleProgress } from '@brnd/contracts/api/wallet';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LEDGER_ACCOUNTS, ONE_TOKEN, createLedger, userAccount } from '../services/ledger.ts';
import { connectDevChain } from '../chain/platform-chain.ts';
import { createMemoryLogger } from '../logger.ts';
import type { TestApp } from '../testing.ts';
import { startChainTestApp, until, userWithTokens } from '../testing/chain-app.ts';
import { call, proveWallet, readOutbox, registerVerifiedUser } from '../testing/http.ts';

let anvil: Anvil;
let app: TestApp;
beforeAll(async () => {
  ({ anvil, app } = await startChainTestApp());
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

async function onChainBalance(address: string): Promise<bigint> {
  const chain = app.chain;
  if (!chain) throw new Error('no chain');
  const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
  return (await brnd.balanceOf(address)) as bigint;
}

test('dev info tells a wallet where the chain and the contracts are', async () => {
  const response = await fetch(`${app.baseUrl}${devInfo.path}`);
  expect(response.status).toBe(200);
  const info = (await response.json()) as { rpcUrl: string; chainId: number; contracts: object };
  expect(info).toMatchObject({
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    contracts: app.chain?.contracts,
  });
  expect(await app.chain?.provider.getCode(app.chain.contracts.brnd)).not.toBe('0x');
});

test('a claim without a wallet address or without tokens is refused', async () => {
  const { token } = await userWithTokens(app, 5n);
  const noAddress = await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: 5 } });
  expect(noAddress.status).toBe(409);
  expect(noAddress.error?.messageId).toBe('wallet.errors.noWalletAddress');

  const empty = await registerVerifiedUser(app.baseUrl);
  await proveWallet(app.baseUrl, empty.token, Wallet.createRandom());
  const nothing = await call(app.baseUrl, claimPayout, {
    token: empty.token,
    body: { brnd_tokens: 1 },
  });
  expect(nothing.status).toBe(409);
  expect(nothing.error?.messageId).toBe('wallet.errors.nothingToClaim');
});

test('20 parallel claims of one balance pay out once on chain and leave the balance at zero', async () => {
  const { token, userId } = await userWithTokens(app, 250n);
  const signer = Wallet.createRandom();
  const address = signer.address;
  await proveWallet(app.baseUrl, token, signer);

  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: 250 } }),
    ),
  );
  const accepted = results.filter((result) => result.status === 202);
  expect(accepted).toHaveLength(1);
  expect(
    results.filter((result) => result.status === 409).map((result) => result.error?.messageId),
  ).toEqual(Array(19).fill('wallet.errors.nothingToClaim'));
  expect(accepted[0]?.data?.payout).toMatchObject({ status: 'pending', brnd_tokens: 250 });

  const list = await until(
    async () => (await call(app.baseUrl, payouts, { token })).data?.payouts ?? [],
    (rows) => rows[0]?.status === 'confirmed',
  );
  expect(list).toHaveLength(1);
  expect(list[0]?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await onChainBalance(address)).toBe(250n * ONE_TOKEN);
  const ledger = createLedger(app.db);
  expect(await ledger.balance(userAccount(userId))).toBe(0n);
  expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(0n);
  const receipt = await app.chain?.provider.getTransactionReceipt(list[0]?.txHash as string);
  expect(receipt?.status).toBe(1);
  // Processing the payout again (a retried job, a restart) changes nothing.
  expect(await app.payouts?.process(list[0]?.id as string)).toBe('confirmed');
  expect(await onChainBalance(address)).toBe(250n * ONE_TOKEN);
  // One receipt for the one payout, naming the address and the transaction.
  const [user] = await app.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
    userId,
  ]);
  const receipts = async () =>
    (await readOutbox(app.baseUrl)).filter(
      (message) => message.to === user?.email && message.subject.startsWith('Receipt:'),
    );
  const mailed = await until(receipts, (found) => found.length > 0);
  expect(mailed).toHaveLength(1);
  expect(mailed[0]?.subject).toBe(typesetText('Receipt: 250 BRND paid out to your wallet', 'en'));
  expect(mailed[0]?.text).toContain(address);
  expect(mailed[0]?.text).toContain(list[0]?.txHash as string);
  expect(await receipts()).toHaveLength(1);
});

test('a payout the chain refuses fails and the tokens return to the user', async () => {
  const { token, userId } = await userWithTokens(app, 10n);
  await proveWallet(app.baseUrl, token, Wallet.createRandom());
  // More than the treasury holds on chain: the transfer would revert.
  const ledger = createLedger(app.db);
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.supply, amount: -2_000_000_000n * ONE_TOKEN },
      { account: userAccount(userId), amount: 2_000_000_000n * ONE_TOKEN },
    ],
  });
  const claimed = await call(app.baseUrl, claimPayout, {
    token,
    body: { brnd_tokens: 2_000_000_010 },
  });
  expect(claimed.status).toBe(202);
  const [failed] = await until(
    async () => (await call(app.baseUrl, payouts, { token })).data?.payouts ?? [],
    (rows) => rows[0]?.status === 'failed',
  );
  expect(failed?.txHash).toBeNull();
  expect(await ledger.balance(userAccount(userId))).toBe(2_000_000_010n * ONE_TOKEN);
});

test('a payout amount that is not a whole number of BRND within the balance changes nothing', async () => {
  const { token, userId } = await userWithTokens(app, 100n);
  await proveWallet(app.baseUrl, token, Wallet.createRandom());
  const cases: [unknown, number, string][] = [
    ['', 400, 'validation.payoutAmount'],
    ['ten', 400, 'validation.payoutAmount'],
    ['1e3', 400, 'validation.payoutAmount'],
    ['-5', 400, 'validation.payoutAmount'],
    ['1.5', 400, 'validation.payoutWhole'],
    ['0', 400, 'validation.payoutPositive'],
    [101, 400, 'wallet.errors.overBalance'],
  ];
  for (const [brnd_tokens, status, messageId] of cases) {
    const result = await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens } });
    expect(result.status, String(brnd_tokens)).toBe(status);
    expect(result.error?.errors?.brnd_tokens, String(brnd_tokens)).toBe(messageId);
  }
  expect(await createLedger(app.db).balance(userAccount(userId))).toBe(100n * ONE_TOKEN);
  expect((await call(app.baseUrl, payouts, { token })).data?.payouts).toEqual([]);
});

test('part of the balance is paid out; all its whole tokens take the fraction along', async () => {
  const { token, userId } = await userWithTokens(app, 10n);
  const ledger = createLedger(app.db);
  // A referrer's 10 % leaves a fraction: 10.5 BRND.
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.supply, amount: -ONE_TOKEN / 2n },
      { account: userAccount(userId), amount: ONE_TOKEN / 2n },
    ],
  });
  await proveWallet(app.baseUrl, token, Wallet.createRandom());
  const part = await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: '4' } });
  expect(part.data?.payout.amount).toBe((4n * ONE_TOKEN).toString());
  expect(await ledger.balance(userAccount(userId))).toBe(6n * ONE_TOKEN + ONE_TOKEN / 2n);
  const rest = await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: 6 } });
  expect(rest.data?.payout.amount).toBe((6n * ONE_TOKEN + ONE_TOKEN / 2n).toString());
  expect(await ledger.balance(userAccount(userId))).toBe(0n);
});

test('one Idempotency-Key sent 5 times at once pays out once; another body is refused', async () => {
  const { token, userId } = await userWithTokens(app, 30n);
  await proveWallet(app.baseUrl, token, Wallet.createRandom());
  const headers = { 'idempotency-key': `payout-${randomUUID()}` };
  const results = await Promise.all(
    Array.from({ length: 5 }, () =>
      call(app.baseUrl, claimPayout, { token, headers, body: { brnd_tokens: 10 } }),
    ),
  );
  expect(results.map((result) => result.status)).toEqual([202, 202, 202, 202, 202]);
  const ids = new Set(results.map((result) => result.data?.payout.id));
  expect(ids.size).toBe(1);
  const other = await call(app.baseUrl, claimPayout, { token, headers, body: { brnd_tokens: 11 } });
  expect(other.status).toBe(422);
  expect(other.error?.messageId).toBe('orders.errors.idempotencyMismatch');
  expect(await createLedger(app.db).balance(userAccount(userId))).toBe(20n * ONE_TOKEN);
  expect((await call(app.baseUrl, payouts, { token })).data?.payouts).toHaveLength(1);
});

test('sale progress counts down the 400,000,000 BRND allocation', async () => {
  const before = (await call(app.baseUrl, saleProgress)).data;
  await userWithTokens(app, 1_234n);
  const after = (await call(app.baseUrl, saleProgress)).data;
  expect(after?.allocation).toBe(400_000_000);
  expect((after?.sold ?? 0) - (before?.sold ?? 0)).toBe(1_234);
  expect((after?.sold ?? 0) + (after?.left ?? 0)).toBe(400_000_000);
});

test('the deployment is remembered per chain: the same chain reuses it, a fresh one redeploys', async () => {
  const logger = createMemoryLogger();
  const treasuryPrivateKey = anvil.accounts[0]?.privateKey as string;
  const again = await connectDevChain(app.db, logger, {
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    treasuryPrivateKey,
  });
  expect(again.contracts).toEqual(app.chain?.contracts);
  await again.stop();

  const fresh = await startAnvil();
  try {
    const other = await connectDevChain(app.db, logger, {
      rpcUrl: fresh.rpcUrl,
      chainId: fresh.chainId,
      treasuryPrivateKey,
    });
    expect(await other.provider.getCode(other.contracts.brnd)).not.toBe('0x');
    await other.stop();
    const rows = await app.db.query('SELECT 1 FROM chain_deployments');
    expect(rows).toHaveLength(2);
  } finally {
    await fresh.stop();
  }
});

test('a payout signed for a dev chain that was since reset fails and its tokens return', async () => {
  const { userId } = await userWithTokens(app, 3n);
  const ledger = createLedger(app.db);
  const [payout] = await app.db.query<{ id: string }>(
    `INSERT INTO payouts (user_id, to_address, amount, chain_id, status, nonce, raw_transaction,
       tx_hash, genesis_hash)
     VALUES ($1, $2, $3, $4, 'broadcast', 0, '0x02', $5, $6) RETURNING id`,
    [
      userId,
      Wallet.createRandom().address,
      (3n * ONE_TOKEN).toString(),
      anvil.chainId,
      `0x${'ab'.repeat(32)}`,
      `0x${'cd'.repeat(32)}`,
    ],
  );
  await ledger.post({
    idempotencyKey: `payout:${payout?.id}:claim`,
    entries: [
      { account: userAccount(userId), amount: -3n * ONE_TOKEN },
      { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: 3n * ONE_TOKEN },
    ],
  });
  expect(await app.payouts?.process(payout?.id as string)).toBe('failed');
  expect(await ledger.balance(userAccount(userId))).toBe(3n * ONE_TOKEN);
});
