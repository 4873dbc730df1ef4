import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@brnd/contracts/api/site';
import { ZeroAddress, getAddress } from 'ethers';
import * as v from 'valibot';
import { TWILIO_API_URL } from './providers/twilio.ts';
import { parseSiteEnv } from './services/site.ts';
import { devBuybackKey, devMinterKey, isLocalDevChain } from './chain/dev-keys.ts';
import type { SignerSetting } from './chain/signer.ts';
import { settingAddress, signerSetting, signingRoleProblems } from './chain/signing-roles.ts';
import { MIN_CHAIN_CONFIRMATIONS, chainSafetyProblems } from './chain/env-safety.ts';

/** The repository root: defaults for DATA_DIR and STATIC_DIR hang off it, not off the cwd. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * `simulator`: the bff starts a local Twilio simulator feeding the dev outbox and talks to it
 * with the Twilio adapter; `twilio`: Twilio's API (decision 033).
 */
export type SmsSettings =
  | { provider: 'simulator' }
  | {
      provider: 'twilio';
      apiUrl: string;
      accountSid: string;
      authToken: string;
      from?: string;
      messagingServiceSid?: string;
    };

/** Validated configuration. Nothing else in the bff reads `process.env`. */
export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  /** Unset: the bff starts an embedded PostgreSQL under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Origin of the web app, used in links sent by e-mail. */
  appUrl: string;
  /** Unset: an in-process SMTP catcher delivers mail to the dev outbox. */
  smtpUrl?: string;
  mailFrom: string;
  operatorEmail: string;
  sms: SmsSettings;
  /** Keys the SMS-code HMAC (and later other server-side MACs). */
  sessionSecret: string;
  staticDir: string;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  /** Set: /metrics needs `Authorization: Bearer <token>`; required in production. */
  metricsToken?: string;
  logLevel: LogLevel;
  /** Unset: the bff starts anvil and deploys the platform contracts on it. */
  chain?: ChainSettings;
  /** On SIGTERM: how long the replica still serves with /api/ready at 503 (decision 047). */
  shutdownPauseMs: number;
  /** Tests only (NODE_ENV=test): hold a payout this long once signed, before its broadcast. */
  payoutPauseBeforeBroadcastMs?: number;
  /** Tests only (NODE_ENV=test): hold a payout this long after its broadcast (the crash test). */
  payoutPauseAfterBroadcastMs?: number;
  /** The article feed behind the blog; unset: the bundled sample feed. */
  feedUrl?: string;
  /** A chain explorer's transaction page, `{hash}` filled by the console; unset: no links. */
  explorerTxUrl?: string;
  /** Companies, contacts and jobs of the legal and company pages (`SITE_…`). */
  site: SiteConfig;
  /** The token sale's payment providers and deposit settings. */
  sale: SaleSettings;
}

/** Unset price feed, gateway or card settings: the bff starts that provider's local simulator. */
export interface SaleSettings {
  /** Extended public key of the ETH deposit addresses; unset: the dev key. */
  depositXpub?: string;
  ethConfirmations: number;
  /** An exchange's public ticker (Kraken's REST format); default: the local simulator. */
  ethPriceFeedUrl?: string;
  /** The price the local ETH price simulator answers (ETH_USD_RATE). */
  simulatedUsdPerEth: number;
  /** How long an ETH order's quote holds, in ms. */
  ethQuoteMs: number;
  watchIntervalMs: number;
  gateway?: { url: string; apiKey: string; storeId: string; webhookSecret: string };
  card?: { url: string; publicUrl: string; apiKey: string; callbackSecret: string };
}

const GATEWAY_VARIABLES = [
  'CRYPTO_GATEWAY_URL',
  'CRYPTO_GATEWAY_API_KEY',
  'CRYPTO_GATEWAY_STORE_ID',
  'CRYPTO_GATEWAY_WEBHOOK_SECRET',
] as const;
const CARD_VARIABLES = [
  'CARD_PROVIDER_URL',
  'CARD_PROVIDER_API_KEY',
  'CARD_PROVIDER_CALLBACK_SECRET',
] as const;

const MIN_SECRET_LENGTH = 32;

export { MIN_CHAIN_CONFIRMATIONS };

const text = (message: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(message));

/** EIP-55: a mixed-case address must carry a valid checksum; stored checksummed. */
const address = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => {
    try {
      return getAddress(value) !== ZeroAddress;
    } catch {
      return false;
    }
  }, 'must be a non-zero Ethereum address with a valid EIP-55 checksum'),
  v.transform((value) => getAddress(value)),
);

export interface ChainSettings {
  rpcUrl: string;
  chainId: number;
  /** Depth at which a treasury send is settled (ETH_CONFIRMATIONS, as for deposits). */
  confirmations: number;
  /** Holds the BRND float, signs payouts: a key in memory or an account of CHAIN_SIGNER_URL. */
  treasury: SignerSetting;
  /** Creates and mints brand tokens (decision 058). */
  minter: SignerSetting;
  /** Receives the BRND bought back and burns it, apart from the treasury's float (decision 063). */
  buyback: SignerSetting;
  /** Gets the admin and pauser roles of every brand token: a cold address or multisig. */
  brandTokenAdmin: string;
  contracts: { brnd: string; brandTokenFactory: string; staking: string };
  /** Any chain but a local dev node: the hot treasury may hold a float, not the bulk (063). */
  requireColdSupply: boolean;
}

const privateKey = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hexadecimal characters'),
);

/** On a local development node the key roles default to its dev accounts (decision 058). */
const KEYS_BY_ROLE = ['BRAND_TOKEN_ADMIN_ADDRESS'] as const;

const CHAIN_VARIABLES = [
  'CHAIN_ID',
  'BRND_ADDRESS',
  'BRAND_TOKEN_FACTORY_ADDRESS',
  'STAKING_ADDRESS',
] as const;

const url = (message: string, protocols: string[]) =>
  v.pipe(
    text(message),
    v.check((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, message),
  );

const booleanFlag = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist(['true', 'false', '1', '0', 'yes', 'no', ''], 'must be true or false'),
  v.transform((value) => ['true', '1', 'yes'].includes(value)),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => /^[0-9]{1,5}$/.test(value) && Number(value) <= 65535,
        'must be a port number from 0 to 65535',
      ),
      v.transform(Number),
    ),
    '3000',
  ),
  DATABASE_URL: v.optional(
    url('must be a postgres:// or postgresql:// URL', ['postgres:', 'postgresql:']),
  ),
  DATA_DIR: v.optional(text('must not be empty')),
  APP_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  SMTP_URL: v.optional(url('must be an smtp:// or smtps:// URL', ['smtp:', 'smtps:'])),
  MAIL_FROM: v.optional(text('must not be empty'), 'BRND <no-reply@brnd.example>'),
  OPERATOR_EMAIL: v.optional(
    v.pipe(text('must be an e-mail address'), v.email('must be an e-mail address')),
    'operator@brnd.example',
  ),
  SMS_PROVIDER: v.optional(
    v.picklist(['simulator', 'twilio'], 'must be simulator or twilio'),
    'simulator',
  ),
  TWILIO_API_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(v.string(), v.regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC and 32 hexadecimal characters')),
  ),
  TWILIO_AUTH_TOKEN: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hexadecimal characters')),
  ),
  TWILIO_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(\+[1-9][0-9]{6,14}|[A-Za-z0-9 ]{1,11})$/,
        'must be a number in E.164 (+48…) or an alphanumeric sender ID of up to 11 characters',
      ),
    ),
  ),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(
    v.pipe(v.string(), v.regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG and 32 hexadecimal characters')),
  ),
  SESSION_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`),
    ),
  ),
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.minLength(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`),
    ),
  ),
  STATIC_DIR: v.optional(text('must not be empty')),
  TRUST_PROXY: v.optional(booleanFlag, 'false'),
  FEED_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  CHAIN_EXPLORER_TX_URL: v.optional(
    v.pipe(
      url('must be an http:// or https:// URL', ['http:', 'https:']),
      v.includes('{hash}', 'must contain {hash}'),
    ),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  CHAIN_RPC_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  CHAIN_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, 'must be a chain id'), v.transform(Number)),
  ),
  TREASURY_PRIVATE_KEY: v.optional(privateKey),
  BRAND_TOKEN_MINTER_PRIVATE_KEY: v.optional(privateKey),
  BUYBACK_PRIVATE_KEY: v.optional(privateKey),
  CHAIN_SIGNER_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  TREASURY_ADDRESS: v.optional(address),
  BRAND_TOKEN_MINTER_ADDRESS: v.optional(address),
  BUYBACK_ADDRESS: v.optional(address),
  BRAND_TOKEN_ADMIN_ADDRESS: v.optional(address),
  BRND_ADDRESS: v.optional(address),
  BRAND_TOKEN_FACTORY_ADDRESS: v.optional(address),
  STAKING_ADDRESS: v.optional(address),
  ETH_DEPOSIT_XPUB: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an xpub (extended public key)'),
    ),
  ),
  ETH_CONFIRMATIONS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,2}$/, 'must be 1 to 999'), v.transform(Number)),
  ),
  ETH_PRICE_FEED_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  ETH_USD_RATE: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]+(\.[0-9]+)?$/, 'must be USD per ETH'), v.transform(Number)),
    '2000',
  ),
  ETH_QUOTE_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9][0-9]{1,4}$/, 'must be 10 to 99999'), v.transform(Number)),
    '900',
  ),
  SALE_WATCH_INTERVAL_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9][0-9]{2,6}$/, 'must be 100 to 9999999 ms'),
      v.transform(Number),
    ),
    '3000',
  ),
  CRYPTO_GATEWAY_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  CRYPTO_GATEWAY_API_KEY: v.optional(text('must not be empty')),
  CRYPTO_GATEWAY_STORE_ID: v.optional(text('must not be empty')),
  CRYPTO_GATEWAY_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  ),
  CARD_PROVIDER_URL: v.optional(url('must be an http:// or https:// URL', ['http:', 'https:'])),
  CARD_PROVIDER_PUBLIC_URL: v.optional(
    url('must be an http:// or https:// URL', ['http:', 'https:']),
  ),
  CARD_PROVIDER_API_KEY: v.optional(text('must not be empty')),
  CARD_PROVIDER_CALLBACK_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  ),
  PAYOUT_PAUSE_BEFORE_BROADCAST_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]{1,9}$/, 'must be milliseconds'), v.transform(Number)),
  ),
  PAYOUT_PAUSE_AFTER_BROADCAST_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]{1,9}$/, 'must be milliseconds'), v.transform(Number)),
  ),
  SHUTDOWN_PAUSE_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]{1,5}$/, 'must be 0 to 99999 ms'), v.transform(Number)),
  ),
});

export type EnvSource = Record<string, string | undefined>;

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** Before the dev secret is filled in. */
export type ParsedEnv = Omit<Env, 'sessionSecret'> & { sessionSecret?: string };
export type ParseEnvResult = { ok: true; env: ParsedEnv } | { ok: false; problems: string[] };

/** Values never echoed in a problem report: they are, or may contain, credentials. */
const SECRET_NAMES = new Set([
  'SESSION_SECRET',
  'TWILIO_AUTH_TOKEN',
  'DATABASE_URL',
  'SMTP_URL',
  'TREASURY_PRIVATE_KEY',
  'BRAND_TOKEN_MINTER_PRIVATE_KEY',
  'BUYBACK_PRIVATE_KEY',
  'CHAIN_SIGNER_URL',
  'CRYPTO_GATEWAY_API_KEY',
  'CRYPTO_GATEWAY_WEBHOOK_SECRET',
  'CARD_PROVIDER_API_KEY',
  'CARD_PROVIDER_CALLBACK_SECRET',
]);

export interface ParseEnvOptions {
  /** Where paths are resolved from (default: the current directory). */
  cwd?: string;
}

/** Empty variables count as unset, the way shells and .env files usually mean them. */
function withoutEmpty(source: EnvSource): EnvSource {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

/**
 * Validates the environment. Pure: the dev secret is filled in by `loadEnv`, which may write it.
 * In production, everything that would otherwise fall back to a local stand-in is required.
 */
export function parseEnv(source: EnvSource, options: ParseEnvOptions = {}): ParseEnvResult {
  const cwd = options.cwd ?? process.cwd();
  const values = withoutEmpty(source);
  const parsed = v.safeParse(EnvSchema, values);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const name = issue.path?.map((item) => String(item.key)).join('.') ?? 'environment';
      const got = SECRET_NAMES.has(name) ? '' : ` (got ${JSON.stringify(issue.input)})`;
      problems.push(`${name} ${issue.message}${got}`);
    }
  }
  // Rules across variables read the raw values, so one report lists every problem at once.
  const smsProvider = values.SMS_PROVIDER ?? 'simulator';
  if (smsProvider === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']) {
      if (!values[name]) problems.push(`${name} is required when SMS_PROVIDER is twilio`);
    }
    if (!values.TWILIO_FROM && !values.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push(
        'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER is twilio',
      );
    }
  }
  const site = parseSiteEnv(values);
  if (!site.ok) problems.push(...site.problems);
  if (values.CHAIN_RPC_URL) {
    const devNode =
      values.NODE_ENV !== 'production' && isLocalDevChain(values.CHAIN_RPC_URL, values.CHAIN_ID);
    for (const name of devNode ? CHAIN_VARIABLES : [...CHAIN_VARIABLES, ...KEYS_BY_ROLE]) {
      if (!values[name]) problems.push(`${name} is required when CHAIN_RPC_URL is set`);
    }
    problems.push(
      ...signingRoleProblems(values, devNode ? ['treasury'] : ['treasury', 'minter', 'buyback']),
    );
  }
  for (const group of [GATEWAY_VARIABLES, CARD_VARIABLES]) {
    if (group.some((name) => values[name]) && !group.every((name) => values[name])) {
      problems.push(`${group.join(', ')} are set together (unset all for the local simulator)`);
    }
  }
  for (const name of [
    'PAYOUT_PAUSE_BEFORE_BROADCAST_MS',
    'PAYOUT_PAUSE_AFTER_BROADCAST_MS',
  ] as const) {
    if (values[name] && values.NODE_ENV !== 'test') {
      problems.push(`${name} is a test hook: only with NODE_ENV=test`);
    }
  }
  if (values.NODE_ENV === 'production') {
    const required: [string, string][] = [
      ['DATABASE_URL', 'the embedded PostgreSQL is for development'],
      ['SMTP_URL', 'the mail catcher is for development'],
      ['SESSION_SECRET', `a random string of at least ${MIN_SECRET_LENGTH} characters`],
      ['APP_URL', 'the public address used in e-mail links'],
      ['METRICS_TOKEN', 'the bearer token Prometheus sends to /metrics'],
    ];
    for (const [name, why] of required) {
      if (!values[name]) problems.push(`${name} is required in production (${why})`);
    }
    if (smsProvider !== 'twilio') {
      problems.push(
        'SMS_PROVIDER must be twilio in production (the simulator never reaches a phone)',
      );
    }
  }
  if (values.NODE_ENV === 'production' && !values.CHAIN_RPC_URL) {
    problems.push(
      'CHAIN_RPC_URL is required in production (the embedded anvil is for development)',
    );
  }
  problems.push(...chainSafetyProblems(values));
  if (values.NODE_ENV === 'production') {
    if (!values.ETH_PRICE_FEED_URL) {
      problems.push(
        'ETH_PRICE_FEED_URL is required in production (the simulator quotes a fixed price)',
      );
    }
    if (!values.CRYPTO_GATEWAY_URL) {
      problems.push(
        'CRYPTO_GATEWAY_* are required in production (the simulator is for development)',
      );
    }
    if (!values.CARD_PROVIDER_URL) {
      problems.push(
        'CARD_PROVIDER_* are required in production (the simulator is for development)',
      );
    }
  }
  if (!parsed.success || !site.ok || problems.length > 0) return { ok: false, problems };
  const raw = parsed.output;
  const production = raw.NODE_ENV === 'production';
  const treasury = signerSetting(values, 'treasury');
  const confirmations =
    raw.ETH_CONFIRMATIONS ??
    (isLocalDevChain(values.CHAIN_RPC_URL, values.CHAIN_ID) && !production
      ? 1
      : MIN_CHAIN_CONFIRMATIONS);

  const sms: SmsSettings =
    raw.SMS_PROVIDER === 'twilio'
      ? {
          provider: 'twilio',
          apiUrl: (raw.TWILIO_API_URL ?? TWILIO_API_URL).replace(/\/+$/, ''),
          accountSid: raw.TWILIO_ACCOUNT_SID as string,
          authToken: raw.TWILIO_AUTH_TOKEN as string,
          ...(raw.TWILIO_FROM ? { from: raw.TWILIO_FROM } : {}),
          ...(raw.TWILIO_MESSAGING_SERVICE_SID
            ? { messagingServiceSid: raw.TWILIO_MESSAGING_SERVICE_SID }
            : {}),
        }
      : { provider: 'simulator' };

  return {
    ok: true,
    env: {
      nodeEnv: raw.NODE_ENV,
      production,
      port: raw.PORT,
      // A developer's Ctrl-C stops at once; a replica waits for its proxy to take it out.
      shutdownPauseMs: raw.SHUTDOWN_PAUSE_MS ?? (production ? 5_000 : 0),
      ...(raw.DATABASE_URL ? { databaseUrl: raw.DATABASE_URL } : {}),
      dataDir: raw.DATA_DIR ? path.resolve(cwd, raw.DATA_DIR) : path.join(REPO_ROOT, '.data'),
      appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
      ...(raw.SMTP_URL ? { smtpUrl: raw.SMTP_URL } : {}),
      mailFrom: raw.MAIL_FROM,
      operatorEmail: raw.OPERATOR_EMAIL,
      sms,
      ...(raw.SESSION_SECRET ? { sessionSecret: raw.SESSION_SECRET } : {}),
      staticDir: raw.STATIC_DIR
        ? path.resolve(cwd, raw.STATIC_DIR)
        : path.join(REPO_ROOT, 'app', 'dist'),
      trustProxy: raw.TRUST_PROXY,
      ...(raw.METRICS_TOKEN ? { metricsToken: raw.METRICS_TOKEN } : {}),
      logLevel: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'test' ? 'warn' : 'info'),
      ...(raw.CHAIN_RPC_URL
        ? {
            chain: {
              rpcUrl: raw.CHAIN_RPC_URL,
              chainId: raw.CHAIN_ID as number,
              confirmations,
              requireColdSupply:
                production || !isLocalDevChain(values.CHAIN_RPC_URL, values.CHAIN_ID),
              treasury: treasury as SignerSetting,
              minter: signerSetting(values, 'minter') ?? { key: devMinterKey() },
              buyback: signerSetting(values, 'buyback') ?? { key: devBuybackKey() },
              brandTokenAdmin:
                raw.BRAND_TOKEN_ADMIN_ADDRESS ?? settingAddress(treasury as SignerSetting),
              contracts: {
                brnd: raw.BRND_ADDRESS as string,
                brandTokenFactory: raw.BRAND_TOKEN_FACTORY_ADDRESS as string,
                staking: raw.STAKING_ADDRESS as string,
              },
            },
          }
        : {}),
      ...(raw.PAYOUT_PAUSE_BEFORE_BROADCAST_MS
        ? { payoutPauseBeforeBroadcastMs: raw.PAYOUT_PAUSE_BEFORE_BROADCAST_MS }
        : {}),
      ...(raw.PAYOUT_PAUSE_AFTER_BROADCAST_MS
        ? { payoutPauseAfterBroadcastMs: raw.PAYOUT_PAUSE_AFTER_BROADCAST_MS }
        : {}),
      ...(raw.FEED_URL ? { feedUrl: raw.FEED_URL } : {}),
      ...(raw.CHAIN_EXPLORER_TX_URL ? { explorerTxUrl: raw.CHAIN_EXPLORER_TX_URL } : {}),
      site: site.site,
      sale: {
        ...(raw.ETH_DEPOSIT_XPUB ? { depositXpub: raw.ETH_DEPOSIT_XPUB } : {}),
        ethConfirmations: confirmations,
        ...(raw.ETH_PRICE_FEED_URL ? { ethPriceFeedUrl: raw.ETH_PRICE_FEED_URL } : {}),
        simulatedUsdPerEth: raw.ETH_USD_RATE,
        ethQuoteMs: raw.ETH_QUOTE_SECONDS * 1000,
        watchIntervalMs: raw.SALE_WATCH_INTERVAL_MS,
        ...(raw.CRYPTO_GATEWAY_URL
          ? {
              gateway: {
                url: raw.CRYPTO_GATEWAY_URL,
                apiKey: raw.CRYPTO_GATEWAY_API_KEY as string,
                storeId: raw.CRYPTO_GATEWAY_STORE_ID as string,
                webhookSecret: raw.CRYPTO_GATEWAY_WEBHOOK_SECRET as string,
              },
            }
          : {}),
        ...(raw.CARD_PROVIDER_URL
          ? {
              card: {
                url: raw.CARD_PROVIDER_URL,
                publicUrl: raw.CARD_PROVIDER_PUBLIC_URL ?? raw.CARD_PROVIDER_URL,
                apiKey: raw.CARD_PROVIDER_API_KEY as string,
                callbackSecret: raw.CARD_PROVIDER_CALLBACK_SECRET as string,
              },
            }
          : {}),
      },
    },
  };
}

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in DATA_DIR, so codes
 * already sent stay valid across restarts.
 */
export function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadEnv(source: EnvSource = process.env, options: ParseEnvOptions = {}): EnvResult {
  const result = parseEnv(source, options);
  if (!result.ok) return result;
  const { env } = result;
  return { ok: true, env: { ...env, sessionSecret: env.sessionSecret ?? devSecret(env.dataDir) } };
}

export function formatEnvProblems(problems: string[]): string {
  return [
    'BRND cannot start: the environment is not valid.',
    ...problems.map((problem) => `  - ${problem}`),
    'See bff/README.md for every variable.',
  ].join('\n');
}

/** For server.ts: the validated env, or a clear list of problems and exit code 1. */
export function loadEnvOrExit(source: EnvSource = process.env): Env {
  const result = loadEnv(source);
  if (!result.ok) {
    console.error(formatEnvProblems(result.problems));
    process.exit(1);
  }
  return result.env;
}
