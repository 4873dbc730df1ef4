import { activityRoutes } from './http/activity.ts';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Context, type DefaultState, type Middleware, type Next } from 'koa';
import compose from 'koa-compose';
import type { SiteConfig } from '@brnd/contracts/api/site';
import type { DevService } from '@brnd/contracts/api/wallet';
import { devOutbox } from '@brnd/contracts/api/dev';
import { accountRoutes } from './http/accounts.ts';
import { adminRoutes } from './http/admin.ts';
import { adminContestRoutes } from './http/admin-contest.ts';
import { adminVerificationRoutes } from './http/admin-verification.ts';
import { adminPaymentRoutes } from './http/admin-payments.ts';
import { brandTokenCsvBody, brandTokenRoutes } from './http/brand-tokens.ts';
import { buybackRoutes } from './http/buybacks.ts';
import { adminTreasuryRoutes } from './http/admin-treasury.ts';
import { contentRoutes } from './http/content.ts';
import { devRouter } from './http/dev-outbox.ts';
import { errorBody } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { frontDoor } from './http/front-door.ts';
import { logKoaError } from './http/request-id.ts';
import { eventStreamRouter } from './http/event-streams.ts';
import { API_DOCS_PAGE, apiDocsRouter } from './http/api-docs.ts';
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
import { referralRoutes } from './http/referrals.ts';
import { createSessionCookies } from './http/session-cookie.ts';
import { mountRoutes } from './http/route.ts';
import { routesByPrefix } from './http/route-index.ts';
import { securityHeaders } from './http/security.ts';
import { isServerPath } from './http/server-paths.ts';
import { siteRoutes } from './http/site.ts';
import { smsStatusRouter } from './http/sms-status.ts';
import { serveSpa } from './http/static.ts';
import { devInfoRouter } from './http/dev-info.ts';
import { loopbackHostRedirect } from './http/dev-host.ts';
import { walletRoutes } from './http/wallet.ts';
import { DEFAULT_SITE_CONFIG } from './services/site.ts';
import type { Services } from './composition.ts';
import { brandRoutes, brandUploadBody, uploadsRouter } from './http/brands.ts';

export interface AppDeps {
  /** Every service, built once by the composition root (composition.ts). */
  services: Services;
  /** Verifies Twilio's delivery reports (http/sms-status.ts); unset: no callback route. */
  smsStatus?: { authToken: string; callbackUrl: string };
  /** Origin of the web app (the session cookie's scope). */
  appUrl: string;
  /** Production hides /dev/* and turns on HSTS. */
  production: boolean;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** The built web app; unset serves the API only. */
  staticDir?: string;
  /** Listed at /dev/info: what runs embedded and where (filled in as the server starts). */
  devServices?: readonly DevService[];
  /** Served at /api/site; default: the demo companies. */
  site?: SiteConfig;
  /** The card provider's public URL: the buy page calls it from the browser (CSP connect-src). */
  cardProviderUrl?: string;
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
/** The methods whose body the body parser reads; requests with any other skip every reader. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The middlewares that only read or answer requests with a body, in order, behind one check: a
 * GET passes them all in one step (each step through Koa's chain is a promise of its own).
 */
function forBodies(middlewares: Middleware<DefaultState, never>[]): Middleware {
  // Each takes its own context type (a router's adds params); all get Koa's context here.
  const chain = compose(middlewares as Middleware[]);
  return (ctx, next) => (BODY_METHODS.has(ctx.method) ? chain(ctx, next) : next());
}

/** Unknown /api and /dev paths answer JSON, with 405 when the path exists for another method. */
function notFound(router: Router) {
  return async function answerNotFound(ctx: Context, next: Next) {
    if (!isServerPath(ctx.path)) return next();
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
  const { production } = deps;
  const { db, logger } = deps.services;
  const trustProxy = deps.trustProxy ?? false;
  // Only the address our own proxy appended counts: earlier X-Forwarded-For entries are whatever
  // the client wrote, and login throttling per IP must not be dodged by inventing them.
  const app = new Koa({ proxy: trustProxy, maxIpsCount: trustProxy ? 1 : 0 });
  // Errors are answered and logged by the front door; this catches what happens outside requests.
  app.silent = true;
  app.on('error', logKoaError(logger));
  const metrics = deps.metrics ?? createMetrics({ db });
  const { services } = deps;
  const { background, sessions, limiter, clock, chain, audit, uploads } = services;
  const runInBackground = (name: string, work: () => Promise<void>) => background.run(name, work);
  const sessionCookies = createSessionCookies({ production, appUrl: deps.appUrl });
  const site = deps.site ?? DEFAULT_SITE_CONFIG;
  const api = new Router();
  mountRoutes(
    api,
    [
      ...healthRoutes({ db, logger }),
      ...accountRoutes({ accounts: services.accounts, sessionCookies, runInBackground }),
      ...walletRoutes({
        wallets: services.wallets,
        proofs: services.walletProofs,
        payouts: services.payouts,
        idempotency: services.idempotency,
      }),
      ...activityRoutes({ activities: services.activities }),
      ...orderRoutes({
        sources: [payoutTransactions(services.payouts), saleTransactions(services.orders)],
        orders: services.orders,
        idempotency: services.idempotency,
      }),
      ...saleRoutes({ sales: services.sales }),
      ...siteRoutes(site),
      ...referralRoutes({ referrals: services.referrals }),
      ...contentRoutes({ contact: services.contact, blog: services.blog }),
      ...brandRoutes({
        limiter,
        votes: services.votes,
        uploads,
        documents: services.documents,
        brands: services.brands,
        contest: services.contest,
        preview: services.preview,
        notifications: services.notifications,
      }),
      ...adminRoutes({ audit }),
      ...adminVerificationRoutes({ verification: services.verification }),
      ...adminContestRoutes({ contest: services.contestAdmin }),
      ...adminPaymentRoutes({
        desk: services.paymentDesk,
        payouts: services.payouts,
        sales: services.sales,
        audit,
        explorerTxUrl: deps.explorerTxUrl ?? null,
      }),
      ...adminTreasuryRoutes({
        sends: services.treasurySends,
        explorerTxUrl: deps.explorerTxUrl ?? null,
      }),
      ...buybackRoutes({ buybacks: services.buybacks, runInBackground }),
      ...brandTokenRoutes({ brandTokens: services.brandTokens, db, chain }),
    ],
    sessions,
    sessionCookies,
    // An undeclared error fails development and tests; production logs it and still answers.
    { strict: !production, logger },
  );

  // Request id, log context, error answers, latency: whatever follows runs inside all four.
  app.use(frontDoor({ logger, metrics }));
  app.use(metrics.endpoint(deps.metricsToken));
  app.use(readiness({ db, chain, logger, draining: deps.draining ?? (() => false) }));
  app.use(
    securityHeaders({
      production,
      jobBoardScriptUrl: site.jobBoardScriptUrl,
      connectOrigins: deps.cardProviderUrl ? [new URL(deps.cardProviderUrl).origin] : [],
      pagesUnderApi: [API_DOCS_PAGE, devOutbox.path],
    }),
  );
  if (!production) app.use(loopbackHostRedirect(deps.appUrl));
  app.use(
    routesByPrefix(
      eventStreamRouter({
        live: deps.liveEvents,
        sessions,
        sessionCookies,
        orders: services.orders,
        sales: services.sales,
        clock,
        metrics,
        logger,
      }),
    ),
  );
  app.use(routesByPrefix(apiDocsRouter()));
  if (!production) app.use(devRouter(db).routes());
  if (!production) app.use(devInfoRouter(chain, deps.devServices).routes());
  app.use(
    forBodies([
      // Signed provider notifications need their raw bytes: before the body parser.
      providerWebhooks(services.orders, limiter).routes(),
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
      ...(deps.smsStatus ? [smsStatusRouter({ db, logger, ...deps.smsStatus }).routes()] : []),
      brandUploadBody(),
      brandTokenCsvBody(),
    ]),
  );
  app.use(routesByPrefix(api));
  app.use(uploadsRouter(uploads).routes());
  app.use(notFound(api));
  if (deps.staticDir) app.use(serveSpa(deps.staticDir));
  return app;
}
