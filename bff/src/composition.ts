import { DEV_CHAIN_IDS } from './chain/dev-keys.ts';
import type { PlatformChain } from './chain/platform-chain.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { CardExchange } from './providers/card-exchange.ts';
import type { CryptoGateway } from './providers/crypto-gateway.ts';
import { createBundledFeed, type FeedSource } from './providers/feed.ts';
import type { Mailer } from './providers/mail.ts';
import type { SmsProvider } from './providers/sms.ts';
import { createReactions } from './reactions.ts';
import { createActivityService } from './services/activity.ts';
import { createAccountService } from './services/accounts.ts';
import { createAuditLog } from './services/audit-log.ts';
import { createBackground, type Background } from './services/background.ts';
import { createBlogService } from './services/blog.ts';
import { createBrandTokenChain } from './services/brand-tokens/chain.ts';
import { reviewStakingPremium } from './services/brand-tokens/staking-premium.ts';
import { createBrandTokenService, type SendQueue } from './services/brand-tokens/service.ts';
import { createBrandService } from './services/brands.ts';
import { createBuybackService } from './services/buybacks.ts';
import { createContactService } from './services/contact.ts';
import { createContestAdmin } from './services/contest-admin.ts';
import { createContestService } from './services/contest.ts';
import { createIdempotency } from './services/idempotency.ts';
import { createLedger } from './services/ledger.ts';
import { createLinkPreview, type LinkPreview } from './services/link-preview.ts';
import { createNotifications } from './services/notifications.ts';
import { createReceipts } from './services/receipts.ts';
import type { PasswordHasher } from './services/passwords.ts';
import { createPaymentDesk } from './services/payment-desk/service.ts';
import { createPayoutService } from './services/payouts.ts';
import { createRateLimiter } from './services/rate-limits.ts';
import { createReferralService } from './services/referrals.ts';
import { createSaleStack } from './services/orders/sale-stack.ts';
import { createSessionService } from './services/sessions.ts';
import { createTreasurySendService } from './services/treasury-sends.ts';
import { createUploadService } from './services/uploads.ts';
import { createDocumentStore } from './services/verification-documents.ts';
import { createVerificationService } from './services/verification.ts';
import { createVoteService, type Clock } from './services/votes.ts';
import { createWalletProofService } from './services/wallet-proofs.ts';
import { createWalletService } from './services/wallet.ts';

/** The settings the services read (server.ts takes them from the validated env). */
export interface ServiceEnv {
  /** Origin of the web app, for links in e-mails and the providers' return URLs. */
  appUrl: string;
  /** Keys the SMS-code HMAC. */
  secret: string;
  /** Receives contact-form messages; default: operator@brnd.example. */
  operatorEmail?: string;
  /** A chain explorer's transaction page with `{hash}`; unset: no links in the payment desk. */
  explorerTxUrl?: string;
  /** The token sale's deposit settings; unset: the dev deposit key on anvil's chain id. */
  sale?: {
    depositXpub?: string;
    chainId?: number;
    ethConfirmations?: number;
    ethQuoteMs?: number;
  };
}

/** What the services talk to: storage, providers, queues and the clock. */
export interface ServiceAdapters {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  sms: SmsProvider;
  hasher: PasswordHasher;
  /** Work started after an answer (e.g. the reset e-mail); default: a fresh one. */
  background?: Background;
  /** The brand contest's clock (vote windows, contest months); tests move it. */
  clock?: Clock;
  /** The chain payouts, buybacks and brand tokens go out on; unset: those answer 503. */
  chain?: PlatformChain;
  /** Queues a claimed payout (jobs/payouts.ts); unset: claims are stored, nothing sends them. */
  enqueuePayout?: (payoutId: string) => Promise<void>;
  /** Test hook of the payout crash test (PAYOUT_PAUSE_BEFORE_BROADCAST_MS). */
  beforePayoutBroadcast?: (payoutId: string) => Promise<void>;
  /** Test hook of the payout crash test (PAYOUT_PAUSE_AFTER_BROADCAST_MS). */
  afterPayoutBroadcast?: (payoutId: string) => Promise<void>;
  /** Queues brand token chain sends (jobs/brand-tokens.ts); unset: issuing and minting answer 503. */
  brandTokenSends?: SendQueue;
  /** The blog's article feed; default: the bundled sample feed. */
  feed?: FeedSource;
  /** Fetches refer-a-brand previews; default: the real, SSRF-guarded fetcher. */
  linkPreview?: LinkPreview;
  /** The BTC payment gateway; unset: BTC orders answer 503. */
  gateway?: CryptoGateway;
  /** The card exchange; unset: card orders answer 503. */
  card?: CardExchange;
  /** USD per ETH quoted to buyers: a price feed, or a fixed price in tests. */
  usdPerEth?: number | (() => Promise<number>);
}

/**
 * The composition root: every service of the bff, each built once, and the reactions between
 * them (reactions.ts) wired here. server.ts, the test helpers and the benches build the bff
 * through this function; createApp only mounts routes over what it returns.
 */
export function createServices(env: ServiceEnv, adapters: ServiceAdapters) {
  const { db, logger, chain } = adapters;
  const background = adapters.background ?? createBackground(logger);
  const runInBackground = (name: string, work: () => Promise<void>) => background.run(name, work);
  const clock: Clock = adapters.clock ?? (() => new Date());
  const ledger = createLedger(db);
  const limiter = createRateLimiter(db);
  const sessions = createSessionService(db);
  const audit = createAuditLog(db);
  // Every e-mail and SMS to a person goes through this one object (its templates, its queue).
  const notifications = createNotifications({
    appUrl: env.appUrl,
    mailer: adapters.mailer,
    sms: adapters.sms,
  });

  const brandTokens = createBrandTokenService({
    db,
    ledger,
    logger,
    notifications,
    chain,
    queue: adapters.brandTokenSends,
    runInBackground,
  });
  const referrals = createReferralService({ db, ledger, limiter, logger });
  const receipts = createReceipts({ db, notifications });
  const reactions = createReactions({ brandTokens, referrals, receipts });

  const accounts = createAccountService({
    db,
    hasher: adapters.hasher,
    sessions,
    limiter,
    notifications,
    secret: env.secret,
    logger,
    referrals,
    onEmailVerified: reactions.emailVerified,
    // The SMS bounds count time on the app's clock, so tests move past a cooldown (decision 040).
    clock,
  });
  const votes = createVoteService({ db, clock, runInBackground });
  const brands = createBrandService({ db, votes, clock });
  const contest = createContestService({ db, ledger, clock });

  const { sales, orders } = createSaleStack({
    db,
    ledger,
    limiter,
    logger,
    appUrl: env.appUrl,
    ...env.sale,
    ...(adapters.gateway ? { gateway: adapters.gateway } : {}),
    ...(adapters.card ? { card: adapters.card } : {}),
    ...(adapters.usdPerEth !== undefined ? { usdPerEth: adapters.usdPerEth } : {}),
  });
  orders.onOrderPaid(reactions.orderPaid);

  const payouts = createPayoutService({
    db,
    ledger,
    chain,
    logger,
    enqueue: adapters.enqueuePayout ?? (async () => {}),
    ...(adapters.beforePayoutBroadcast ? { beforeBroadcast: adapters.beforePayoutBroadcast } : {}),
    ...(adapters.afterPayoutBroadcast ? { afterBroadcast: adapters.afterPayoutBroadcast } : {}),
  });
  payouts.onSent(reactions.payoutSent);
  const buybacks = createBuybackService({ db, chain, audit, logger });

  return {
    db,
    logger,
    background,
    clock,
    chain,
    ledger,
    limiter,
    sessions,
    audit,
    notifications,
    receipts,
    idempotency: createIdempotency(db),
    accounts,
    referrals,
    wallets: createWalletService({ db, ledger }),
    walletProofs: createWalletProofService({
      db,
      hasher: adapters.hasher,
      limiter,
      notifications,
      logger,
      appUrl: env.appUrl,
      // Without a chain (tests, a bare dev set-up) the message names the dev chain.
      chainId: chain?.chainId ?? DEV_CHAIN_IDS[0]!,
      clock,
    }),
    activities: createActivityService({ db }),
    /** Ends the staking bindings whose stake dropped (the brand-token jobs run it). */
    reviewStakingPremium: () => reviewStakingPremium({ db, chain, logger, notifications }),
    payouts,
    contact: createContactService({
      db,
      mailer: adapters.mailer,
      limiter,
      operatorEmail: env.operatorEmail ?? 'operator@brnd.example',
      logger,
    }),
    blog: createBlogService({ feed: adapters.feed ?? createBundledFeed(), logger }),
    votes,
    brands,
    contest,
    contestAdmin: createContestAdmin({ db, contest, audit, clock }),
    uploads: createUploadService(db),
    documents: createDocumentStore(db),
    preview: adapters.linkPreview ?? createLinkPreview(),
    verification: createVerificationService({
      db,
      audit,
      notifications,
      clock,
      onBrandVerified: reactions.brandVerified,
    }),
    sales,
    orders,
    paymentDesk: createPaymentDesk({
      db,
      ledger,
      orders,
      audit,
      logger,
      explorerTxUrl: env.explorerTxUrl,
      notifications,
    }),
    buybacks,
    treasurySends: createTreasurySendService({
      db,
      audit,
      logger,
      // Payouts and burns run again at once; brand token sends on their job's next retry.
      processors: chain
        ? { payouts: (id) => payouts.process(id), buybacks: (id) => buybacks.process(id) }
        : {},
      runInBackground,
    }),
    brandTokens,
    /** Deploys, mints and the supply check; only with a chain. */
    brandTokenChain: chain ? createBrandTokenChain({ db, ledger, chain, logger }) : undefined,
  };
}

export type Services = ReturnType<typeof createServices>;
