import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
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
import { freePort } from '../db/embedded.ts';
import { DEMO_USER } from '../seed/demo.ts';
import { REPO_ROOT } from '../env.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, createLedger, userAccount } from '../services/ledger.ts';
import { call, proveWallet } from '../testing/http.ts';
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

interface Running {
  baseUrl: string;
  process: ChildProcessWithoutNullStreams;
  output: () => string;
  waitFor: (text: string) => Promise<void>;
}

/** server.ts as a child process on the test database and the external anvil. */
async function startServer(extraEnv: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
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
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
      check();
    });
  await waitFor(`BRND running at http://localhost:${port}`);
  return { baseUrl: `http://localhost:${port}`, process: child, output: () => output, waitFor };
}

async function stop(server: Running, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

async function payoutStatus(): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>('SELECT status FROM payouts');
  return row?.status;
}

test('a bff killed after broadcasting a payout reconciles it on restart without sending it again', async () => {
  const first = await startServer({ PAYOUT_PAUSE_AFTER_BROADCAST_MS: '600000' });
  let second: Running | undefined;
  try {
    const session = await call(first.baseUrl, login, {
      body: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    const token = (session.data as { token: string }).token;
    const signer = Wallet.createRandom();
    const address = signer.address;
    await proveWallet(first.baseUrl, token, signer, DEMO_USER.password);
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

    const claimed = await call(first.baseUrl, claimPayout, { token, body: { brnd_tokens: 42 } });
    expect(claimed.status).toBe(202);
    await first.waitFor('broadcast: pausing');
    await stop(first, 'SIGKILL');
    expect(await payoutStatus()).toBe('broadcast');

    const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
    const brnd = connectContract(BRND, contracts.brnd, provider);
    const treasury = anvil.accounts[0]?.address as string;
    const nonceBefore = await provider.getTransactionCount(treasury, 'latest');

    second = await startServer();
    for (let attempt = 0; attempt < 100 && (await payoutStatus()) !== 'confirmed'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await payoutStatus()).toBe('confirmed');
    expect(await brnd.balanceOf(address)).toBe(42n * ONE_TOKEN);
    // The restart signed nothing: the treasury's nonce did not move.
    expect(await provider.getTransactionCount(treasury, 'latest')).toBe(nonceBefore);
    const transfers = (await brnd.queryFilter(brnd.getEvent('Transfer'))).filter(
      (log) => 'args' in log && log.args[1] === address,
    );
    expect(transfers).toHaveLength(1);
    expect(await ledger.balance(userAccount(user?.id as string))).toBe(0n);
    expect(await ledger.balance(LEDGER_ACCOUNTS.payoutsInFlight)).toBe(0n);
    provider.destroy();
  } finally {
    if (first.process.exitCode === null && first.process.signalCode === null) {
      await stop(first, 'SIGKILL');
    }
    if (second) await stop(second, 'SIGTERM');
  }
}, 60_000);
