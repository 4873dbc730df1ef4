import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEV_MNEMONIC, devAccounts } from '@brnd/contracts/chain/anvil';
import { HDNodeWallet, Mnemonic, computeAddress } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devDepositXpub } from './chain/deposit-addresses.ts';
import { devBuybackKey, devMinterKey } from './chain/dev-keys.ts';
import { MIN_CHAIN_CONFIRMATIONS, REPO_ROOT, loadEnv, parseEnv } from './env.ts';
import { DEFAULT_SITE_CONFIG } from './services/site.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-env-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A deposit key of the operator's own (not the public development mnemonic). */
const OPERATOR_XPUB = HDNodeWallet.fromPhrase(
  Mnemonic.entropyToPhrase(new Uint8Array(16).fill(7)),
  undefined,
  "m/44'/60'/3'/0",
).neuter().extendedKey;

/** Everything production needs, all of it safe: each test below breaks one thing. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://brnd@db/brnd',
  SMTP_URL: 'smtps://user:pass@smtp.example',
  SESSION_SECRET: 'x'.repeat(40),
  APP_URL: 'https://brnd.example',
  METRICS_TOKEN: 'm'.repeat(40),
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'b'.repeat(32),
  TWILIO_FROM: '+48221234567',
  CHAIN_RPC_URL: 'https://rpc.example',
  CHAIN_ID: '1',
  TREASURY_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
  BRAND_TOKEN_MINTER_PRIVATE_KEY: `0x${'2'.repeat(64)}`,
  BUYBACK_PRIVATE_KEY: `0x${'3'.repeat(64)}`,
  BRAND_TOKEN_ADMIN_ADDRESS: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  BRND_ADDRESS: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  BRAND_TOKEN_FACTORY_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  STAKING_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  ETH_DEPOSIT_XPUB: OPERATOR_XPUB,
  ETH_PRICE_FEED_URL: 'https://api.kraken.com',
  CRYPTO_GATEWAY_URL: 'https://btcpay.example',
  CRYPTO_GATEWAY_API_KEY: 'key',
  CRYPTO_GATEWAY_STORE_ID: 'store',
  CRYPTO_GATEWAY_WEBHOOK_SECRET: 's'.repeat(32),
  CARD_PROVIDER_URL: 'https://cards.example',
  CARD_PROVIDER_API_KEY: 'key',
  CARD_PROVIDER_CALLBACK_SECRET: 'c'.repeat(32),
};

const problemsOf = (source: Record<string, string>) => {
  const result = parseEnv(source);
  return result.ok ? [] : result.problems;
};

test('an empty environment gives the development defaults', () => {
  const result = parseEnv({});
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.env).toEqual({
    nodeEnv: 'development',
    production: false,
    port: 3000,
    shutdownPauseMs: 0,
    dataDir: path.join(REPO_ROOT, '.data'),
    appUrl: 'http://localhost:3000',
    mailFrom: 'BRND <no-reply@brnd.example>',
    operatorEmail: 'operator@brnd.example',
    sms: { provider: 'simulator' },
    staticDir: path.join(REPO_ROOT, 'app', 'dist'),
    trustProxy: false,
    logLevel: 'info',
    site: DEFAULT_SITE_CONFIG,
    sale: {
      ethConfirmations: 1,
      simulatedUsdPerEth: 2000,
      ethQuoteMs: 900_000,
      watchIntervalMs: 3000,
    },
  });
});

test('payment providers: each is configured whole or left to its simulator', () => {
  const partial = problemsOf({ CRYPTO_GATEWAY_URL: 'https://btcpay.example' });
  expect(partial.some((problem) => problem.startsWith('CRYPTO_GATEWAY_URL, '))).toBe(true);
  const whole = parseEnv({
    CRYPTO_GATEWAY_URL: 'https://btcpay.example',
    CRYPTO_GATEWAY_API_KEY: 'key',
    CRYPTO_GATEWAY_STORE_ID: 'store',
    CRYPTO_GATEWAY_WEBHOOK_SECRET: 's'.repeat(32),
    ETH_PRICE_FEED_URL: 'https://api.kraken.com',
  });
  expect(whole.ok && whole.env.sale).toMatchObject({
    ethPriceFeedUrl: 'https://api.kraken.com',
    gateway: { url: 'https://btcpay.example', storeId: 'store' },
  });
  expect(whole.ok && whole.env.sale.card).toBeUndefined();
  expect(problemsOf({ ETH_DEPOSIT_XPUB: 'xprv-secret' })[0]).toMatch(
    /^ETH_DEPOSIT_XPUB must be an xpub/,
  );
});

test('FEED_URL must be a web address; SITE_ problems are reported with the rest', () => {
  const ok = parseEnv({ FEED_URL: 'https://blog.brnd.example/feed.xml' });
  expect(ok.ok && ok.env.feedUrl).toBe('https://blog.brnd.example/feed.xml');
  const problems = problemsOf({ FEED_URL: 'file:///etc/passwd', SITE_DPO_EMAIL: 'nobody' });
  expect(problems.some((problem) => problem.startsWith('FEED_URL'))).toBe(true);
  expect(problems.some((problem) => problem.startsWith('SITE_DPO_EMAIL'))).toBe(true);
});

test('APP_URL follows PORT unless set, and loses a trailing slash', () => {
  const byPort = parseEnv({ PORT: '8080' });
  expect(byPort.ok && byPort.env.appUrl).toBe('http://localhost:8080');
  const set = parseEnv({ APP_URL: 'https://brnd.example/' });
  expect(set.ok && set.env.appUrl).toBe('https://brnd.example');
});

test('every invalid variable is reported at once', () => {
  const problems = problemsOf({
    PORT: 'eighty',
    DATABASE_URL: 'mysql://db/brnd',
    SMTP_URL: 'http://mail',
    SMS_PROVIDER: 'pigeon',
    TRUST_PROXY: 'maybe',
    SESSION_SECRET: 'short',
  });
  expect(problems).toEqual([
    'PORT must be a port number from 0 to 65535 (got "eighty")',
    'DATABASE_URL must be a postgres:// or postgresql:// URL',
    'SMTP_URL must be an smtp:// or smtps:// URL',
    'SMS_PROVIDER must be simulator or twilio (got "pigeon")',
    'SESSION_SECRET must be at least 32 characters',
    'TRUST_PROXY must be true or false (got "maybe")',
  ]);
});

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'b'.repeat(32),
  TWILIO_FROM: '+48221234567',
};

test('Twilio needs its account SID, auth token and a sender, each in its own form', () => {
  expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
    'TWILIO_ACCOUNT_SID is required when SMS_PROVIDER is twilio',
    'TWILIO_AUTH_TOKEN is required when SMS_PROVIDER is twilio',
    'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER is twilio',
  ]);
  expect(
    problemsOf({ ...TWILIO, TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: 'secret!' }),
  ).toEqual([
    'TWILIO_ACCOUNT_SID must be AC and 32 hexadecimal characters (got "SK123")',
    // The token is a credential: never echoed.
    'TWILIO_AUTH_TOKEN must be 32 hexadecimal characters',
  ]);
  const ok = parseEnv(TWILIO);
  expect(ok.ok && ok.env.sms).toEqual({
    provider: 'twilio',
    apiUrl: 'https://api.twilio.com',
    accountSid: TWILIO.TWILIO_ACCOUNT_SID,
    authToken: TWILIO.TWILIO_AUTH_TOKEN,
    from: '+48221234567',
  });
  const simulated = parseEnv({});
  expect(simulated.ok && simulated.env.sms).toEqual({ provider: 'simulator' });
});

test('production requires real services instead of the development stand-ins', () => {
  expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
    'DATABASE_URL is required in production (the embedded PostgreSQL is for development)',
    'SMTP_URL is required in production (the mail catcher is for development)',
    'SESSION_SECRET is required in production (a random string of at least 32 characters)',
    'APP_URL is required in production (the public address used in e-mail links)',
    'METRICS_TOKEN is required in production (the bearer token Prometheus sends to /metrics)',
    'SMS_PROVIDER must be twilio in production (the simulator never reaches a phone)',
    'CHAIN_RPC_URL is required in production (the embedded anvil is for development)',
    'ETH_DEPOSIT_XPUB is required in production (the dev key is public)',
    'ETH_PRICE_FEED_URL is required in production (the simulator quotes a fixed price)',
    'CRYPTO_GATEWAY_* are required in production (the simulator is for development)',
    'CARD_PROVIDER_* are required in production (the simulator is for development)',
  ]);
  const complete = parseEnv(PRODUCTION);
  expect(complete.ok).toBe(true);
  if (complete.ok) {
    expect(complete.env.chain?.contracts.brnd).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    // Unset, the depth is the production minimum, for deposits and treasury sends alike.
    expect(complete.env.sale.ethConfirmations).toBe(MIN_CHAIN_CONFIRMATIONS);
    expect(complete.env.chain?.confirmations).toBe(MIN_CHAIN_CONFIRMATIONS);
  }
});

test('production refuses the public development keys and a shallow depth, naming each', () => {
  const anvilKey = devAccounts(1)[0]?.privateKey as string;
  const problems = problemsOf({
    ...PRODUCTION,
    CHAIN_ID: '31337',
    TREASURY_PRIVATE_KEY: anvilKey,
    ETH_DEPOSIT_XPUB: devDepositXpub(),
    ETH_CONFIRMATIONS: '3',
    DEPLOYER_MNEMONIC: DEV_MNEMONIC,
  });
  expect(problems).toEqual([
    'DEPLOYER_MNEMONIC is the public development mnemonic ("test … junk"): refused in production',
    'TREASURY_PRIVATE_KEY is an anvil development key (from the public "test … junk" mnemonic): refused in production',
    'CHAIN_ID 31337 is a local development chain: refused in production',
    'ETH_DEPOSIT_XPUB is the development key (its private keys are public): refused in production',
    'ETH_CONFIRMATIONS must be at least 12 in production (got 3: a reorg that deep would credit ETH that never arrived)',
  ]);
  // No secret is echoed: the messages name the variable, never its value.
  expect(problems.join('\n')).not.toContain(anvilKey.slice(2));
  // Any account of the mnemonic counts, not only anvil's first, and in any letter case.
  expect(
    problemsOf({
      ...PRODUCTION,
      TREASURY_PRIVATE_KEY: (devAccounts(12)[11]?.privateKey as string)
        .toUpperCase()
        .replace('0X', '0x'),
    }),
  ).toEqual([
    'TREASURY_PRIVATE_KEY is an anvil development key (from the public "test … junk" mnemonic): refused in production',
  ]);
  // Another account of the dev mnemonic, and a key above the account level, are refused too.
  const devRoot = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0").neuter();
  expect(problemsOf({ ...PRODUCTION, ETH_DEPOSIT_XPUB: devRoot.extendedKey })).toEqual([
    'ETH_DEPOSIT_XPUB is the development key (its private keys are public): refused in production',
  ]);
  const shallow = HDNodeWallet.fromPhrase(
    Mnemonic.entropyToPhrase(new Uint8Array(16).fill(7)),
    undefined,
    "m/44'/60'",
  ).neuter().extendedKey;
  expect(problemsOf({ ...PRODUCTION, ETH_DEPOSIT_XPUB: shallow })).toEqual([
    "ETH_DEPOSIT_XPUB is at depth 2: use an account-level key (m/44'/60'/N'/0, a hardened account N' for deposits only): refused in production",
  ]);
  expect(problemsOf({ ...PRODUCTION, ETH_CONFIRMATIONS: String(MIN_CHAIN_CONFIRMATIONS) })).toEqual(
    [],
  );
  expect(problemsOf({ ...PRODUCTION, BRAND_TOKEN_MINTER_PRIVATE_KEY: anvilKey })).toEqual([
    'BRAND_TOKEN_MINTER_PRIVATE_KEY is an anvil development key (from the public "test … junk" mnemonic): refused in production',
  ]);
  expect(problemsOf({ ...PRODUCTION, BUYBACK_PRIVATE_KEY: devBuybackKey() })).toEqual([
    'BUYBACK_PRIVATE_KEY is an anvil development key (from the public "test … junk" mnemonic): refused in production',
  ]);
});

test('production keeps one key per role: minter and buyback keys of their own, an admin no key controls', () => {
  const { TREASURY_PRIVATE_KEY, BRAND_TOKEN_MINTER_PRIVATE_KEY, BUYBACK_PRIVATE_KEY } = PRODUCTION;
  expect(
    problemsOf({ ...PRODUCTION, BRAND_TOKEN_MINTER_PRIVATE_KEY: TREASURY_PRIVATE_KEY }),
  ).toEqual([
    'BRAND_TOKEN_MINTER_PRIVATE_KEY is the account of TREASURY_PRIVATE_KEY: each role needs a key of its own, refused in production',
  ]);
  // The buyback wallet burns: with the treasury's key it could burn the float users claim from.
  expect(problemsOf({ ...PRODUCTION, BUYBACK_PRIVATE_KEY: TREASURY_PRIVATE_KEY })).toEqual([
    'BUYBACK_PRIVATE_KEY is the account of TREASURY_PRIVATE_KEY: each role needs a key of its own, refused in production',
  ]);
  expect(
    problemsOf({ ...PRODUCTION, BUYBACK_PRIVATE_KEY: BRAND_TOKEN_MINTER_PRIVATE_KEY }),
  ).toEqual([
    'BUYBACK_PRIVATE_KEY is the account of BRAND_TOKEN_MINTER_PRIVATE_KEY: each role needs a key of its own, refused in production',
  ]);
  expect(
    problemsOf({ ...PRODUCTION, BRAND_TOKEN_ADMIN_ADDRESS: computeAddress(BUYBACK_PRIVATE_KEY) }),
  ).toEqual([
    'BRAND_TOKEN_ADMIN_ADDRESS is the address of BUYBACK_PRIVATE_KEY: the admin must be a separate (cold) address, refused in production',
  ]);
  expect(
    problemsOf({ ...PRODUCTION, BRAND_TOKEN_ADMIN_ADDRESS: computeAddress(TREASURY_PRIVATE_KEY) }),
  ).toEqual([
    'BRAND_TOKEN_ADMIN_ADDRESS is the address of TREASURY_PRIVATE_KEY: the admin must be a separate (cold) address, refused in production',
  ]);
  expect(
    problemsOf({
      ...PRODUCTION,
      BRAND_TOKEN_ADMIN_ADDRESS: computeAddress(BRAND_TOKEN_MINTER_PRIVATE_KEY),
    }),
  ).toEqual([
    'BRAND_TOKEN_ADMIN_ADDRESS is the address of BRAND_TOKEN_MINTER_PRIVATE_KEY: the admin must be a separate (cold) address, refused in production',
  ]);
  const {
    BRAND_TOKEN_MINTER_PRIVATE_KEY: _minter,
    BRAND_TOKEN_ADMIN_ADDRESS: _admin,
    BUYBACK_PRIVATE_KEY: _buyback,
    ...without
  } = PRODUCTION;
  expect(problemsOf(without)).toEqual([
    'BRAND_TOKEN_ADMIN_ADDRESS is required when CHAIN_RPC_URL is set',
    'BRAND_TOKEN_MINTER_PRIVATE_KEY is required when CHAIN_RPC_URL is set',
    'BUYBACK_PRIVATE_KEY is required when CHAIN_RPC_URL is set',
  ]);
  const complete = parseEnv(PRODUCTION);
  expect(complete.ok && complete.env.chain).toMatchObject({
    treasury: { key: TREASURY_PRIVATE_KEY },
    minter: { key: BRAND_TOKEN_MINTER_PRIVATE_KEY },
    buyback: { key: BUYBACK_PRIVATE_KEY },
    brandTokenAdmin: PRODUCTION.BRAND_TOKEN_ADMIN_ADDRESS,
  });
});

test('production can keep every key in a signing service (CHAIN_SIGNER_URL): addresses, no private key', () => {
  const {
    TREASURY_PRIVATE_KEY: treasuryKey,
    BRAND_TOKEN_MINTER_PRIVATE_KEY: minterKey,
    BUYBACK_PRIVATE_KEY: buybackKey,
    ...withoutKeys
  } = PRODUCTION;
  const addresses = {
    TREASURY_ADDRESS: computeAddress(treasuryKey),
    BRAND_TOKEN_MINTER_ADDRESS: computeAddress(minterKey),
    BUYBACK_ADDRESS: computeAddress(buybackKey).toLowerCase(),
  };
  const signerUrl = 'https://signer.internal:9000';
  const kms = parseEnv({ ...withoutKeys, ...addresses, CHAIN_SIGNER_URL: signerUrl });
  expect(kms.ok && kms.env.chain).toMatchObject({
    treasury: { address: addresses.TREASURY_ADDRESS, signerUrl },
    minter: { address: addresses.BRAND_TOKEN_MINTER_ADDRESS, signerUrl },
    // Stored checksummed, whatever case it was given in.
    buyback: { address: computeAddress(buybackKey), signerUrl },
  });
  // An address needs the service that signs for it; a key and an address for one role clash.
  expect(problemsOf({ ...withoutKeys, ...addresses })).toEqual([
    'TREASURY_ADDRESS needs CHAIN_SIGNER_URL (the signing service that holds its key)',
    'BRAND_TOKEN_MINTER_ADDRESS needs CHAIN_SIGNER_URL (the signing service that holds its key)',
    'BUYBACK_ADDRESS needs CHAIN_SIGNER_URL (the signing service that holds its key)',
  ]);
  expect(
    problemsOf({ ...PRODUCTION, ...addresses, CHAIN_SIGNER_URL: signerUrl }).slice(0, 1),
  ).toEqual([
    'TREASURY_PRIVATE_KEY and TREASURY_ADDRESS are both set: name the key or its address, not both',
  ]);
  expect(problemsOf({ ...withoutKeys, CHAIN_SIGNER_URL: signerUrl })).toEqual([
    'TREASURY_PRIVATE_KEY or TREASURY_ADDRESS is required when CHAIN_RPC_URL is set',
    'BRAND_TOKEN_MINTER_PRIVATE_KEY or BRAND_TOKEN_MINTER_ADDRESS is required when CHAIN_RPC_URL is set',
    'BUYBACK_PRIVATE_KEY or BUYBACK_ADDRESS is required when CHAIN_RPC_URL is set',
  ]);
  // The same rules by address: no anvil account, one account per role, an admin of its own.
  expect(
    problemsOf({
      ...withoutKeys,
      ...addresses,
      CHAIN_SIGNER_URL: signerUrl,
      TREASURY_ADDRESS: devAccounts(1)[0]?.address as string,
      BUYBACK_ADDRESS: addresses.BRAND_TOKEN_MINTER_ADDRESS,
      BRAND_TOKEN_ADMIN_ADDRESS: addresses.BRAND_TOKEN_MINTER_ADDRESS,
    }),
  ).toEqual([
    'TREASURY_ADDRESS is an anvil development account (its key is public): refused in production',
    'BUYBACK_ADDRESS is the account of BRAND_TOKEN_MINTER_ADDRESS: each role needs a key of its own, refused in production',
    'BRAND_TOKEN_ADMIN_ADDRESS is the address of BRAND_TOKEN_MINTER_ADDRESS: the admin must be a separate (cold) address, refused in production',
    'BRAND_TOKEN_ADMIN_ADDRESS is the address of BUYBACK_ADDRESS: the admin must be a separate (cold) address, refused in production',
  ]);
});

test('a staging chain (CHAIN_RPC_URL that is not a local dev node) gets the same refusals', () => {
  const staging = {
    CHAIN_RPC_URL: 'https://sepolia.rpc.example',
    CHAIN_ID: '11155111',
    TREASURY_PRIVATE_KEY: devAccounts(1)[0]?.privateKey as string,
    BRAND_TOKEN_MINTER_PRIVATE_KEY: PRODUCTION.BRAND_TOKEN_MINTER_PRIVATE_KEY,
    BRAND_TOKEN_ADMIN_ADDRESS: PRODUCTION.BRAND_TOKEN_ADMIN_ADDRESS,
    BUYBACK_PRIVATE_KEY: PRODUCTION.BUYBACK_PRIVATE_KEY,
    BRND_ADDRESS: PRODUCTION.BRND_ADDRESS,
    BRAND_TOKEN_FACTORY_ADDRESS: PRODUCTION.BRAND_TOKEN_FACTORY_ADDRESS,
    STAKING_ADDRESS: PRODUCTION.STAKING_ADDRESS,
  };
  const where = 'on a chain that is not a local development node';
  expect(problemsOf({ ...staging, ETH_CONFIRMATIONS: '1' })).toEqual([
    `TREASURY_PRIVATE_KEY is an anvil development key (from the public "test … junk" mnemonic): refused ${where}`,
    `ETH_DEPOSIT_XPUB is required ${where} (the dev key is public)`,
    `ETH_CONFIRMATIONS must be at least 12 ${where} (got 1: a reorg that deep would credit ETH that never arrived)`,
  ]);
  // anvil on a remote host with the dev chain id is not "local" either.
  expect(
    problemsOf({ ...staging, CHAIN_RPC_URL: 'http://10.0.0.5:8545', CHAIN_ID: '31337' }),
  ).toContain(`ETH_DEPOSIT_XPUB is required ${where} (the dev key is public)`);
  // A local anvil keeps its development keys and its one-block depth.
  const local = parseEnv({ ...staging, CHAIN_RPC_URL: 'http://127.0.0.1:8545', CHAIN_ID: '31337' });
  expect(local.ok && local.env.chain?.confirmations).toBe(1);
  // …and its dev minter and admin when none are given.
  const {
    BRAND_TOKEN_MINTER_PRIVATE_KEY: _minter,
    BRAND_TOKEN_ADMIN_ADDRESS: _admin,
    BUYBACK_PRIVATE_KEY: _buyback,
    ...keys
  } = staging;
  const defaults = parseEnv({ ...keys, CHAIN_RPC_URL: 'http://127.0.0.1:8545', CHAIN_ID: '31337' });
  expect(defaults.ok && defaults.env.chain).toMatchObject({
    minter: { key: devMinterKey() },
    buyback: { key: devBuybackKey() },
    brandTokenAdmin: devAccounts(1)[0]?.address,
  });
});

test('a chain of our own needs its id, treasury key and checksummed contract addresses', () => {
  expect(
    problemsOf({
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      CHAIN_ID: '31337',
      TREASURY_PRIVATE_KEY: 'secret-value',
      BRND_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aA3',
      STAKING_ADDRESS: '0x0000000000000000000000000000000000000000',
    }),
  ).toEqual([
    'TREASURY_PRIVATE_KEY must be 0x and 64 hexadecimal characters',
    'BRND_ADDRESS must be a non-zero Ethereum address with a valid EIP-55 checksum (got "0x5FbDB2315678afecb367f032d93F642f64180aA3")',
    'STAKING_ADDRESS must be a non-zero Ethereum address with a valid EIP-55 checksum (got "0x0000000000000000000000000000000000000000")',
    'BRAND_TOKEN_FACTORY_ADDRESS is required when CHAIN_RPC_URL is set',
  ]);
  expect(problemsOf({ PAYOUT_PAUSE_AFTER_BROADCAST_MS: '1000' })).toEqual([
    'PAYOUT_PAUSE_AFTER_BROADCAST_MS is a test hook: only with NODE_ENV=test',
  ]);
  expect(problemsOf({ PAYOUT_PAUSE_BEFORE_BROADCAST_MS: '1000' })).toEqual([
    'PAYOUT_PAUSE_BEFORE_BROADCAST_MS is a test hook: only with NODE_ENV=test',
  ]);
});

test('outside production the session secret is generated once and kept in DATA_DIR', async () => {
  const first = loadEnv({ DATA_DIR: dataDir });
  const second = loadEnv({ DATA_DIR: dataDir });
  expect(first.ok && second.ok).toBe(true);
  if (!first.ok || !second.ok) return;
  expect(first.env.sessionSecret).toMatch(/^[\w-]{43}$/);
  expect(second.env.sessionSecret).toBe(first.env.sessionSecret);
  const file = path.join(dataDir, 'session-secret');
  expect((await readFile(file, 'utf8')).trim()).toBe(first.env.sessionSecret);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

test('the server refuses to start with a bad environment, listing each problem', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'bff/src/server.ts')],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, PORT: '99999', SMS_PROVIDER: 'twilio' },
      encoding: 'utf8',
      // Loading the server's modules with tsx takes seconds; on a busy runner, tens of them.
      timeout: 60_000,
    },
  );
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('BRND cannot start: the environment is not valid.');
  expect(result.stderr).toContain('  - PORT must be a port number from 0 to 65535 (got "99999")');
  expect(result.stderr).toContain('  - TWILIO_ACCOUNT_SID is required when SMS_PROVIDER is twilio');
}, 90_000);
