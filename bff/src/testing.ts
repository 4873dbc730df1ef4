import type { SiteConfig } from '@brnd/contracts/api/site';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createApp } from './app.ts';
import { createServices, type Services } from './composition.ts';
import type { CardExchange } from './providers/card-exchange.ts';
import type { CryptoGateway } from './providers/crypto-gateway.ts';
import { connectDevChain, type PlatformChain } from './chain/platform-chain.ts';
import { enqueuePayout, startPayoutWorker } from './jobs/payouts.ts';
import { startJobQueue, type JobQueue } from './jobs/queue.ts';
import { brandTokenSendQueue, startBrandTokenWorker } from './jobs/brand-tokens.ts';
import type { BrandTokenChain } from './services/brand-tokens/chain.ts';
import type { PayoutService } from './services/payouts.ts';
import { databaseName, openDatabase, type Database, type DatabaseOptions } from './db/database.ts';
import { seedIfEmpty } from './seed/demo.ts';
import { createMemoryLogger, type LogEntry, type Logger } from './logger.ts';
import type { FeedSource } from './providers/feed.ts';
import { createOutboxMailer, type Mailer } from './providers/mail.ts';
import { createOutboxSms, type SmsProvider } from './providers/sms.ts';
import { createBackground, type Background } from './services/background.ts';
import { startLiveEvents } from './services/live-events.ts';
import {
  TEST_ARGON2_COST,
  createPasswordHasher,
  type PasswordHasher,
} from './services/passwords.ts';
import { createDatabaseFromTemplate, dropDatabase } from './testing/test-database.ts';
import type { Clock } from './services/votes.ts';

export { DEMO_USER } from './seed/demo.ts';
export type { Database } from './db/database.ts';

export interface TestAppOptions {
  /**
   * Run on an existing test database (e.g. `other.db.url`) instead of a fresh copy: two app
   * instances sharing one database, as two bff instances behind a load balancer would.
   */
  databaseUrl?: string;
  /** Add the demo data (demo@brnd.example / Demo123!x, fully verified). */
  seed?: boolean;
  /** Production mode: no /dev routes, HSTS. */
  production?: boolean;
  /**
   * Trust X-Forwarded-For (default true), so tests speak as several client addresses: the
   * helpers sign each new user up from an address of its own, clear of the per-address throttle.
   */
  trustProxy?: boolean;
  /** Where e-mail links point; defaults to the app's own base URL. */
  appUrl?: string;
  staticDir?: string;
  mailer?: Mailer;
  sms?: SmsProvider;
  hasher?: PasswordHasher;
  logger?: Logger;
  secret?: string;
  /**
   * A running dev chain (e.g. `startAnvil()` from @brnd/contracts/chain/anvil, one per test
   * file): the contracts are deployed on it, and payouts run through the pg-boss queue.
   */
  chain?: { rpcUrl: string; chainId: number; treasuryPrivateKey: string };
  /** The blog's feed (default: the bundled sample feed). */
  feed?: FeedSource;
  operatorEmail?: string;
  /** The brand contest's clock (vote windows, contest months), which a test may move on. */
  clock?: Clock;
  /** The site configuration (default: the demo companies). */
  site?: SiteConfig;
  /** Protect /metrics with this bearer token (METRICS_TOKEN). */
  metricsToken?: string;
  /** The database pool's size and wait (default: 10 connections, 10 s). */
  pool?: DatabaseOptions;
  /**
   * The token sale's providers and chain settings, chosen once the app's address is known
   * (webhook URLs); default: ETH orders on the dev deposit key, no BTC gateway or card provider.
   */
  sale?: (context: { baseUrl: string }) => TestSaleOptions;
}

export interface TestSaleOptions {
  gateway?: CryptoGateway;
  card?: CardExchange;
  chainId?: number;
  ethConfirmations?: number;
  /** A fixed price, or a price feed (`startTestSaleProviders`' simulator). */
  usdPerEth?: number | (() => Promise<number>);
}

export interface TestApp {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  baseUrl: string;
  db: Database;
  /** The app's services (composition.ts), for tests that drive one directly. */
  services: Services;
  /** What the app logged (unless a logger was passed in). */
  logs: LogEntry[];
  /** Resolves once work started after an answer (e.g. the reset e-mail) has finished. */
  settled(): Promise<void>;
  /** With the `chain` option. */
  chain?: PlatformChain;
  payouts?: PayoutService;
  /** With the `chain` option: brand token deploys, mints and the supply check. */
  brandTokenChain?: BrandTokenChain;
  close(): Promise<void>;
}

/**
 * A real bff on a fresh PostgreSQL database (a copy of the migrated template), listening on a
 * free port. Needs `bff/src/testing/global-setup.ts` as the Vitest project's globalSetup.
 * Mail and SMS land in the outbox table, read through `GET /dev/outbox` as in development.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const info = inject('brndTestDatabase');
  if (!info) {
    throw new Error(
      'startTestApp needs bff/src/testing/global-setup.ts in the Vitest project globalSetup',
    );
  }
  const ownsDatabase = options.databaseUrl === undefined;
  const url = options.databaseUrl ?? (await createDatabaseFromTemplate(info));
  const db = openDatabase(url, { poolMax: 10, ...options.pool });
  const hasher = options.hasher ?? createPasswordHasher(TEST_ARGON2_COST);
  if (options.seed) await seedIfEmpty(db, hasher);

  const memoryLogger = createMemoryLogger();
  const logger = options.logger ?? memoryLogger;
  const background: Background = createBackground(logger);
  let chain: PlatformChain | undefined;
  let queue: JobQueue | undefined;
  if (options.chain) {
    chain = await connectDevChain(db, logger, options.chain);
    queue = await startJobQueue(url, logger);
  }
  const liveEvents = startLiveEvents({ url, logger });
  await liveEvents.ready();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const appUrl = options.appUrl ?? baseUrl;
  const sale = options.sale?.({ baseUrl }) ?? {};
  const services = createServices(
    {
      appUrl,
      secret: options.secret ?? 'test-secret-that-is-at-least-32-characters-long',
      ...(options.operatorEmail ? { operatorEmail: options.operatorEmail } : {}),
      sale: {
        ...(sale.chainId !== undefined ? { chainId: sale.chainId } : {}),
        ...(sale.ethConfirmations !== undefined ? { ethConfirmations: sale.ethConfirmations } : {}),
      },
    },
    {
      db,
      logger,
      mailer: options.mailer ?? createOutboxMailer(db),
      sms: options.sms ?? createOutboxSms(db),
      hasher,
      background,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.feed ? { feed: options.feed } : {}),
      ...(chain && queue
        ? {
            chain,
            enqueuePayout: enqueuePayout(queue),
            brandTokenSends: brandTokenSendQueue(queue, db),
          }
        : {}),
      ...(sale.gateway ? { gateway: sale.gateway } : {}),
      ...(sale.card ? { card: sale.card } : {}),
      ...(sale.usdPerEth !== undefined ? { usdPerEth: sale.usdPerEth } : {}),
    },
  );
  if (queue) {
    await startPayoutWorker(queue, services.payouts, logger);
    if (services.brandTokenChain) {
      await startBrandTokenWorker(
        queue,
        services.brandTokenChain,
        logger,
        services.reviewStakingPremium,
      );
    }
  }

  const app = createApp({
    services,
    appUrl,
    production: options.production ?? false,
    trustProxy: options.trustProxy ?? true,
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.site ? { site: options.site } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    liveEvents,
  });
  server.on('request', app.callback());

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    db,
    logs: memoryLogger.entries,
    settled: () => background.drain(),
    services,
    ...(chain ? { chain, payouts: services.payouts } : {}),
    ...(services.brandTokenChain ? { brandTokenChain: services.brandTokenChain } : {}),
    close() {
      closing ??= (async () => {
        await liveEvents.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await background.drain();
        await queue?.stop();
        await chain?.stop();
        await db.close();
        if (ownsDatabase) await dropDatabase(info.serverUrl, databaseName(url));
      })();
      return closing;
    },
  };
}
