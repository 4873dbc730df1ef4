import { waitDuration } from '@brnd/contracts/domain/durations';
import { type User } from '@brnd/contracts/api/accounts';
import type { Buyback } from '@brnd/contracts/api/burns';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import type { OutboxMessage } from '@brnd/contracts/api/dev';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import { isListedPublicly } from '@brnd/contracts/domain/verification';
import {
  EMAIL_CODE_LIFETIME_MS,
  MAX_BRAND_CARDS,
  SMS_CODE_LIFETIME_MS,
  BRAND_THROTTLE_WINDOW_MS,
  VOTE_WINDOW_MS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import { claimSmsSend } from '../sms-bounds.ts';
import { localText } from '../messages.ts';
import { liveSaleSettings, type SaleSettings } from '../sale.ts';
import { type FakeSeed } from '../seed.ts';
import { type TreasuryHost } from '../admin-treasury.ts';
import { type ChallengeRecord, type ProofHost } from '../wallet-proofs.ts';
import { createPaymentDeskFake } from '../admin-payments.ts';
import { creditReferral, findReferralLink } from '../referrals.ts';
import {
  DAY,
  TRENDING_WINDOW_MS,
  FakeError,
  type UserRecord,
  type CodePurpose,
  type CodeRecord,
  type BrandRecord,
  type VoteRecord,
  type FakeState,
  type FakeOptions,
  randomCode,
  randomDigits,
  randomHex,
  contestMonth,
  recordActivity,
  listStatus,
} from './records.ts';
import { seededState } from './seeded-state.ts';
import { fakeOrderViews } from './order-views.ts';

/**
 * What every part of the fake shares: the clock, the state, the outbox, throttles and the
 * lookups and views the bff keeps in its services. The parts (accounts, brands, orders …) each
 * take this core and return their operations; fake.ts composes them.
 */
export function createFakeCore(seed: FakeSeed, options: FakeOptions) {
  const now = options.now ?? (() => Date.now());
  const appUrl = (
    options.appUrl ?? (typeof location === 'undefined' ? 'http://localhost:3000' : location.origin)
  ).replace(/\/$/, '');

  let state = seededState(seed, now(), appUrl);

  function saleSettings(): SaleSettings {
    return (state.sale ??= liveSaleSettings(now(), appUrl));
  }

  /** USD of paid orders: crypto orders at status 3 and card orders confirmed by the provider. */
  function raisedUsd(): number {
    return (
      state.orders
        .filter((order) => listStatus(order) === 'Confirmed')
        .reduce((total, order) => total + order.value, 0) + paymentDesk.resolvedUsd()
    );
  }

  /* ---- messages */

  /** Appends what an operator did, as the bff's append-only admin_audit_log does. */
  function recordAudit(actor: UserRecord, action: string, subject = '', details = {}) {
    state.auditLog.push({
      id: String(state.auditLog.length + 1),
      created_at: new Date(now()).toISOString(),
      actor_email: actor.email,
      action,
      subject,
      details,
    });
  }

  // The fake "mines" a burn or a payout a second after it was sent, timed on a clock of its own:
  // in Storybook the story clock stands still (decision 053), and a chain does not.
  const chainClock = options.now ?? (() => performance.now());
  const sentAt = new Map<string, number>();
  function markSent(id: string) {
    sentAt.set(id, chainClock());
  }
  function minedYet(id: string): boolean {
    if (!sentAt.has(id)) markSent(id);
    return chainClock() - sentAt.get(id)! >= 1_000;
  }

  /** Newest first; a burn the fake "mines" a second after it was recorded. */
  function buybacksNewestFirst(): Buyback[] {
    for (const buyback of state.buybacks) {
      if (buyback.status === 'pending' && minedYet(buyback.id)) {
        Object.assign(buyback, { status: 'confirmed', tx_hash: `0x${randomHex(32)}` });
      }
    }
    return [...state.buybacks].reverse();
  }

  /**
   * A payout the fake "mines" a second after it was claimed, as buybacks: confirmed, and its
   * receipt mailed once, worded by the bff's template's keys (docs/decisions/044).
   */
  function settlePayouts() {
    for (const payout of state.payouts ?? []) {
      if (payout.status !== 'pending' || !minedYet(payout.id)) continue;
      const txHash = `0x${randomHex(32)}`;
      Object.assign(payout, { status: 'confirmed', txHash });
      const owner = userById(payout.userId);
      const values = {
        tokens: Math.floor(payout.brnd_tokens),
        address: payout.walletAddress,
        txHash,
        date: new Date(now()).toISOString().slice(0, 10),
      };
      send({
        channel: 'email',
        to: owner.email,
        subject: localText(owner.language, 'email.payoutReceipt.subject', values),
        text: [
          localText(owner.language, 'email.greeting', { name: owner.name }),
          localText(owner.language, 'email.payoutReceipt.body', values),
          localText(owner.language, 'email.payoutReceipt.transaction', values),
          localText(owner.language, 'email.payoutReceipt.keep'),
        ].join('\n\n'),
      });
    }
  }

  function send(message: Omit<OutboxMessage, 'createdAt' | 'html'>) {
    // The fake writes the text part only; the bff's templates render the HTML.
    state.outbox.unshift({ ...message, html: null, createdAt: new Date(now()).toISOString() });
  }

  function issueCode(
    userId: number,
    purpose: CodePurpose,
    lifetimeMs: number,
    code = randomCode(),
  ): string {
    state.codes.push({ code, userId, purpose, expiresAt: now() + lifetimeMs, used: false });
    return code;
  }

  /**
   * Counts a hit in a fixed window, like the bff's rate_limits rows: allowed while the window
   * holds at most `limit` hits.
   */
  function hit(key: string, limit: number, windowMs: number) {
    const current = state.limits[key];
    const entry =
      current && current.resetAt > now() ? current : { hits: 0, resetAt: now() + windowMs };
    entry.hits += 1;
    state.limits[key] = entry;
    return {
      allowed: entry.hits <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)),
    };
  }

  /**
   * As the bff: an account adds and refers a bounded number of brands a day; an attempt the
   * `check` refuses gives its hit back.
   */
  function withinDailyBrandLimit(key: string, limit: number, messageId: string, check: () => void) {
    const result = hit(key, limit, BRAND_THROTTLE_WINDOW_MS);
    if (!result.allowed) {
      throw new FakeError(429, messageId, {
        values: { limit, hours: Math.ceil(result.retryAfterSeconds / 3600) },
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    try {
      check();
    } catch (error) {
      refund(key);
      throw error;
    }
  }

  function refund(key: string) {
    const entry = state.limits[key];
    if (entry && entry.hits > 0) entry.hits -= 1;
  }

  function tooManyAttempts(retryAfterSeconds: number, messageId = 'errors.tooManyAttempts') {
    return new FakeError(429, messageId, {
      values: { seconds: retryAfterSeconds, ...waitDuration(retryAfterSeconds) },
      retryAfterSeconds,
    });
  }

  function sendVerificationMail(user: UserRecord) {
    const code = issueCode(user.id, 'email', EMAIL_CODE_LIFETIME_MS);
    send({
      channel: 'email',
      to: user.email,
      subject: localText(user.language, 'email.verify.subject'),
      text: [
        localText(user.language, 'email.greeting', { name: user.name }),
        localText(user.language, 'email.verify.body'),
        pageLink(appUrl, APP_PAGES.verifyEmail, { params: { code }, language: user.language }),
        localText(user.language, 'email.verify.validity', {
          days: Math.round(EMAIL_CODE_LIFETIME_MS / DAY),
        }),
      ].join('\n\n'),
    });
  }

  /** Refused by a bound, nothing changes: the stored number stays as it was. */
  function sendSmsCode(user: UserRecord, mobile = user.mobile) {
    const refusal = claimSmsSend(state.smsSends, { userId: user.id, mobile, at: now() });
    if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds, refusal.messageId);
    user.mobile = mobile;
    const code = randomDigits(4);
    state.smsCodes = state.smsCodes.filter((sms) => sms.userId !== user.id);
    state.smsCodes.push({
      userId: user.id,
      code,
      expiresAt: now() + SMS_CODE_LIFETIME_MS,
      attempts: 0,
    });
    send({
      channel: 'sms',
      to: user.mobile,
      subject: '',
      text: localText(user.language, 'sms.code', { code }),
    });
  }

  /* ---- lookups */

  function userByEmail(email: string): UserRecord | undefined {
    const wanted = email.toLowerCase();
    return state.users.find((user) => user.email.toLowerCase() === wanted);
  }

  const paymentDesk = createPaymentDeskFake(
    {
      state: () => state,
      now,
      saleSettings,
      setSaleSettings: (settings) => {
        state.sale = settings;
      },
      recordAudit: (actor, action, subject, details) =>
        recordAudit(userById(actor.id), action, subject, details),
      recordActivity: (userId, kind, tokens, source) =>
        recordActivity(state, userId, now(), kind, tokens, source),
    },
    (status, messageId) => new FakeError(status, messageId),
  );

  function userById(id: number): UserRecord {
    const user = state.users.find((candidate) => candidate.id === id);
    if (!user) throw new FakeError(401, 'errors.unauthorized');
    return user;
  }

  function liveCode(code: string, purposes: CodePurpose[]): CodeRecord | undefined {
    return state.codes.find(
      (record) =>
        record.code === code &&
        purposes.includes(record.purpose) &&
        !record.used &&
        record.expiresAt > now(),
    );
  }

  /**
   * A confirmed e-mail code, or a login's phone-step code, carries the phone steps until the
   * phone is verified.
   */
  function phoneStepUser(code: string): UserRecord {
    const record = liveCode(code, ['phoneStep']);
    const user = record && userById(record.userId);
    if (!user || user.phoneVerified) throw new FakeError(400, 'errors.linkInvalid');
    return user;
  }

  function toUser(user: UserRecord): User {
    return {
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      address: user.address,
      language: user.language,
    };
  }

  function revokeSessions(userId: number) {
    state.sessions = state.sessions.filter((session) => session.userId !== userId);
  }

  /* ---- brands */

  function currentVotes(brand: BrandRecord): number | null {
    return brand.votesMonth === contestMonth(now()) ? brand.votes : null;
  }

  function windowVotes(userId: number): VoteRecord[] {
    const since = now() - VOTE_WINDOW_MS;
    return state.votes.filter((vote) => vote.userId === userId && vote.at > since);
  }

  function toBrand(brand: BrandRecord, viewer: UserRecord | null): Brand {
    const {
      createdAt: _c,
      createdBy: _b,
      ownerId: _o,
      verificationStatus: _v,
      verificationSubmittedAt: _s,
      votesMonth: _m,
      recentVotes: _r,
      ...row
    } = brand;
    const recent = viewer ? windowVotes(viewer.id) : [];
    return {
      ...row,
      votes: currentVotes(brand),
      voted: recent.some((vote) => vote.brandId === brand.id) ? 1 : 0,
      can_vote: recent.length >= VOTES_PER_WINDOW ? '0' : '1',
    };
  }

  function trendScore(brand: BrandRecord): number {
    const since = now() - TRENDING_WINDOW_MS;
    return (
      brand.recentVotes +
      state.votes.filter((vote) => vote.brandId === brand.id && vote.at > since).length
    );
  }

  function listing(
    viewer: UserRecord | null,
    order: (a: BrandRecord, b: BrandRecord) => number,
    { limit = MAX_BRAND_CARDS, industry }: { limit?: number; industry?: string } = {},
  ) {
    const rows = state.brands
      .filter((brand) => listed(brand) && (!industry || brand.industry === industry))
      .sort(order)
      .slice(0, limit);
    return { brands: { rows: rows.map((brand) => toBrand(brand, viewer)) } };
  }

  /** The public lists' rule (decision 041); the seed's brands, with no status, are verified. */
  function listed(brand: BrandRecord): boolean {
    return isListedPublicly({
      hasOwner: brand.ownerId != null,
      verificationStatus: brand.verificationStatus ?? 'verified',
    });
  }

  function ensureNewWebsite(website: string) {
    if (state.brands.some((brand) => brand.website === website)) {
      throw new FakeError(409, 'errors.brandExists', { errors: { website: 'errors.brandExists' } });
    }
  }

  /** Pays the owner of the link `code` names for what `referred` did, unless it is them. */
  function rewardReferral(
    code: string | undefined,
    tokens: number,
    kind: 'signup' | 'brand',
    referred: UserRecord,
  ) {
    // A sign-up was attributed when it happened; a brand's code is read when it is verified.
    const link = findReferralLink(state.referralLinks, code, { evenArchived: kind === 'signup' });
    if (!link) return;
    const referrer = userById(link.userId);
    const party = (user: UserRecord) => ({
      email: user.email,
      mobile: user.mobile,
      walletAddress: user.wallet.walletAddress,
    });
    const paid = creditReferral(
      link,
      { referrer: party(referrer), referred: party(referred) },
      { tokens, signup: kind === 'signup' },
    );
    if (paid) {
      referrer.wallet.brnd_tokens += tokens;
      recordActivity(state, referrer.id, now(), 'referral_reward', tokens, {
        type: 'referrals',
        id: link.code,
      });
    }
  }

  const { toCryptoOrder, toTransaction, mailPurchaseReceipt, applyOrderStatus, ownOrder } =
    fakeOrderViews({
      get state() {
        return state;
      },
      now,
      saleSettings,
      send,
      userById,
    });

  const treasuryHost = (operator: UserRecord): TreasuryHost => ({
    payouts: () => (state.payouts ??= []),
    versions: () => ((state.extensions ??= {}).treasuryVersions ??= {}) as Record<string, number>,
    now,
    recordAudit: (action, subject, details) => recordAudit(operator, action, subject, details),
    fail: (status, messageId) => new FakeError(status, messageId),
  });

  const proofHost: ProofHost = {
    appUrl,
    now,
    challenges: () => ((state.extensions ??= {}).walletChallenges ??= []) as ChallengeRecord[],
    sendMail: (to, subject, text) => send({ channel: 'email', to, subject, text }),
  };

  return {
    /** The state now: reset and import replace it, so parts read it here each time. */
    get state(): FakeState {
      return state;
    },
    set state(value: FakeState) {
      state = value;
      sentAt.clear();
    },
    fresh: () => seededState(seed, now(), appUrl),
    now,
    appUrl,
    saleSettings,
    raisedUsd,
    recordAudit,
    buybacksNewestFirst,
    markSent,
    settlePayouts,
    send,
    issueCode,
    hit,
    withinDailyBrandLimit,
    refund,
    tooManyAttempts,
    sendVerificationMail,
    sendSmsCode,
    userByEmail,
    paymentDesk,
    userById,
    liveCode,
    phoneStepUser,
    toUser,
    revokeSessions,
    currentVotes,
    windowVotes,
    toBrand,
    trendScore,
    listing,
    listed,
    ensureNewWebsite,
    rewardReferral,
    toCryptoOrder,
    toTransaction,
    mailPurchaseReceipt,
    applyOrderStatus,
    ownOrder,
    treasuryHost,
    proofHost,
  };
}

export type FakeCore = ReturnType<typeof createFakeCore>;
