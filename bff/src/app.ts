import { activityRoutes } from './http/activity.ts';
import { createActivityService } from './services/activity.ts';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import type { SiteConfig } from '@brnd/contracts/api/site';
import type { Database } from './db/database.ts';
import { accountRoutes } from './http/accounts.ts';
import { adminRoutes } from './http/admin.ts';
import { adminContestRoutes } from './http/admin-contest.ts';
import { adminVerificationRoutes } from './http/admin-verification.ts';
import { adminPaymentRoutes } from './http/admin-payments.ts';
import { createPaymentDesk } from './services/payment-desk.ts';
import { brandTokenCsvBody, brandTokenRoutes } from './http/brand-tokens.ts';
import { buybackRoutes } from './http/buybacks.ts';
import { adminTreasuryRoutes } from './http/admin-treasury.ts';
import { createTreasurySendService } from './services/treasury-sends.ts';
import { contentRoutes } from './http/content.ts';
import { devRouter } from './http/dev-outbox.ts';
import { errorBody, errorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { logKoaError, requestId } from './http/request-id.ts';
import { eventStreamRouter } from './http/event-streams.ts';
import { apiDocsRouter } from './http/api-docs.ts';
import { readiness } from './http/readiness.ts';
import type { LiveEvents } from './services/live-events.ts';
import { createMetrics, type Metrics } from './http/metrics.ts';
import {
  orderRoutes,
  payoutTransactions,
  providerWebhooks,
  saleTransactions,
} from './http/orders.ts';
import { saleRoutes } from './http/sale.ts';
import type { OrderService } from './services/orders.ts';
import type { SaleService } from './services/sale.ts';
import { createSaleStack } from './services/sale-stack.ts';
import { referralRoutes } from './http/referrals.ts';
import { createSessionCookies } from './http/session-cookie.ts';
import { mountRoutes } from './http/route.ts';
import { securityHeaders } from './http/security.ts';
import { siteRoutes } from './http/site.ts';
import { smsStatusRouter } from './http/sms-status.ts';
import { serveSpa } from './http/static.ts';
import type { Logger } from './logger.ts';
import { createBundledFeed, type FeedSource } from './providers/feed.ts';
import type { Mailer } from './providers/mail.ts';
import type { SmsProvider } from './providers/sms.ts';
import { createAccountService } from './services/accounts.ts';
import { createAuditLog } from './services/audit-log.ts';
import { createBrandTokenService, type SendQueue } from './services/brand-tokens.ts';
import { createBuybackService } from './services/buybacks.ts';
import { createBackground, type Background } from './services/background.ts';
import { createBlogService } from './services/blog.ts';
import { createContactService } from './services/contact.ts';
import { createNotifications } from './services/notifications.ts';
import type { PasswordHasher } from './services/passwords.ts';
import { createIdempotency } from './services/idempotency.ts';
import { createRateLimiter } from './services/rate-limits.ts';
import { createReferralService, saleReferralHook } from './services/referrals.ts';
import { createSessionService } from './services/sessions.ts';
import type { PlatformChain } from './chain/platform-chain.ts';
import { devInfoRouter } from './http/dev-info.ts';
import { walletRoutes } from './http/wallet.ts';
import { createLedger } from './services/ledger.ts';
import { createPayoutService, type PayoutService } from './services/payouts.ts';
import { createWalletService } from './services/wallet.ts';
import { DEV_CHAIN_IDS } from './chain/dev-keys.ts';
import { createWalletProofService } from './services/wallet-proofs.ts';
import { DEFAULT_SITE_CONFIG } from './services/site.ts';
import { brandRoutes, brandUploadBody, uploadsRouter } from './http/brands.ts';
import { createDocumentStore } from './services/verification-documents.ts';
import { createBrandService } from './services/brands.ts';
import { createContestService } from './services/contest.ts';
import { createContestAdmin } from './services/contest-admin.ts';
import { createVerificationService } from './services/verification.ts';
import { createLinkPreview, type LinkPreview } from './services/link-preview.ts';
import { createUploadService } from './services/uploads.ts';
import { createVoteService, type Clock } from './services/votes.ts';

export interface AppDeps {
  db: Database;
  mailer: Mailer;
  sms: SmsProvider;
  /** Verifies Twilio's delivery reports (http/sms-status.ts); unset: no callback route. */
  smsStatus?: { authToken: string; callbackUrl: string };
  hasher: PasswordHasher;
  logger: Logger;
  /** Keys the SMS-code HMAC. */
  secret: string;
  /** Origin of the web app, for links in e-mails. */
  appUrl: string;
  /** Production hides /dev/* and turns on HSTS. */
  production: boolean;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** The built web app; unset serves the API only. */
  staticDir?: string;
  background?: Background;
  /** The chain payouts go out on (shown at /dev/info); unset: no chain. */
  chain?: PlatformChain;
  /** Payouts wired to the chain and the job queue; unset: a claim answers 503. */
  payouts?: PayoutService;
  /** Queues brand token chain sends (jobs/brand-tokens.ts); unset: issuing and minting answer 503. */
  brandTokenSends?: SendQueue;
  /** Served at /api/site; default: the demo companies. */
  site?: SiteConfig;
  /** Receives contact-form messages; default: operator@brnd.example. */
  operatorEmail?: string;
  /** The blog's article feed; default: the bundled sample feed. */
  feed?: FeedSource;
  /**
   * The token sale (services/sale-stack.ts): providers, deposit key and chain. Default: ETH
   * orders on the dev deposit key, no BTC gateway or card provider (those answer 503).
   */
  sale?: { sales: SaleService; orders: OrderService };
  /** The card provider's public URL: the buy page calls it from the browser (CSP connect-src). */
  cardProviderUrl?: string;
  /** The brand contest's clock (vote windows, contest months); tests move it. */
  clock?: Clock;
  /** Fetches refer-a-brand previews; default: the real, SSRF-guarded fetcher. */
  linkPreview?: LinkPreview;
  /** A chain explorer's transaction page with `{hash}` (CHAIN_EXPLORER_TX_URL); unset: no links. */
  explorerTxUrl?: string;
  /** Live updates from PostgreSQL (LISTEN); unset: the event streams answer 503, clients poll. */
  liveEvents?: LiveEvents;
  /** Prometheus metrics (served at /metrics); default: a registry of this app's own. */
  metrics?: Metrics;
  /** True once a shutdown has started: /api/ready answers 503 so the proxy moves traffic. */
  draining?: () => boolean;
  /** Set: /metrics answers only `Authorization: Bearer <metricsToken>` (METRICS_TOKEN). */
  metricsToken?: string;
}

const BODY_LIMIT = '100kb';
const SERVER_PATHS = /^\/(api|dev)(\/|$)/;

/** Unknown /api and /dev paths answer JSON, with 405 when the path exists for another method. */
function notFound(router: Router) {
  return async function answerNotFound(ctx: Context, next: Next) {
    if (!SERVER_PATHS.test(ctx.path)) return next();
    const match = router.match(ctx.path, ctx.method);
    const allowed = [...new Set(match.path.flatMap((layer) => layer.methods))];
    if (allowed.length > 0) {
      ctx.status = 405;
      ctx.set('Allow', allowed.join(', '));
      ctx.body = { message: 'Method not allowed.' };
      return;
    }
    ctx.status = 404;
    ctx.body = errorBody('errors.notFound');
  };
}

/** The Koa application, without listening: server.ts and the tests decide where it runs. */
export function createApp(deps: AppDeps): Koa {
  const { db, logger, production } = deps;
  const trustProxy = deps.trustProxy ?? false;
  // Only the address our own proxy appended counts: earlier X-Forwarded-For entries are whatever
  // the client wrote, and login throttling per IP must not be dodged by inventing them.
  const app = new Koa({ proxy: trustProxy, maxIpsCount: trustProxy ? 1 : 0 });
  // Errors are answered and logged by errorHandler; this catches what happens outside requests.
  app.silent = true;
  app.on('error', logKoaError(logger));
  const metrics = deps.metrics ?? createMetrics({ db });

  const background = deps.background ?? createBackground(logger);
  const sessions = createSessionService(db);
  const sessionCookies = createSessionCookies({ production, appUrl: deps.appUrl });
  const ledger = createLedger(db);
  const limiter = createRateLimiter(db);
  // Every e-mail and SMS to a person goes through this one object (its templates, its queue).
  const notifications = createNotifications({
    appUrl: deps.appUrl,
    mailer: deps.mailer,
    sms: deps.sms,
  });
  const brandTokens = createBrandTokenService({
    db,
    ledger,
    logger,
    notifications,
    chain: deps.chain,
    queue: deps.brandTokenSends,
    runInBackground: (name, work) => background.run(name, work),
  });
  const referrals = createReferralService({ db, ledger, limiter, logger });
  const accounts = createAccountService({
    db,
    hasher: deps.hasher,
    sessions,
    limiter,
    notifications,
    secret: deps.secret,
    logger,
    referrals,
    // Brand tokens given to the address before it had an account are credited with it.
    onEmailVerified: (userId, transaction) => brandTokens.claimHolds(userId, transaction),
  });

  const contact = createContactService({
    db,
    mailer: deps.mailer,
    limiter,
    operatorEmail: deps.operatorEmail ?? 'operator@brnd.example',
    logger,
  });
  const blog = createBlogService({ feed: deps.feed ?? createBundledFeed(), logger });

  const payouts =
    deps.payouts ??
    createPayoutService({ db, ledger, chain: undefined, logger, enqueue: async () => {} });

  const clock = deps.clock ?? (() => new Date());
  const votes = createVoteService({ db, clock });
  const uploads = createUploadService(db);
  const brandDeps = {
    limiter,
    votes,
    uploads,
    documents: createDocumentStore(db),
    brands: createBrandService({
      db,
      votes,
      clock,
      // The referrer's 100 BRND commit with the brand, or neither does.
      onBrandCreated: async (created, transaction) => {
        await referrals.rewardBrandReferral({ ...created, transaction });
      },
    }),
    contest: createContestService({ db, ledger, clock }),
    preview: deps.linkPreview ?? createLinkPreview(),
    notifications,
  };

  const sale = deps.sale ?? createSaleStack({ db, logger, appUrl: deps.appUrl });
  // The referrer's 10 % is paid in the same transaction that credits the buyer's order.
  sale.orders.onOrderPaid(saleReferralHook(referrals));

  const site = deps.site ?? DEFAULT_SITE_CONFIG;
  const audit = createAuditLog(db);
  const buybacks = createBuybackService({ db, chain: deps.chain, audit, logger });
  const api = new Router();
  mountRoutes(
    api,
    [
      ...healthRoutes({ db, logger }),
      ...accountRoutes({
        accounts,
        sessionCookies,
        runInBackground: (name, work) => background.run(name, work),
      }),
      ...walletRoutes({
        wallets: createWalletService({ db, ledger }),
        proofs: createWalletProofService({
          db,
          hasher: deps.hasher,
          limiter,
          notifications,
          logger,
          appUrl: deps.appUrl,
          // Without a chain (tests, a bare dev set-up) the message names the dev chain.
          chainId: deps.chain?.chainId ?? DEV_CHAIN_IDS[0]!,
          clock,
          runInBackground: (name, work) => background.run(name, work),
        }),
        payouts,
      }),
      ...activityRoutes({ activities: createActivityService({ db }) }),
      ...orderRoutes({
        sources: [payoutTransactions(payouts), saleTransactions(sale.orders)],
        orders: sale.orders,
        idempotency: createIdempotency(db),
      }),
      ...saleRoutes({ sales: sale.sales }),
      ...siteRoutes(site),
      ...referralRoutes({ referrals }),
      ...contentRoutes({ contact, blog }),
      ...brandRoutes(brandDeps),
      ...adminRoutes({ audit }),
      ...adminVerificationRoutes({
        verification: createVerificationService({
          db,
          audit,
          notifications,
          clock,
          runInBackground: (name, work) => background.run(name, work),
        }),
      }),
      ...adminContestRoutes({
        contest: createContestAdmin({ db, contest: brandDeps.contest, audit, clock }),
      }),
      ...adminPaymentRoutes({
        desk: createPaymentDesk({
          db,
          ledger,
          orders: sale.orders,
          audit,
          logger,
          explorerTxUrl: deps.explorerTxUrl,
          mailer: deps.mailer,
          appUrl: deps.appUrl,
        }),
        payouts,
        sales: sale.sales,
        audit,
        explorerTxUrl: deps.explorerTxUrl ?? null,
      }),
      ...adminTreasuryRoutes({
        sends: createTreasurySendService({
          db,
          audit,
          logger,
          // Payouts and burns run again at once; brand token sends on their job's next retry.
          processors: deps.chain
            ? {
                payouts: (id) => payouts.process(id),
                buybacks: (id) => buybacks.process(id),
              }
            : {},
          runInBackground: (name, work) => background.run(name, work),
        }),
        explorerTxUrl: deps.explorerTxUrl ?? null,
      }),
      ...buybackRoutes({
        buybacks,
        runInBackground: (name, work) => background.run(name, work),
      }),
      ...brandTokenRoutes({ brandTokens, db, chain: deps.chain }),
    ],
    sessions,
    sessionCookies,
  );

  app.use(requestId(logger));
  app.use(metrics.middleware());
  app.use(metrics.endpoint(deps.metricsToken));
  app.use(readiness({ db, chain: deps.chain, logger, draining: deps.draining ?? (() => false) }));
  app.use(
    securityHeaders({
      production,
      jobBoardScriptUrl: site.jobBoardScriptUrl,
      connectOrigins: deps.cardProviderUrl ? [new URL(deps.cardProviderUrl).origin] : [],
    }),
  );
  app.use(errorHandler(logger));
  // Signed provider notifications need their raw bytes: before the body parser.
  app.use(
    eventStreamRouter({
      live: deps.liveEvents,
      sessions,
      orders: sale.orders,
      sales: sale.sales,
      clock,
      metrics,
      logger,
    }).routes(),
  );
  app.use(apiDocsRouter().routes());
  app.use(providerWebhooks(sale.orders, limiter).routes());
  if (!production) app.use(devRouter(db).routes());
  if (!production) app.use(devInfoRouter(deps.chain).routes());
  app.use(
    bodyParser({
      enableTypes: ['json', 'form'],
      jsonLimit: BODY_LIMIT,
      formLimit: BODY_LIMIT,
      // Unparseable or oversized bodies are the client's mistake: a 4xx, never a 500.
      onError(error, ctx) {
        const status = (error as { status?: number }).status ?? 400;
        ctx.throw(
          status >= 400 && status < 500 ? status : 400,
          'The request body could not be read.',
        );
      },
    }),
  );
  if (deps.smsStatus) app.use(smsStatusRouter({ db, logger, ...deps.smsStatus }).routes());
  app.use(brandUploadBody());
  app.use(brandTokenCsvBody());
  app.use(api.routes());
  app.use(uploadsRouter(uploads).routes());
  app.use(notFound(api));
  if (deps.staticDir) app.use(serveSpa(deps.staticDir));
  return app;
}
