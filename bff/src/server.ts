import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import type { DevService } from '@brnd/contracts/api/wallet';
import { createApp } from './app.ts';
import { createServices } from './composition.ts';
import {
  connectExternalChain,
  describeChain,
  startEmbeddedChain,
  type PlatformChain,
} from './chain/platform-chain.ts';
import { ensureDatabase } from './db/admin.ts';
import { openDatabase, withDatabaseName, type Database } from './db/database.ts';
import { EMBEDDED_DATABASE, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { migrateUp, withMigrationLock } from './db/migrate.ts';
import { seedIfEmpty } from './seed/demo.ts';
import { loadEnvOrExit } from './env.ts';
import { enqueuePayout, reconcilePayouts, startPayoutWorker } from './jobs/payouts.ts';
import { queuedMailer, startMailWorker } from './jobs/mail.ts';
import { startJobQueue } from './jobs/queue.ts';
import {
  brandTokenSendQueue,
  resendUnfinished,
  startBrandTokenWorker,
} from './jobs/brand-tokens.ts';
import { startContestJob } from './jobs/contest.ts';
import { createLogger } from './logger.ts';
import { createMetrics } from './http/metrics.ts';
import { startLiveEvents } from './services/live-events.ts';
import { startMailCatcher, type MailCatcher } from './providers/mail-catcher.ts';
import { createBundledFeed, createHttpFeed } from './providers/feed.ts';
import { createSmtpMailer, type Mailer } from './providers/mail.ts';
import type { SmsProvider } from './providers/sms.ts';
import { createTwilioSms } from './providers/twilio.ts';
import { startTwilioSimulator } from './providers/twilio-simulator.ts';
import { queuedSms, startSmsWorker } from './jobs/sms.ts';
import { SMS_STATUS_PATH } from './http/sms-status.ts';
import { createBackground } from './services/background.ts';
import { purgeExpired } from './services/maintenance.ts';
import { createPasswordHasher } from './services/passwords.ts';
import { reconcileBuybacks } from './services/buybacks.ts';
import { startSaleWatcher } from './jobs/sale-watch.ts';
import { startSaleProviders } from './providers/sale-providers.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const PURGE_INTERVAL_MS = 60 * 60_000;

const env = loadEnvOrExit();
const logger = createLogger({ level: env.logLevel, json: env.production });

/** What runs embedded and where, listed at /dev/info (passwords never included). */
const devServices: DevService[] = [];

/** Everything started so far, stopped in reverse order on shutdown or a failed start. */
const stops: { name: string; stop: () => Promise<void> }[] = [];

async function stopAll() {
  for (const { name, stop } of stops.reverse()) {
    await stop().catch((error: unknown) => logger.error(`could not stop ${name}`, { err: error }));
  }
  stops.length = 0;
}

async function startDatabase(): Promise<Database> {
  let url = env.databaseUrl;
  if (!url) {
    logger.info(`starting the embedded PostgreSQL in ${path.join(env.dataDir, 'postgres')}`);
    const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
      dataDir: env.dataDir,
      onLog: (line) => logger.debug(line),
    });
    stops.push({ name: 'embedded PostgreSQL', stop: () => embedded.stop() });
    url = await ensureDatabase(withDatabaseName(embedded.url, EMBEDDED_DATABASE));
    devServices.push({
      name: 'PostgreSQL',
      url: `postgres://127.0.0.1:${embedded.port}/${EMBEDDED_DATABASE}`,
      embedded: true,
    });
  }
  const db = openDatabase(url);
  stops.push({ name: 'database pool', stop: () => db.close() });
  const applied = await migrateUp(db.sequelize, url);
  if (applied.length > 0) logger.info(`applied migrations: ${applied.join(', ')}`);
  return db;
}

async function startMailer(db: Database): Promise<Mailer> {
  if (env.smtpUrl) return createSmtpMailer({ transport: env.smtpUrl, from: env.mailFrom });
  const catcher: MailCatcher = await startMailCatcher({ db, logger });
  stops.push({ name: 'mail catcher', stop: () => catcher.close() });
  devServices.push({
    name: 'SMTP catcher (read at /dev/outbox)',
    url: `smtp://${catcher.host}:${catcher.port}`,
    embedded: true,
  });
  return createSmtpMailer({
    transport: { host: catcher.host, port: catcher.port, secure: false, ignoreTLS: true },
    from: env.mailFrom,
  });
}

async function startChain(db: Database): Promise<PlatformChain> {
  if (env.chain) return connectExternalChain(env.chain);
  logger.info('starting the embedded dev chain (anvil)');
  return withMigrationLock(db.url, () => startEmbeddedChain(db, logger));
}

/** Twilio, or the local Twilio simulator feeding the dev outbox; both through the real adapter. */
async function startSms(db: Database): Promise<{ provider: SmsProvider; authToken: string }> {
  const statusCallback = `${env.appUrl}${SMS_STATUS_PATH}`;
  if (env.sms.provider === 'twilio') {
    return {
      provider: createTwilioSms({ ...env.sms, statusCallback }),
      authToken: env.sms.authToken,
    };
  }
  const simulator = await startTwilioSimulator({ db, logger });
  stops.push({ name: 'SMS simulator', stop: () => simulator.close() });
  devServices.push({ name: 'SMS simulator (Twilio API)', url: simulator.url, embedded: true });
  logger.info(`SMS go to the local Twilio simulator at ${simulator.url} (the dev outbox)`);
  return {
    provider: createTwilioSms({
      apiUrl: simulator.url,
      accountSid: simulator.accountSid,
      authToken: simulator.authToken,
      from: 'BRND',
      statusCallback,
    }),
    authToken: simulator.authToken,
  };
}

async function main() {
  const db = await startDatabase();
  const hasher = createPasswordHasher();
  if (!env.production) {
    const seeded = await withMigrationLock(db.url, () => seedIfEmpty(db, hasher));
    if (seeded) logger.info('seeded the demo data (demo@brnd.example / Demo123!x)');
  }
  const smtp = await startMailer(db);
  stops.push({ name: 'mailer', stop: () => smtp.close() });

  if (!existsSync(path.join(env.staticDir, 'index.html'))) {
    logger.warn(
      `no built web app in ${env.staticDir}: run \`npm run build\` (serving the API only)`,
    );
  }
  const chain = await startChain(db);
  stops.push({ name: 'chain', stop: () => chain.stop() });
  devServices.push({ name: 'Chain RPC', url: chain.rpcUrl, embedded: !env.chain });
  const metrics = createMetrics({ db });
  const queue = await startJobQueue(db.url, logger, (name) =>
    metrics.jobFailures.inc({ queue: name }),
  );
  stops.push({ name: 'job queue', stop: () => queue.stop() });
  await startMailWorker(queue, smtp, logger);
  const mailer = queuedMailer(queue);
  const sms = await startSms(db);
  await startSmsWorker(queue, sms.provider, logger);
  // The payout crash test's kill points (NODE_ENV=test only): a pause the test kills the process in.
  const pause = (point: string, ms: number | undefined) =>
    ms
      ? async (payoutId: string) => {
          console.log(`payout ${payoutId} ${point}: pausing ${ms} ms`);
          await new Promise((resolve) => setTimeout(resolve, ms));
        }
      : undefined;
  const beforePayoutBroadcast = pause('signed', env.payoutPauseBeforeBroadcastMs);
  const afterPayoutBroadcast = pause('broadcast', env.payoutPauseAfterBroadcastMs);

  // The token sale: real payment providers when configured, else their local simulators.
  const saleProviders = await startSaleProviders({
    settings: env.sale,
    appUrl: env.appUrl,
    logger,
  });
  stops.push({ name: 'payment simulators', stop: () => saleProviders.stop() });
  for (const { name, url } of saleProviders.simulators) {
    devServices.push({ name, url, embedded: true });
  }

  const background = createBackground(logger);
  const services = createServices(
    {
      appUrl: env.appUrl,
      secret: env.sessionSecret,
      operatorEmail: env.operatorEmail,
      ...(env.explorerTxUrl ? { explorerTxUrl: env.explorerTxUrl } : {}),
      sale: {
        ...(env.sale.depositXpub ? { depositXpub: env.sale.depositXpub } : {}),
        chainId: chain.chainId,
        ethConfirmations: env.sale.ethConfirmations,
        ethQuoteMs: env.sale.ethQuoteMs,
      },
    },
    {
      db,
      logger,
      mailer,
      sms: queuedSms(queue),
      hasher,
      background,
      chain,
      enqueuePayout: enqueuePayout(queue),
      brandTokenSends: brandTokenSendQueue(queue, db),
      feed: env.feedUrl ? createHttpFeed(env.feedUrl) : createBundledFeed(),
      gateway: saleProviders.gateway,
      card: saleProviders.card,
      usdPerEth: saleProviders.usdPerEth,
      ...(beforePayoutBroadcast ? { beforePayoutBroadcast } : {}),
      ...(afterPayoutBroadcast ? { afterPayoutBroadcast } : {}),
    },
  );

  // A crash may have left payouts signed or broadcast: settle them by their hash first.
  void reconcilePayouts(services.payouts, logger);
  void reconcileBuybacks(services.buybacks, logger);
  await startPayoutWorker(queue, services.payouts, logger);
  const { brandTokenChain } = services;
  if (!brandTokenChain) throw new Error('brand tokens need the chain the services were built on');
  // Deploys and mints a crash left unfinished: settled by their stored hash, never signed anew.
  void resendUnfinished(brandTokenChain, logger);
  await startBrandTokenWorker(queue, brandTokenChain, logger, services.reviewStakingPremium);
  // The monthly contest closes on the 1st (Warsaw time); closing twice changes nothing.
  await startContestJob(queue, services.contest, logger);

  const saleWatcher = startSaleWatcher({
    orders: services.orders,
    provider: chain.provider,
    logger,
    intervalMs: env.sale.watchIntervalMs,
    onPass: (block) => metrics.watcherPass(block),
  });
  stops.push({ name: 'sale watcher', stop: () => saleWatcher.stop() });

  const liveEvents = startLiveEvents({ url: db.url, logger });
  const app = createApp({
    services,
    smsStatus: { authToken: sms.authToken, callbackUrl: `${env.appUrl}${SMS_STATUS_PATH}` },
    appUrl: env.appUrl,
    production: env.production,
    trustProxy: env.trustProxy,
    staticDir: env.staticDir,
    site: env.site,
    cardProviderUrl: saleProviders.card.publicUrl,
    metrics,
    liveEvents,
    devServices,
    draining: () => shuttingDown,
    ...(env.metricsToken ? { metricsToken: env.metricsToken } : {}),
    ...(env.explorerTxUrl ? { explorerTxUrl: env.explorerTxUrl } : {}),
  });
  stops.push({ name: 'background work', stop: () => background.drain() });

  const purge = setInterval(() => {
    purgeExpired(db).catch((error: unknown) => logger.warn('purge failed', { err: error }));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  stops.push({ name: 'purge timer', stop: async () => clearInterval(purge) });

  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.port, resolve);
  });
  stops.push({
    name: 'HTTP server',
    stop: () =>
      new Promise<void>((resolve) => {
        // Idle keep-alive sockets would hold close() open; requests in flight get a grace period.
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      }),
  });

  // Stopped before the server closes: event streams end, so their browsers reconnect to another
  // replica at once instead of holding this one open through the grace period.
  stops.push({ name: 'live events', stop: () => liveEvents.close() });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  saleProviders.pointAt(`http://127.0.0.1:${port}`);
  for (const { name, url } of saleProviders.simulators) console.log(`${name}: ${url}`);
  console.log(`BRND running at http://localhost:${port}`);
  if (!env.production) console.log(`Dev outbox: http://localhost:${port}/dev/outbox`);
  console.log(describeChain(chain, env.production));
  if (!env.production) {
    console.log(`What runs embedded, and where: http://localhost:${port}/dev/info`);
  }
}

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) {
    logger.warn(`${signal} again: exiting without waiting`);
    process.exit(1);
  }
  shuttingDown = true;
  logger.info(`${signal} received: shutting down`);
  // /api/ready answers 503 from now on; keep serving until the proxy has taken this replica out.
  await new Promise((resolve) => setTimeout(resolve, env.shutdownPauseMs));
  await stopAll();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

main().catch(async (error: unknown) => {
  logger.error('BRND could not start', { err: error });
  await stopAll();
  process.exit(1);
});
