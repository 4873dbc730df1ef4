import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { login } from '@brnd/contracts/api/accounts';
import { claimPayout } from '@brnd/contracts/api/wallet';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract, jsonRpcProvider } from '@brnd/contracts/chain/connect';
import { deployPlatformContracts, type PlatformContracts } from '@brnd/contracts/chain/deploy';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { Wallet, computeAddress } from 'ethers';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { devMinterKey } from '../chain/dev-keys.ts';
import { databaseName, openDatabase, type Database } from '../db/database.ts';
import { DEMO_USER } from '../seed/demo.ts';
import { createMemoryLogger } from '../logger.ts';
import { createAuditLog } from '../services/audit-log.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, createLedger, userAccount } from '../services/ledger.ts';
import { createTreasurySendService } from '../services/treasury-sends.ts';
import { call, proveWallet } from '../testing/http.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { createDatabaseFromTemplate, dropDatabase } from '../testing/test-database.ts';

const info = inject('brndTestDatabase');
let anvil: Anvil;
let contracts: PlatformContracts;
let databaseUrl: string;
let db: Database;
let dataDir: string;
beforeAll(async () => {
  anvil = await startAnvil();
  const deployer = new Wallet(
    anvil.accounts[0]?.privateKey as string,
    jsonRpcProvider(anvil.rpcUrl, anvil.chainId),
  );
  contracts = await deployPlatformContracts(deployer, {
    treasury: deployer.address,
    minter: computeAddress(devMinterKey()),
    unbondingSeconds: 3600,
  });
  databaseUrl = await createDatabaseFromTemplate(info);
  db = openDatabase(databaseUrl, { poolMax: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-crash-'));
});
afterAll(async () => {
  await db?.close();
  await dropDatabase(info.serverUrl, databaseName(databaseUrl));
  await rm(dataDir, { recursive: true, force: true });
  await anvil?.stop();
});

type Running = ServerProcess;

/** server.ts as a child process on the test database and the external anvil. */
function startServer(extraEnv: Record<string, string> = {}): Promise<Running> {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    STATIC_DIR: dataDir,
    LOG_LEVEL: 'error',
    CHAIN_RPC_URL: anvil.rpcUrl,
    CHAIN_ID: String(anvil.chainId),
    TREASURY_PRIVATE_KEY: anvil.accounts[0]?.privateKey as string,
    BRND_ADDRESS: contracts.brnd,
    BRAND_TOKEN_FACTORY_ADDRESS: contracts.brandTokenFactory,
    STAKING_ADDRESS: contracts.staking,
    ...extraEnv,
  });
}

const stop = (server: Running, signal: NodeJS.Signals) => server.stop(signal);

interface StoredPayout {
  id: string;
  status: string;
  tx_hash: string | null;
}

async function payoutTo(address: string): Promise<StoredPayout | undefined> {
  const [row] = await db.query<StoredPayout>(
    'SELECT id, status, tx_hash FROM payouts WHERE to_address = $1',
    [address],
  );
  return row;
}

async function waitUntilConfirmed(address: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if ((await payoutTo(address))?.status === 'confirmed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await payoutTo(address))?.status).toBe('confirmed');
}

/**
 * The demo user holds 42 BRND, proves a fresh wallet on `server` and claims them all; answers
 * the wallet's address and the user's ledger account.
 */
async function claim42(server: Running) {
  const session = await call(server.baseUrl, login, {
    body: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  const token = (session.data as { token: string }).token;
  const signer = Wallet.createRandom();
  await proveWallet(server.baseUrl, token, signer, DEMO_USER.password);
  const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    DEMO_USER.email,
  ]);
  const ledger = createLedger(db);
  await ledger.ensureUserAccount(user?.id as string);
  await ledger.post({
    idempotencyKey: `test:${randomUUID()}`,
    entries: [
      { account: LEDGER_ACCOUNTS.sale, amount: -42n * ONE_TOKEN },
      { account: userAccount(user?.id as string), amount: 42n * ONE_TOKEN },
    ],
  });
  const claimed = await call(server.baseUrl, claimPayout, { token, body: { brnd_tokens: 42 } });
  expect(claimed.status).toBe(202);
  return { address: signer.address, account: userAccount(user?.id as string), ledger };
}

async function transfersTo(address: string) {
  const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
  const brnd = connectContract(BRND, contracts.brnd, provider);
  const transfers = (await brnd.queryFilter(brnd.getEvent('Transfer'))).filter(
    (log) => 'args' in log && log.args[1] === address,
  );
  provider.destroy();
  return transfers;
}

test('a bff killed after broadcasting a payout reconciles it on restart without sending it again', async () => {
  const first = await startServer({ PAYOUT_PAUSE_AFTER_BROADCAST_MS: '600000' });
  let second: Running | undefined;
  try {
    const { address, account, ledger } = await claim42(first);
    await first.waitFor('broadcast: pausing');
    await stop(first, 'SIGKILL');
    expect((await payoutTo(address))?.status).toBe('broadcast');

    const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
    const brnd = connectContract(BRND, contracts.brnd, provider);
    const treasury = anvil.accounts[0]?.address as string;
    const nonceBefore = await provider.getTransactionCount(treasury, 'latest');

    second = await startServer();
    await waitUntilConfirmed(address);
    expect(await brnd.balanceOf(address)).toBe(42n * ONE_TOKEN);
    // The restart signed nothing: the treasury's nonce did not move.
    expect(await provider.getTransactionCount(treasury, 'latest')).toBe(nonceBefore);
    expect(await transfersTo(address)).toHaveLength(1);
    expect(await ledger.balance(account)).toBe(0n);
    expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(0n);
    provider.destroy();
  } finally {
    await stop(first, 'SIGKILL');
    if (second) await stop(second, 'SIGTERM');
  }
}, 120_000);

test('a bff killed between storing a signed payout and broadcasting it broadcasts that same transaction once on restart; an operator’s retry meanwhile is refused', async () => {
  const first = await startServer({ PAYOUT_PAUSE_BEFORE_BROADCAST_MS: '600000' });
  let second: Running | undefined;
  try {
    const { address, account, ledger } = await claim42(first);
    await first.waitFor('signed: pausing');
    await stop(first, 'SIGKILL');
    const signed = await payoutTo(address);
    expect(signed?.status).toBe('signed');
    const hash = signed?.tx_hash as string;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
    const treasury = anvil.accounts[0]?.address as string;
    // Killed before the broadcast: the chain has never seen the transaction.
    expect(await provider.getTransaction(hash)).toBeNull();
    const nonceBefore = await provider.getTransactionCount(treasury, 'latest');

    // An operator sees it among the stuck sends, signed; a fee bump is for a broadcast send
    // only, so a retry is refused and asks for nothing: the restart sends it as it is.
    const sends = createTreasurySendService({
      db,
      audit: createAuditLog(db),
      logger: createMemoryLogger(),
      processors: {},
      runInBackground: () => {},
    });
    const stuck = (await sends.stuck()).find((send) => send.id === signed?.id);
    expect(stuck).toMatchObject({ status: 'signed', tx_hash: hash, retry_requested: false });
    await expect(
      sends.retry({ id: '1', email: 'treasurer@brnd.example' }, 'payouts', signed!.id),
    ).rejects.toMatchObject({ status: 409, messageId: 'admin.treasury.errors.notBroadcast' });
    expect((await sends.stuck()).find((send) => send.id === signed?.id)).toMatchObject({
      status: 'signed',
      versions: 1,
      retry_requested: false,
    });

    second = await startServer();
    await waitUntilConfirmed(address);
    // The very transaction signed before the kill was mined: same hash, no second signature.
    expect((await payoutTo(address))?.tx_hash).toBe(hash);
    expect((await provider.getTransactionReceipt(hash))?.status).toBe(1);
    expect(await provider.getTransactionCount(treasury, 'latest')).toBe(nonceBefore + 1);
    const versions = await db.query<{ tx_hash: string }>(
      `SELECT v.tx_hash FROM treasury_transaction_versions v
       JOIN treasury_nonces n USING (chain_id, genesis_hash, account, nonce)
       WHERE n.source = 'payouts' AND n.source_id = $1`,
      [signed?.id],
    );
    expect(versions.map((version) => version.tx_hash)).toEqual([hash]);
    const transfers = await transfersTo(address);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.transactionHash).toBe(hash);
    expect(await ledger.balance(account)).toBe(0n);
    expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(0n);
    provider.destroy();
  } finally {
    await stop(first, 'SIGKILL');
    if (second) await stop(second, 'SIGTERM');
  }
}, 120_000);
