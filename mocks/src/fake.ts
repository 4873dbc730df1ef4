import { waitDuration } from '@brnd/contracts/domain/durations';
import { AUTH_SUCCESS, SUCCESS, type User } from '@brnd/contracts/api/accounts';
import type { AuditEntry } from '@brnd/contracts/api/admin';
import type { Buyback } from '@brnd/contracts/api/burns';
import type { Brand, FavouriteBrand } from '@brnd/contracts/api/brand-listings';
import type { ContestWinner } from '@brnd/contracts/api/brands';
import type { OutboxMessage } from '@brnd/contracts/api/dev';
import type { ActivityKind, ActivityRow } from '@brnd/contracts/api/activity';
import type { Language } from '@brnd/contracts/domain/constants';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import type { CryptoOrder, Transaction } from '@brnd/contracts/api/orders';
import type { ReferralTarget } from '@brnd/contracts/domain/referrals';
import { isListedPublicly, type VerificationStatus } from '@brnd/contracts/domain/verification';
import { voteWait } from '@brnd/contracts/domain/votes';
import {
  SALE_ALLOCATION_TOKENS,
  payoutAsTransaction,
  type Payout,
  type Wallet,
} from '@brnd/contracts/api/wallet';
import {
  AUDIT_LOG_PAGE_SIZE,
  CONTEST_TIME_ZONE,
  EMAIL_CODE_LIFETIME_MS,
  EMAIL_RESEND_INTERVAL_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_THROTTLE_WINDOW_MS,
  MAX_BRAND_CARDS,
  PASSWORD_CHANGE_FAILURES,
  PHONE_STEP_CODE_LIFETIME_MS,
  CARD_RETRY_GAP_MS,
  MAX_OPEN_ORDERS_PER_METHOD,
  ORDER_EXPIRY_MS,
  ORDER_STATUS,
  REFERRAL_CLICK_WINDOW_MS,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  RESET_CODE_LIFETIME_MS,
  RESET_EMAILS_PER_HOUR,
  SESSION_LIFETIME_MS,
  SMS_CODE_LIFETIME_MS,
  SMS_CODE_MAX_ATTEMPTS,
  BRAND_THROTTLE_WINDOW_MS,
  BRANDS_ADDED_PER_DAY,
  BRANDS_REFERRED_PER_DAY,
  SIGNUP_THROTTLE_WINDOW_MS,
  SIGNUPS_PER_EMAIL,
  SIGNUPS_PER_IP,
  VOTE_WINDOW_MS,
  VOTES_PER_BRAND_PER_WINDOW,
  type Role,
  VOTES_PER_WINDOW,
  wholeTokens,
  type CryptoPayMethod,
  type OrderStatusCode,
  type TransactionStatus,
} from '@brnd/contracts/domain/constants';
import { claimSmsSend, type SmsSend } from './sms-bounds.ts';
import {
  CARD_TRANSACTION_STATUS,
  orderTransactionStatus,
  tokensForPln,
  tokensForUsd,
  type PaymentException,
} from '@brnd/contracts/domain/sale';
import { localText } from './messages.ts';
import {
  cryptoOrderView,
  liveSaleSettings,
  quoteCryptoAmount,
  salePrice,
  saleView,
  type MockCryptoPayment,
  type SaleSettings,
} from './sale.ts';
import { demoSeed, logoDataUrl, type FakeSeed, type SeedBrand } from './seed.ts';
import { fakeRetryTreasurySend, fakeTreasurySends, type TreasuryHost } from './admin-treasury.ts';
import type { TreasurySource } from '@brnd/contracts/api/admin-treasury';
import {
  fakeUpdateWallet,
  fakeWalletChallenge,
  type ChallengeRecord,
  type ProofHost,
} from './wallet-proofs.ts';
import { createPaymentDeskFake, type DeskState } from './admin-payments.ts';
import {
  addressKey,
  nameFromDomain,
  seededWinners,
  voteStatusFrom,
  type CompanyRecord,
} from './brands.ts';
import {
  createReferralLink,
  creditReferral,
  findReferralLink,
  type ReferralLinkRecord,
} from './referrals.ts';

/**
 * A stateful in-memory stand-in for the whole BRND API, with the same rules as the bff: accounts
 * and their verification steps, sessions, codes and throttling, the outbox, wallet, orders,
 * referrals, brands and votes. No HTTP here: handlers.ts maps requests onto these methods.
 * The state is plain JSON, so the browser worker can keep it across page loads.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TRENDING_WINDOW_MS = 7 * DAY;

type ListingQuery = { limit?: number; industry?: string };

export const NEEDS_PHONE_MESSAGE = 'Please verify your phone number to finish signing up.';

/** A refusal with the status and message id the real server answers with. */
export class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly messageId: string,
    readonly details: {
      values?: Record<string, string | number>;
      errors?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(messageId);
    this.name = 'FakeError';
  }
}

interface UserRecord {
  id: number;
  name: string;
  email: string;
  mobile: string;
  address: string;
  password: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  referralCode: string;
  /** The referral link the account signed up through. */
  referredVia?: string;
  role: Role;
  wallet: Wallet;
  /** The language of the account's e-mails and SMS. */
  language: Language;
}

type CodePurpose = 'email' | 'phoneStep' | 'reset';

interface CodeRecord {
  code: string;
  userId: number;
  purpose: CodePurpose;
  expiresAt: number;
  used: boolean;
}

interface SmsRecord {
  userId: number;
  code: string;
  expiresAt: number;
  attempts: number;
}

interface OrderRecord {
  userId: number;
  uuid: string;
  method: 'BTC' | 'ETH' | 'PLN';
  /** USD. */
  value: number;
  /** USD per BRND the order was priced at. */
  price: number;
  tokens: number;
  createdAt: number;
  /** Crypto orders only. */
  crypto?: MockCryptoPayment;
  /** Card orders only. */
  cardStatus?: TransactionStatus;
}

interface CardTransactionRecord {
  cashTxHash: string;
  fiatValue: number;
  tokens: number;
  secondStepUrl: string;
}

interface BrandRecord extends Omit<Brand, 'voted' | 'can_vote'> {
  createdAt: number;
  createdBy: number | null;
  /**
   * The account that registered the brand through My brands (the bff's `owner_id`); a brand
   * referred from the voting page has none. Missing in states saved before it existed.
   */
  ownerId?: number | null;
  /** The operators' verification (migration 0053); missing means accepted, as the seed's are. */
  verificationStatus?: BrandVerificationStatus;
  /**
   * When the owner last sent it for verification (migration 0065): set when a rejected or revoked
   * brand is sent again; missing means when it was created.
   */
  verificationSubmittedAt?: number;
  /** The referral code it was added with: the referrer is paid once it is verified (decision 041). */
  referralCode?: string | undefined;
  referralRewarded?: boolean;
  /** The contest month (YYYY-MM, Warsaw time) `votes` counts. */
  votesMonth: string;
  recentVotes: number;
}

export type BrandVerificationStatus = VerificationStatus;

interface VoteRecord {
  userId: number;
  brandId: number;
  at: number;
}

interface FakeState {
  nextId: number;
  users: UserRecord[];
  /** Newest last, as the operators acted. */
  auditLog: AuditEntry[];
  buybacks: Buyback[];
  sessions: { token: string; userId: number; expiresAt: number }[];
  codes: CodeRecord[];
  smsCodes: SmsRecord[];
  /** Every SMS code sent, for the bounds of decision 040 (the bff's sms_sends). */
  smsSends: SmsSend[];
  /** Fixed-window counters (login, password change, resends), as the bff's rate_limits table. */
  limits: Record<string, { hits: number; resetAt: number }>;
  outbox: OutboxMessage[];
  orders: OrderRecord[];
  cardTransactions: CardTransactionRecord[];
  referralLinks: ReferralLinkRecord[];
  brands: BrandRecord[];
  votes: VoteRecord[];
  contactMessages: {
    name: string;
    email: string;
    website: string;
    country: string;
    text: string;
  }[];
  newsletter: string[];
  /** Payouts to wallets; the fake never sends them, so they stay pending. */
  payouts?: (Payout & { userId: number })[];
  /** Closed contest months, newest first (missing in states saved before it existed). */
  winners?: ContestWinner[];
  /** New brand account (company) registrations. */
  companies?: CompanyRecord[];
  /** The token sale's configuration (missing in states saved before it existed). */
  sale?: SaleSettings;
  /** The console's payment records and decisions (mocks/src/admin-payments.ts). */
  paymentDesk?: DeskState;
  /** Every movement of a user's BRND balance, oldest first (the bff reads it from its ledger). */
  activity?: (ActivityRow & { userId: number })[];
  /** State of features kept in their own files (brand tokens), by feature; see `extension`. */
  extensions?: Record<string, unknown>;
}

export interface FakeOptions {
  /** Origin of the app, for the links in e-mails. */
  appUrl?: string;
  /** The clock; tests move it to cross code lifetimes and vote windows. */
  now?: () => number;
}

/* ---------------------------------------------------------------- random values */

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** URL-safe base64 of 32 random bytes: 43 characters, like the bff's codes and tokens. */
export function randomCode(): string {
  let binary = '';
  for (const byte of randomBytes(32)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomDigits(count: number): string {
  return Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
}

function randomHex(bytes: number): string {
  return Array.from(randomBytes(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomReferralCode(): string {
  return Array.from(randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

function randomUuid(): string {
  const hex = randomHex(16).split('');
  hex[12] = '4';
  hex[16] = '89ab'[parseInt(hex[16] ?? '0', 16) % 4] ?? '8';
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function blockchainAddress(method: CryptoPayMethod): string {
  if (method === 'ETH') return `0x${randomHex(20)}`;
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  return `bc1q${Array.from(randomBytes(38), (byte) => alphabet[byte % 32]).join('')}`;
}

/* ---------------------------------------------------------------- helpers */

const contestMonthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONTEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

function contestMonth(at: number): string {
  return contestMonthFormat.format(new Date(at));
}

/** Records a movement of a user's balance, as the bff's ledger would (GET /api/user/activity). */
export function recordActivity(
  target: Pick<FakeState, 'activity' | 'nextId'>,
  userId: number,
  at: number,
  kind: ActivityKind,
  tokens: number,
  source: ActivityRow['source'] = null,
) {
  (target.activity ??= []).push({
    id: `activity-${target.nextId++}`,
    at: new Date(at).toISOString(),
    kind,
    brnd_tokens: tokens,
    source,
    userId,
  });
}

/** The transactions list names the gateway statuses in words. */
function listStatus(order: OrderRecord): TransactionStatus {
  if (order.cardStatus) return order.cardStatus;
  return orderTransactionStatus(order.crypto?.status ?? ORDER_STATUS.NEW);
}

function brandRecord(seed: SeedBrand, id: number, now: number): BrandRecord {
  return {
    id,
    name: seed.name,
    website: seed.website,
    description: seed.description,
    image_url: logoDataUrl(seed.name, seed.color),
    votes: seed.votes,
    industry: seed.industry,
    token_ticker: seed.token_ticker,
    no_of_employees: seed.no_of_employees,
    address1: seed.address1,
    city: seed.city,
    state: seed.state,
    postal_code: seed.postal_code,
    country: seed.country,
    operating_address: `${seed.address1}, ${seed.postal_code} ${seed.city}`,
    referral_code: null,
    facebook: seed.facebook ?? null,
    twitter: seed.twitter ?? null,
    instagram: seed.instagram ?? null,
    linkedin: seed.linkedin ?? null,
    createdAt: now - seed.ageMs,
    createdBy: null,
    ownerId: null,
    verificationStatus: 'verified',
    votesMonth: contestMonth(now),
    recentVotes: seed.recentVotes,
  };
}

async function fileToDataUrl(file: Blob): Promise<string> {
  let binary = '';
  for (const byte of new Uint8Array(await file.arrayBuffer())) binary += String.fromCharCode(byte);
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/* ---------------------------------------------------------------- the fake */

export type Fake = ReturnType<typeof createFake>;

export function createFake(seed: FakeSeed = demoSeed, options: FakeOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const appUrl = (
    options.appUrl ?? (typeof location === 'undefined' ? 'http://localhost:3000' : location.origin)
  ).replace(/\/$/, '');

  let state = seededState();

  function seededState(): FakeState {
    const at = now();
    const fresh: FakeState = {
      nextId: 1,
      users: [],
      auditLog: [],
      buybacks: [],
      sessions: [],
      codes: [],
      smsCodes: [],
      smsSends: [],
      limits: {},
      outbox: [],
      orders: [],
      cardTransactions: [],
      referralLinks: [],
      brands: [],
      votes: [],
      contactMessages: [],
      newsletter: [],
      sale: liveSaleSettings(at, appUrl),
    };
    const seedPrice = salePrice(fresh.sale as SaleSettings);
    for (const brand of seed.brands) fresh.brands.push(brandRecord(brand, fresh.nextId++, at));
    for (const buyback of seed.buybacks ?? []) {
      fresh.buybacks.push({
        id: `buyback-${buyback.quarter}`,
        quarter: buyback.quarter,
        subscription_profit_usd: buyback.subscription_profit_usd,
        buyback_usd: buyback.buyback_usd,
        brnd_burned: buyback.brnd_burned,
        status: 'confirmed',
        tx_hash: `0x${randomHex(32)}`,
        error: null,
        created_at: new Date(at - buyback.ageMs).toISOString(),
      });
    }
    for (const entry of [...(seed.auditLog ?? [])].sort((x, y) => y.ageMs - x.ageMs)) {
      fresh.auditLog.push({
        id: String(fresh.auditLog.length + 1),
        created_at: new Date(at - entry.ageMs).toISOString(),
        actor_email: entry.actor,
        action: entry.action,
        subject: entry.subject,
        details: entry.details ?? {},
      });
    }
    for (const seedUser of seed.users) {
      const user: UserRecord = {
        id: fresh.nextId++,
        name: seedUser.name,
        email: seedUser.email,
        mobile: seedUser.mobile,
        address: seedUser.address,
        password: seedUser.password,
        emailVerified: seedUser.emailVerified,
        phoneVerified: seedUser.phoneVerified,
        referralCode: seedUser.referralCode,
        role: seedUser.role ?? 'user',
        language: seedUser.language ?? 'en',
        wallet: {
          amount: 0,
          brnd_tokens: seedUser.bonusTokens ?? 0,
          walletAddress: seedUser.walletAddress ?? null,
          // Seeded addresses stand for ones proven earlier, unless a story says otherwise.
          walletVerified: Boolean(seedUser.walletAddress) && seedUser.walletVerified !== false,
        },
      };
      fresh.users.push(user);
      if (seedUser.bonusTokens) {
        // Rewards earned before the seed's story begins (votes, referrals).
        recordActivity(fresh, user.id, at - 30 * 24 * 60 * 60_000, 'other', seedUser.bonusTokens);
      }
      for (const order of seedUser.orders ?? []) {
        const createdAt = at - order.ageMs;
        const record: OrderRecord = {
          userId: user.id,
          uuid: randomUuid(),
          method: order.method,
          value: order.value,
          price: seedPrice,
          tokens: tokensForUsd(order.value, seedPrice),
          createdAt,
        };
        if (order.method === 'PLN') {
          record.cardStatus = order.status as TransactionStatus;
        } else {
          record.crypto = {
            status: order.status as OrderStatusCode,
            destinationAmount: quoteCryptoAmount(order.method, order.value),
            address: blockchainAddress(order.method),
            shopOrderId: String(100_000 + fresh.orders.length),
            expiresAt: createdAt + ORDER_EXPIRY_MS,
          };
        }
        fresh.orders.push(record);
        if (listStatus(record) === 'Confirmed') {
          user.wallet.amount += record.value;
          user.wallet.brnd_tokens += record.tokens;
          recordActivity(fresh, user.id, createdAt, 'purchase', record.tokens, {
            type: order.method === 'PLN' ? 'card_order' : 'order',
            id: record.uuid,
          });
        }
      }
      for (const link of seedUser.referralLinks ?? []) {
        fresh.referralLinks.push({
          userId: user.id,
          code: link.suffix ? `${user.referralCode}-${link.suffix}` : user.referralCode,
          description: link.description,
          clicks: link.clicks,
          signups: link.signups,
          tokens: link.tokens,
        });
      }
      for (const vote of seedUser.votes ?? []) {
        const brand = fresh.brands.find((candidate) => candidate.name === vote.brand);
        if (brand) fresh.votes.push({ userId: user.id, brandId: brand.id, at: at - vote.ageMs });
      }
      for (const name of seedUser.ownBrands ?? []) {
        const brand = fresh.brands.find((candidate) => candidate.name === name);
        if (brand) brand.createdBy = brand.ownerId = user.id;
      }
    }
    // The demo's last month was won by the brand with the most votes this month.
    const leader = [...fresh.brands].sort((a, b) => (b.votes ?? 0) - (a.votes ?? 0))[0];
    fresh.winners = seededWinners(leader, at);
    fresh.companies = [];
    return fresh;
  }

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

  /** Newest first; a burn the fake "mines" a second after it was recorded. */
  function buybacksNewestFirst(): Buyback[] {
    for (const buyback of state.buybacks) {
      if (buyback.status === 'pending' && now() - Date.parse(buyback.created_at) >= 1_000) {
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
      if (payout.status !== 'pending' || now() - Date.parse(payout.created_at) < 1_000) continue;
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
    const link = findReferralLink(state.referralLinks, code);
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

  /* ---- orders */

  function toCryptoOrder(order: OrderRecord): CryptoOrder {
    const crypto = order.crypto;
    if (!crypto || order.method === 'PLN') throw new FakeError(404, 'errors.notFound');
    const decided = (state.paymentDesk?.resolutions ?? []).filter(
      (resolution) => resolution.orderId === order.uuid,
    );
    const latest = decided[decided.length - 1];
    return cryptoOrderView({
      uuid: order.uuid,
      method: order.method,
      value: order.value,
      price: order.price ?? salePrice(saleSettings()),
      createdAt: order.createdAt,
      payment: crypto,
      now: now(),
      decision: latest
        ? {
            decision: latest.decision,
            paid_amount: latest.paid_amount,
            brnd_tokens: latest.brnd_tokens,
            reference: latest.reference,
            decided_at: latest.created_at,
          }
        : null,
    });
  }

  function toTransaction(order: OrderRecord): Transaction {
    const shown = order.crypto && order.method !== 'PLN' ? toCryptoOrder(order) : null;
    return {
      session_id: order.uuid,
      created_at: new Date(order.createdAt).toISOString(),
      brnd_tokens: order.tokens,
      token_price: order.price ?? salePrice(saleSettings()),
      amount: order.value,
      signature: order.method,
      status: listStatus(order),
      payment_situation: shown?.payment_situation ?? null,
      paid_amount: shown?.paid_amount ?? null,
    };
  }

  /** The purchase receipt, worded by the bff's template's keys (docs/decisions/044). */
  function mailPurchaseReceipt(owner: UserRecord, order: OrderRecord) {
    const card = state.cardTransactions.find((record) => record.cashTxHash === order.uuid);
    const values = {
      order: order.crypto?.shopOrderId ?? order.uuid,
      paid: order.crypto
        ? `${order.crypto.paidAmount ?? order.crypto.destinationAmount} ${order.method}`
        : `${(card?.fiatValue ?? 0).toFixed(2)} PLN`,
      tokens: order.tokens,
      date: new Date(now()).toISOString().slice(0, 10),
    };
    send({
      channel: 'email',
      to: owner.email,
      subject: localText(owner.language, 'email.purchaseReceipt.subject', values),
      text: [
        localText(owner.language, 'email.greeting', { name: owner.name }),
        localText(owner.language, 'email.purchaseReceipt.body', values),
        localText(owner.language, 'email.purchaseReceipt.keep'),
      ].join('\n\n'),
    });
  }

  function applyOrderStatus(order: OrderRecord, status: OrderStatusCode) {
    if (!order.crypto) return;
    const wasPaid = order.crypto.status === ORDER_STATUS.PAID;
    order.crypto.status = status;
    if (!wasPaid && status === ORDER_STATUS.PAID) {
      const owner = userById(order.userId);
      owner.wallet.amount += order.value;
      owner.wallet.brnd_tokens += order.tokens;
      recordActivity(state, owner.id, now(), 'purchase', order.tokens, {
        type: 'order',
        id: order.uuid,
      });
      mailPurchaseReceipt(owner, order);
    }
  }

  function ownOrder(user: UserRecord, uuid: string): OrderRecord {
    const order = state.orders.find(
      (candidate) => candidate.uuid === uuid && candidate.userId === user.id,
    );
    if (!order) throw new FakeError(404, 'errors.notFound');
    return order;
  }

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
    appUrl,
    ...paymentDesk,

    /** Back to the seed: every request made so far is forgotten. */
    reset() {
      state = seededState();
    },

    /** The whole state as JSON, and back, so the browser worker survives a page load. */
    exportState(): string {
      return JSON.stringify(state);
    },
    importState(json: string) {
      state = JSON.parse(json) as FakeState;
    },

    /** The fake's clock. */
    now,

    /**
     * The state of a feature kept in its own file (mocks/src/brand-tokens.ts), created on first
     * use; it is reset, exported and imported with the rest.
     */
    extension<T>(key: string, create: () => T): T {
      const extensions = (state.extensions ??= {});
      if (!(key in extensions)) extensions[key] = create();
      return extensions[key] as T;
    },

    /** An account by e-mail (any case), for features that address users by e-mail. */
    userByEmail(email: string): UserRecord | undefined {
      return userByEmail(email);
    },

    /** Who owns a brand and whether operators verified it; undefined for an unknown brand. */
    brandAccess(brandId: number) {
      const brand = state.brands.find((candidate) => candidate.id === brandId);
      if (!brand) return undefined;
      return {
        id: brand.id,
        name: brand.name,
        ownerId: brand.ownerId === undefined ? brand.createdBy : brand.ownerId,
        verificationStatus: brand.verificationStatus ?? ('verified' as BrandVerificationStatus),
      };
    },

    /** Stories and tests: an operator's decision on a brand. */
    setBrandVerification(brandId: number, status: BrandVerificationStatus) {
      const brand = state.brands.find((candidate) => candidate.id === brandId);
      if (brand) brand.verificationStatus = status;
    },

    /** Stories and tests: a payout wallet the user proved by signature earlier (decision 042). */
    setProvenWallet(email: string, address: string) {
      const user = userByEmail(email);
      if (user) Object.assign(user.wallet, { walletAddress: address, walletVerified: true });
    },

    /** An e-mail into the outbox, for features kept in their own files. */
    sendMail(to: string, subject: string, text: string) {
      send({ channel: 'email', to, subject, text });
    },

    /**
     * What the operator console's verification and contest sections (mocks/src/admin-*.ts) act
     * on: the records themselves, a fresh id, and the audit log every operator action appends to.
     */
    operatorDesk() {
      return {
        users: state.users,
        brands: state.brands,
        companies: (state.companies ??= []),
        votes: state.votes,
        winners: (state.winners ??= []),
        nextId: () => state.nextId++,
        recordAudit,
        /** A brand's votes in the running contest month (null: none yet). */
        currentVotes,
        /** An operator verified the brand: its referrer's reward, once (decision 041). */
        rewardVerifiedBrand(brand: BrandRecord, owner: UserRecord) {
          if (brand.referralRewarded) return;
          brand.referralRewarded = true;
          rewardReferral(brand.referralCode, REFERRAL_REWARD_BRAND_BRND, 'brand', owner);
        },
      };
    },

    /** The user a bearer token belongs to, if the session is alive. */
    authenticate(token: string | undefined): UserRecord | null {
      if (!token) return null;
      const session = state.sessions.find((candidate) => candidate.token === token);
      if (!session || session.expiresAt <= now()) return null;
      return state.users.find((user) => user.id === session.userId) ?? null;
    },

    /** Newest first, as GET /dev/outbox answers. */
    outbox(): OutboxMessage[] {
      return state.outbox.map((message) => ({ ...message }));
    },

    /* ---------------------------------------------------------- accounts */

    /** The same answer for a new and a registered address, as the bff (decision 028). */
    signup(
      input: {
        name: string;
        mobile: string;
        email: string;
        password: string;
        referral_code?: string;
      },
      clientAddress = 'local',
      language: Language = 'en',
    ) {
      const email = input.email.toLowerCase();
      const ipLimit = hit(`signup:ip:${clientAddress}`, SIGNUPS_PER_IP, SIGNUP_THROTTLE_WINDOW_MS);
      const emailLimit = hit(`signup:email:${email}`, SIGNUPS_PER_EMAIL, SIGNUP_THROTTLE_WINDOW_MS);
      const refused = [ipLimit, emailLimit].filter((limit) => !limit.allowed);
      if (refused.length > 0) {
        throw tooManyAttempts(Math.max(...refused.map((limit) => limit.retryAfterSeconds)));
      }
      const owner = userByEmail(input.email);
      if (owner) {
        send({
          channel: 'email',
          to: owner.email,
          subject: localText(owner.language, 'email.signupExisting.subject'),
          text: [
            localText(owner.language, 'email.greeting', { name: owner.name }),
            localText(owner.language, 'email.signupExisting.body'),
            pageLink(appUrl, APP_PAGES.login, { language: owner.language }),
            localText(owner.language, 'email.signupExisting.forgot'),
            pageLink(appUrl, APP_PAGES.forgotPassword, { language: owner.language }),
          ].join('\n\n'),
        });
        return { message: SUCCESS };
      }
      const user: UserRecord = {
        id: state.nextId++,
        name: input.name,
        email,
        mobile: input.mobile,
        address: '',
        password: input.password,
        emailVerified: false,
        phoneVerified: false,
        referralCode: randomReferralCode(),
        role: 'user',
        wallet: { amount: 0, brnd_tokens: 0, walletAddress: null, walletVerified: false },
        language,
      };
      state.users.push(user);
      state.referralLinks.push({
        userId: user.id,
        code: user.referralCode,
        description: '',
        clicks: 0,
        signups: 0,
        tokens: 0,
      });
      // Credited when the account completes verification (confirmMobile), as the bff does.
      const via = findReferralLink(state.referralLinks, input.referral_code);
      if (via && via.userId !== user.id) user.referredVia = via.code;
      sendVerificationMail(user);
      return { message: SUCCESS };
    },

    /** Throttled per account and client address, as the bff (decision 029). */
    login(input: { email: string; password: string }, clientAddress = 'local') {
      const accountKey = `login:pair:${input.email.toLowerCase()}|${clientAddress}`;
      // Counted before the password is checked, as the bff does, so parallel guesses cannot pass.
      const limit = hit(accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      const user = userByEmail(input.email);
      if (!user || user.password !== input.password) {
        throw new FakeError(401, 'errors.invalidCredentials');
      }
      delete state.limits[accountKey];
      if (!user.emailVerified) {
        if (hit(`verify-mail:${user.id}`, 1, EMAIL_RESEND_INTERVAL_MS).allowed) {
          sendVerificationMail(user);
        }
        throw new FakeError(403, 'errors.emailNotVerified');
      }
      if (!user.phoneVerified) {
        return {
          message: NEEDS_PHONE_MESSAGE,
          code: issueCode(user.id, 'phoneStep', PHONE_STEP_CODE_LIFETIME_MS),
          email: user.email,
          mobile: user.mobile,
          name: user.name,
        };
      }
      const token = randomCode();
      state.sessions.push({ token, userId: user.id, expiresAt: now() + SESSION_LIFETIME_MS });
      return {
        message: AUTH_SUCCESS as typeof AUTH_SUCCESS,
        token,
        email: user.email,
        mobile: user.mobile,
        name: user.name,
        operator: user.role === 'admin',
      };
    },

    logout(token: string) {
      state.sessions = state.sessions.filter((session) => session.token !== token);
      return { message: SUCCESS };
    },

    /** The e-mail code is used up and, while the phone is unverified, opens the phone steps. */
    confirmEmail(input: { verification_code: string }) {
      const code = input.verification_code;
      const record = liveCode(code, ['email']);
      if (record) {
        record.used = true;
        const user = userById(record.userId);
        user.emailVerified = true;
        if (!user.phoneVerified) issueCode(user.id, 'phoneStep', PHONE_STEP_CODE_LIFETIME_MS, code);
        return { message: SUCCESS };
      }
      // Opening the link again (a reload, a second click) is fine while the phone steps last.
      if (liveCode(code, ['phoneStep'])) return { message: SUCCESS };
      throw new FakeError(400, 'errors.linkInvalid');
    },

    getMobile(params: { code: string }) {
      return { message: SUCCESS, mobile: phoneStepUser(params.code).mobile };
    },

    changeMobile(input: { verification_code: string; mobile: string }) {
      sendSmsCode(phoneStepUser(input.verification_code), input.mobile);
      return { message: SUCCESS };
    },

    resendCode(input: { verification_code: string }) {
      sendSmsCode(phoneStepUser(input.verification_code));
      return { message: SUCCESS };
    },

    confirmMobile(input: { mobile_verification_code: string; verification_code: string }) {
      const user = phoneStepUser(input.verification_code);
      const sms = state.smsCodes.find((candidate) => candidate.userId === user.id);
      if (!sms || sms.attempts >= SMS_CODE_MAX_ATTEMPTS || sms.expiresAt <= now()) {
        throw new FakeError(400, 'errors.codeExpired', {
          errors: { mobile_verification_code: 'errors.codeExpired' },
        });
      }
      sms.attempts += 1;
      if (sms.code !== input.mobile_verification_code) {
        throw new FakeError(400, 'errors.verificationFailed', {
          errors: { mobile_verification_code: 'errors.verificationFailed' },
        });
      }
      state.smsCodes = state.smsCodes.filter((candidate) => candidate !== sms);
      // One verified number per account (decision 040), told only to whoever holds the phone.
      const taken = state.users.some(
        (other) => other.id !== user.id && other.phoneVerified && other.mobile === user.mobile,
      );
      if (taken) throw new FakeError(409, 'errors.phoneTaken');
      const completes = !user.phoneVerified;
      user.phoneVerified = true;
      user.emailVerified = true;
      if (completes) rewardReferral(user.referredVia, REFERRAL_REWARD_USER_BRND, 'signup', user);
      for (const code of state.codes) {
        if (code.userId === user.id && code.purpose === 'phoneStep') code.used = true;
      }
      return { message: SUCCESS, referral_code: user.referralCode };
    },

    /** The same answer for every address; at most RESET_EMAILS_PER_HOUR e-mails per address. */
    forgotPassword(input: { email: string }) {
      const allowed = hit(`reset-mail:${input.email}`, RESET_EMAILS_PER_HOUR, HOUR).allowed;
      const user = allowed ? userByEmail(input.email) : undefined;
      if (user) {
        const code = issueCode(user.id, 'reset', RESET_CODE_LIFETIME_MS);
        send({
          channel: 'email',
          to: user.email,
          subject: localText(user.language, 'email.reset.subject'),
          text: [
            localText(user.language, 'email.greeting', { name: user.name }),
            localText(user.language, 'email.reset.body'),
            pageLink(appUrl, APP_PAGES.resetPassword, {
              params: { code },
              language: user.language,
            }),
            localText(user.language, 'email.reset.validity', {
              hours: Math.round(RESET_CODE_LIFETIME_MS / HOUR),
            }),
          ].join('\n\n'),
        });
      }
      return { message: SUCCESS };
    },

    /** Receiving the link proves the address; every session ends and the login throttle clears. */
    resetPassword(input: { password: string; code: string }) {
      const record = liveCode(input.code, ['reset']);
      if (!record) throw new FakeError(400, 'errors.linkInvalid');
      const user = userById(record.userId);
      for (const code of state.codes) {
        if (code.userId === user.id && code.purpose === 'reset') code.used = true;
      }
      user.password = input.password;
      user.emailVerified = true;
      revokeSessions(user.id);
      // The owner proved the address: every address's wait for this account ends.
      for (const key of Object.keys(state.limits)) {
        if (key.startsWith(`login:pair:${user.email.toLowerCase()}|`)) delete state.limits[key];
      }
      return { message: SUCCESS };
    },

    profile(user: UserRecord) {
      return { user: toUser(user) };
    },

    updateProfile(
      user: UserRecord,
      input: { name: string; address: string; language?: Language | undefined },
    ) {
      user.name = input.name;
      user.address = input.address;
      if (input.language) user.language = input.language;
      return { message: SUCCESS, user: toUser(user) };
    },

    setLanguage(user: UserRecord, language: Language) {
      user.language = language;
      return { message: SUCCESS, user: toUser(user) };
    },

    /** Every session ends, this one included: the app sends the user back to /login. */
    changePassword(user: UserRecord, input: { currentpassword: string; newpassword: string }) {
      const key = `password-change:${user.id}`;
      const limit = hit(key, PASSWORD_CHANGE_FAILURES, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      if (user.password !== input.currentpassword) {
        throw new FakeError(400, 'errors.wrongCurrentPassword', {
          errors: { currentpassword: 'errors.wrongCurrentPassword' },
        });
      }
      refund(key);
      user.password = input.newpassword;
      revokeSessions(user.id);
      return { message: SUCCESS };
    },

    health() {
      return { status: 'ok' as const, database: 'up' as const };
    },

    /* ---------------------------------------------------------- operator console */

    buybacks() {
      return { buybacks: buybacksNewestFirst() };
    },

    burns() {
      const confirmed = buybacksNewestFirst().filter((buyback) => buyback.status === 'confirmed');
      return {
        burns: confirmed.map((buyback) => ({
          quarter: buyback.quarter,
          brnd_burned: buyback.brnd_burned,
          buyback_usd: buyback.buyback_usd,
          tx_hash: buyback.tx_hash as string,
          burned_at: buyback.created_at,
        })),
        total_burned: confirmed.reduce((sum, buyback) => sum + buyback.brnd_burned, 0),
      };
    },

    recordBuyback(
      operator: UserRecord,
      input: {
        quarter: string;
        subscription_profit_usd: number;
        buyback_usd: number;
        brnd_amount: number;
      },
    ) {
      if (state.buybacks.some((buyback) => buyback.quarter === input.quarter)) {
        throw new FakeError(409, 'admin.buybacks.errors.quarterTaken', {
          errors: { quarter: 'admin.buybacks.errors.quarterTaken' },
        });
      }
      const buyback: Buyback = {
        id: randomUuid(),
        quarter: input.quarter,
        subscription_profit_usd: input.subscription_profit_usd,
        buyback_usd: input.buyback_usd,
        brnd_burned: input.brnd_amount,
        status: 'pending',
        tx_hash: null,
        error: null,
        created_at: new Date(now()).toISOString(),
      };
      state.buybacks.push(buyback);
      recordAudit(operator, 'buyback.record', input.quarter, { ...input });
      return { buyback };
    },

    auditLog(query: { action?: string; actor?: string; offset?: number }) {
      const actor = query.actor?.toLowerCase();
      const matching = state.auditLog
        .filter((entry) => !query.action || entry.action.startsWith(query.action))
        .filter((entry) => !actor || entry.actor_email.toLowerCase().includes(actor))
        .reverse();
      const offset = query.offset ?? 0;
      return {
        entries: matching.slice(offset, offset + AUDIT_LOG_PAGE_SIZE),
        count: matching.length,
      };
    },

    /* ---------------------------------------------------------- wallet and orders */

    wallet(user: UserRecord) {
      return { wallet: [{ ...user.wallet }] };
    },

    adminTreasurySends(operator: UserRecord) {
      return fakeTreasurySends(treasuryHost(operator));
    },

    retryTreasurySend(operator: UserRecord, params: { source: TreasurySource; id: string }) {
      return fakeRetryTreasurySend(treasuryHost(operator), params);
    },

    walletChallenge(user: UserRecord, input: { walletAddress: string }) {
      return fakeWalletChallenge(proofHost, user, input);
    },

    updateWallet(
      user: UserRecord,
      input: { walletAddress: string; nonce: string; signature: string; password: string },
    ) {
      return fakeUpdateWallet(proofHost, user, input);
    },

    claimPayout(user: UserRecord, requested: number) {
      const { walletAddress, brnd_tokens: balance } = user.wallet;
      if (!walletAddress) throw new FakeError(409, 'wallet.errors.noWalletAddress');
      if (!user.wallet.walletVerified) throw new FakeError(409, 'wallet.errors.walletNotVerified');
      if (balance <= 0) throw new FakeError(409, 'wallet.errors.nothingToClaim');
      if (requested > balance) {
        throw new FakeError(400, 'wallet.errors.overBalance', {
          errors: { brnd_tokens: 'wallet.errors.overBalance' },
        });
      }
      // As the bff: all the whole tokens take the balance's fraction along.
      const tokens = requested === wholeTokens(balance) ? balance : requested;
      const payout: Payout = {
        id: `payout-${state.nextId++}`,
        status: 'pending',
        brnd_tokens: tokens,
        amount: `${BigInt(Math.round(tokens * 1e6)) * 10n ** 12n}`,
        walletAddress,
        txHash: null,
        created_at: new Date(now()).toISOString(),
      };
      user.wallet.brnd_tokens = balance - tokens;
      (state.payouts ??= []).unshift({ ...payout, userId: user.id });
      recordActivity(state, user.id, now(), 'payout', -tokens, { type: 'payout', id: payout.id });
      return { message: SUCCESS, payout };
    },

    activity(user: UserRecord, query: { limit?: number; offset?: number } = {}) {
      const own = (state.activity ?? []).filter((row) => row.userId === user.id).reverse();
      const offset = query.offset ?? 0;
      const page = own.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
      return {
        activity: {
          rows: page.map(({ userId: _userId, ...row }) => row),
          count: own.length,
        },
      };
    },

    payouts(user: UserRecord) {
      settlePayouts();
      const own = (state.payouts ?? []).filter((payout) => payout.userId === user.id);
      return { payouts: own.map(({ userId: _userId, ...payout }) => payout) };
    },

    saleProgress() {
      const sold = state.users.reduce((total, user) => total + user.wallet.brnd_tokens, 0);
      return { allocation: SALE_ALLOCATION_TOKENS, sold, left: SALE_ALLOCATION_TOKENS - sold };
    },

    orders(user: UserRecord, query: { limit?: number; offset?: number } = {}) {
      // Payouts share the list with purchases, marked by their own signature.
      const own = [
        ...state.orders
          .filter((order) => order.userId === user.id)
          .map((order) => ({ at: order.createdAt, row: toTransaction(order) })),
        ...(state.payouts ?? [])
          .filter((payout) => payout.userId === user.id)
          .map(({ userId: _userId, ...payout }) => ({
            at: Date.parse(payout.created_at),
            row: payoutAsTransaction(payout),
          })),
      ].sort((a, b) => b.at - a.at);
      const offset = query.offset ?? 0;
      const page = own.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
      return { orders: { rows: page.map((entry) => entry.row), count: own.length } };
    },

    sale() {
      return saleView(saleSettings(), raisedUsd());
    },

    /** Stories and tests: another sale configuration (ended, no active tier, other stages). */
    setSale(changes: Partial<SaleSettings>) {
      state.sale = { ...saleSettings(), ...changes };
    },

    buyTokens(user: UserRecord, input: { amount: number; selected_payMethod: CryptoPayMethod }) {
      const createdAt = now();
      // Like the bff: at most MAX_OPEN_ORDERS_PER_METHOD waiting orders whose quote holds.
      const open = state.orders.filter(
        (order) =>
          order.userId === user.id &&
          order.method === input.selected_payMethod &&
          order.crypto !== undefined &&
          order.crypto.status < ORDER_STATUS.CONFIRMING &&
          order.crypto.expiresAt > createdAt,
      );
      if (open.length >= MAX_OPEN_ORDERS_PER_METHOD) {
        throw new FakeError(409, 'orders.errors.tooManyOpenOrders', {
          values: { limit: MAX_OPEN_ORDERS_PER_METHOD },
        });
      }
      const price = salePrice(saleSettings());
      const order: OrderRecord = {
        userId: user.id,
        uuid: randomUuid(),
        method: input.selected_payMethod,
        value: input.amount,
        price,
        tokens: tokensForUsd(input.amount, price),
        createdAt,
        crypto: {
          status: ORDER_STATUS.NEW,
          destinationAmount: quoteCryptoAmount(input.selected_payMethod, input.amount),
          address: blockchainAddress(input.selected_payMethod),
          shopOrderId: String(100_000 + state.orders.length),
          expiresAt: createdAt + ORDER_EXPIRY_MS,
        },
      };
      state.orders.push(order);
      return { message: SUCCESS as typeof SUCCESS, response: toCryptoOrder(order) };
    },

    /** Like the gateway: a new order is waiting by the first check, and expires unpaid. */
    verifyOrder(user: UserRecord, params: { uuid: string }) {
      const order = ownOrder(user, params.uuid);
      const crypto = order.crypto;
      if (crypto?.status === ORDER_STATUS.NEW) crypto.status = ORDER_STATUS.WAITING;
      if (crypto && crypto.status < ORDER_STATUS.PAID && crypto.expiresAt <= now()) {
        crypto.status = ORDER_STATUS.EXPIRED;
      }
      return { message: SUCCESS, response: toCryptoOrder(order) };
    },

    /** What the payment gateway's webhook would do: move an order to another status. */
    setOrderStatus(uuid: string, status: OrderStatusCode) {
      const order = state.orders.find((candidate) => candidate.uuid === uuid);
      if (!order) throw new FakeError(404, 'errors.notFound');
      applyOrderStatus(order, status);
    },

    /**
     * What the chain watcher or the gateway would record: crypto received so far, confirmations
     * and the payment's exception (partial, overpaid, late), optionally with a new status.
     */
    recordPayment(
      uuid: string,
      payment: {
        paidAmount: string;
        confirmations?: number;
        exception?: PaymentException | null;
        status?: OrderStatusCode;
      },
    ) {
      const order = state.orders.find((candidate) => candidate.uuid === uuid);
      if (!order?.crypto) throw new FakeError(404, 'errors.notFound');
      order.crypto.paidAmount = payment.paidAmount;
      order.crypto.confirmations = payment.confirmations ?? order.crypto.confirmations ?? 0;
      order.crypto.exception = payment.exception ?? null;
      order.crypto.seenAt = now();
      if (payment.status !== undefined) applyOrderStatus(order, payment.status);
    },

    /** The card provider's signed callback: the second step charged the card, or failed. */
    settleCardOrder(cashTxHash: string, status: 'paid' | 'failed') {
      const order = state.orders.find((candidate) => candidate.uuid === cashTxHash);
      if (!order || order.method !== 'PLN') throw new FakeError(404, 'errors.notFound');
      if (order.cardStatus !== CARD_TRANSACTION_STATUS.pending) return;
      order.cardStatus = CARD_TRANSACTION_STATUS[status];
      if (status === 'paid') {
        const owner = userById(order.userId);
        owner.wallet.amount += order.value;
        owner.wallet.brnd_tokens += order.tokens;
        recordActivity(state, owner.id, now(), 'purchase', order.tokens, {
          type: 'card_order',
          id: order.uuid,
        });
        mailPurchaseReceipt(owner, order);
      }
    },

    /** The card provider's record of a transaction (the bff reads it before recording). */
    cardProviderTransaction(params: { cashTxHash: string }) {
      const transaction = state.cardTransactions.find(
        (candidate) => candidate.cashTxHash === params.cashTxHash,
      );
      if (!transaction) throw new FakeError(404, 'orders.errors.cardUnknown');
      const order = state.orders.find((candidate) => candidate.uuid === params.cashTxHash);
      const status =
        order?.cardStatus === 'Confirmed'
          ? 'paid'
          : order?.cardStatus === 'Failed'
            ? 'failed'
            : 'pending';
      return {
        cashTxHash: transaction.cashTxHash,
        status,
        quotedCurrency: 'PLN',
        quotedCurrencyAmount: transaction.fiatValue,
        baseCurrency: 'BRND',
        baseCurrencyAmount: transaction.tokens,
        secondStepUrl: transaction.secondStepUrl,
        createdAt: new Date(order?.createdAt ?? now()).toISOString(),
      } as const;
    },

    /** The card provider's initialisation call (a third party in production). */
    cardProviderInit(input: { fiatValue: number; cryptoValue: number }) {
      const cashTxHash = randomHex(32);
      const settings = saleSettings();
      const tokens = tokensForPln(input.fiatValue, settings.plnPerUsd, salePrice(settings));
      const transaction = {
        cashTxHash,
        fiatValue: input.fiatValue,
        tokens,
        secondStepUrl: `${appUrl}/buysuccess`,
      };
      state.cardTransactions.push(transaction);
      return {
        cashTxHash,
        quotedCurrencyAmount: input.fiatValue,
        baseCurrencyAmount: tokens,
        secondStepUrl: transaction.secondStepUrl,
      };
    },

    /** Records a card purchase; the amounts come from the provider's record, not the browser. */
    kantor(user: UserRecord, input: { cashTxHash: string }) {
      const transaction = state.cardTransactions.find(
        (candidate) => candidate.cashTxHash === input.cashTxHash,
      );
      if (!transaction) throw new FakeError(404, 'orders.errors.cardUnknown');
      if (state.orders.some((order) => order.uuid === transaction.cashTxHash)) {
        throw new FakeError(409, 'orders.errors.cardAlreadyRecorded');
      }
      // Like the bff: one card attempt per user per 30 seconds.
      const attempt = hit(`card:${user.id}`, 1, CARD_RETRY_GAP_MS);
      if (!attempt.allowed) {
        throw new FakeError(429, 'orders.errors.cardRetry', {
          retryAfterSeconds: attempt.retryAfterSeconds,
        });
      }
      {
        const settings = saleSettings();
        state.orders.push({
          userId: user.id,
          uuid: transaction.cashTxHash,
          method: 'PLN',
          value: Math.round((transaction.fiatValue / settings.plnPerUsd) * 100) / 100,
          price: salePrice(settings),
          tokens: transaction.tokens,
          createdAt: now(),
          cardStatus: 'Pending',
        });
      }
      return { message: SUCCESS, secondStepUrl: transaction.secondStepUrl };
    },

    /* ---------------------------------------------------------- referrals */

    visitReferral(input: { referral_code: string }) {
      const link = findReferralLink(state.referralLinks, input.referral_code);
      if (!link) throw new FakeError(404, 'referrals.errors.unknownLink');
      // The fake has one visitor, this browser: its visits count once per window, as in the bff.
      const visit = hit(`referral-click:${link.code}`, 1, REFERRAL_CLICK_WINDOW_MS);
      if (visit.allowed) link.clicks += 1;
      return { message: SUCCESS };
    },

    referrals(user: UserRecord) {
      const rows = state.referralLinks
        .filter((link) => link.userId === user.id)
        .map(({ userId: _userId, ...row }) => row);
      return { orders: { rows } };
    },

    editReferral(user: UserRecord, input: { code: string; description: string }) {
      const link = state.referralLinks.find(
        (candidate) =>
          candidate.userId === user.id && candidate.code.toUpperCase() === input.code.toUpperCase(),
      );
      if (!link) throw new FakeError(404, 'referrals.errors.unknownLink');
      link.description = input.description;
      return { message: SUCCESS };
    },

    createReferral(user: UserRecord, input: { description: string; target: ReferralTarget }) {
      const created = createReferralLink(state.referralLinks, user, input);
      if ('messageId' in created) {
        throw new FakeError(created.status, created.messageId, { values: created.values ?? {} });
      }
      return { message: SUCCESS, referral: created };
    },

    /* ---------------------------------------------------------- brands */

    vote(user: UserRecord, input: { brand_id: number }) {
      const brand = state.brands.find((candidate) => candidate.id === input.brand_id);
      if (!brand) throw new FakeError(404, 'errors.notFound');
      const recent = windowVotes(user.id);
      if (recent.filter((vote) => vote.brandId === brand.id).length >= VOTES_PER_BRAND_PER_WINDOW) {
        throw new FakeError(409, 'errors.alreadyVoted');
      }
      if (recent.length >= VOTES_PER_WINDOW) {
        const wait = voteWait(Math.min(...recent.map((vote) => vote.at)), now());
        throw new FakeError(429, 'errors.voteLimit', {
          values: { voteLimit: VOTES_PER_WINDOW, timeInHours: wait.timeInHours },
          retryAfterSeconds: wait.retryAfterSeconds,
        });
      }
      const month = contestMonth(now());
      if (brand.votesMonth !== month) {
        brand.votesMonth = month;
        brand.votes = null;
      }
      brand.votes = (brand.votes ?? 0) + 1;
      state.votes.push({ userId: user.id, brandId: brand.id, at: now() });
      return { message: SUCCESS };
    },

    addBrand(
      user: UserRecord,
      input: { website: string; name: string; description: string; image_url: string },
    ) {
      withinDailyBrandLimit(
        `brand-refer:${user.id}`,
        BRANDS_REFERRED_PER_DAY,
        'errors.referBrandLimit',
        () => ensureNewWebsite(input.website),
      );
      const record: BrandRecord = {
        id: state.nextId++,
        name: input.name,
        website: input.website,
        description: input.description,
        image_url: input.image_url,
        votes: null,
        industry: null,
        token_ticker: null,
        no_of_employees: null,
        address1: null,
        city: null,
        state: null,
        postal_code: null,
        country: null,
        operating_address: null,
        referral_code: null,
        facebook: null,
        twitter: null,
        instagram: null,
        linkedin: null,
        createdAt: now(),
        createdBy: user.id,
        ownerId: null,
        verificationStatus: 'pending',
        votesMonth: contestMonth(now()),
        recentVotes: 0,
      };
      state.brands.push(record);
      return { message: SUCCESS, details: toBrand(record, user) };
    },

    async createBrand(
      user: UserRecord,
      input: Omit<
        Brand,
        | 'id'
        | 'image_url'
        | 'votes'
        | 'voted'
        | 'can_vote'
        | 'referral_code'
        | 'facebook'
        | 'twitter'
        | 'instagram'
        | 'linkedin'
      > & {
        image: Blob;
        referral_code?: string;
        facebook?: string;
        twitter?: string;
        instagram?: string;
        linkedin?: string;
      },
    ) {
      withinDailyBrandLimit(
        `brand-add:${user.id}`,
        BRANDS_ADDED_PER_DAY,
        'errors.addBrandLimit',
        () => ensureNewWebsite(input.website),
      );
      const { image, referral_code, facebook, twitter, instagram, linkedin, ...fields } = input;
      const record: BrandRecord = {
        ...fields,
        id: state.nextId++,
        image_url: await fileToDataUrl(image),
        votes: null,
        referral_code: referral_code ?? null,
        facebook: facebook ?? null,
        twitter: twitter ?? null,
        instagram: instagram ?? null,
        linkedin: linkedin ?? null,
        createdAt: now(),
        createdBy: user.id,
        ownerId: user.id,
        verificationStatus: 'pending',
        referralCode: referral_code,
        votesMonth: contestMonth(now()),
        recentVotes: 0,
      };
      state.brands.push(record);
      return { message: SUCCESS, details: toBrand(record, user) };
    },

    topRatedBrands(viewer: UserRecord | null, query: ListingQuery = {}) {
      return listing(
        viewer,
        (a, b) => (currentVotes(b) ?? 0) - (currentVotes(a) ?? 0) || a.name.localeCompare(b.name),
        query,
      );
    },

    trendingBrands(viewer: UserRecord | null, query: ListingQuery = {}) {
      return listing(
        viewer,
        (a, b) => trendScore(b) - trendScore(a) || a.name.localeCompare(b.name),
        query,
      );
    },

    newlyAddedBrands(viewer: UserRecord | null, query: ListingQuery = {}) {
      return listing(viewer, (a, b) => b.createdAt - a.createdAt || b.id - a.id, query);
    },

    searchBrands(viewer: UserRecord | null, params: { text: string }) {
      const text = params.text.toLowerCase();
      const rows = state.brands
        .filter((brand) => brand.name.toLowerCase().includes(text) || brand.website.includes(text))
        .filter(listed)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((brand) => toBrand(brand, viewer));
      return { brands: { rows, rowCount: rows.length } };
    },

    brandDetails(viewer: UserRecord | null, params: { brandId: number }) {
      const brand = state.brands.find((candidate) => candidate.id === params.brandId);
      return { brands: { rows: brand ? [toBrand(brand, viewer)] : [] } };
    },

    voteStatus(user: UserRecord) {
      return voteStatusFrom(
        windowVotes(user.id).map((vote) => vote.at),
        now(),
      );
    },

    contestWinners(query: { limit?: number } = {}) {
      return { winners: { rows: (state.winners ?? []).slice(0, query.limit ?? 12) } };
    },

    /** The mocks reach no network: a known brand previews as itself, any other by its domain. */
    brandPreview(query: { url: string }) {
      const known = state.brands.find((brand) => brand.website === query.url);
      return {
        website: query.url,
        name: known?.name ?? nameFromDomain(query.url),
        description: known?.description ?? '',
        image_url: known?.image_url ?? '',
        found: Boolean(known),
      };
    },

    registerCompany(
      viewer: UserRecord | null,
      input: Omit<CompanyRecord, 'id' | 'userId' | 'status'>,
    ) {
      const companies = (state.companies ??= []);
      if (companies.some((company) => company.vat_num === input.vat_num)) {
        throw new FakeError(409, 'companies.vatNumberExists', {
          errors: { vat_num: 'companies.vatNumberExists' },
        });
      }
      const billing = addressKey(input.billing_address);
      if (companies.some((company) => addressKey(company.billing_address) === billing)) {
        throw new FakeError(409, 'companies.billingAddressExists', {
          errors: { billing_address: 'companies.billingAddressExists' },
        });
      }
      const company: CompanyRecord = {
        ...input,
        id: state.nextId++,
        userId: viewer?.id ?? null,
        status: 'pending',
        createdAt: now(),
      };
      companies.push(company);
      return {
        message: SUCCESS,
        company: { id: company.id, brandName: company.brandName, status: company.status },
      };
    },

    totalBrands() {
      const votes = state.brands.reduce((sum, brand) => sum + (currentVotes(brand) ?? 0), 0);
      return { stats: { rows: [{ brands: state.brands.filter(listed).length, votes }] } };
    },

    myBrands(user: UserRecord) {
      const rows = state.brands
        .filter((brand) => brand.createdBy === user.id)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((brand) => {
          const owned = (brand.ownerId === undefined ? brand.createdBy : brand.ownerId) === user.id;
          return {
            ...toBrand(brand, user),
            verification_status: owned ? (brand.verificationStatus ?? 'verified') : null,
          };
        });
      return { brands: { rows } };
    },

    favouriteBrands(user: UserRecord) {
      const counts = new Map<number, number>();
      for (const vote of state.votes) {
        if (vote.userId === user.id) counts.set(vote.brandId, (counts.get(vote.brandId) ?? 0) + 1);
      }
      const rows: FavouriteBrand[] = state.brands
        .filter((brand) => counts.has(brand.id))
        .map((brand) => ({ ...toBrand(brand, user), myvotes: counts.get(brand.id) ?? 0 }))
        .sort((a, b) => b.myvotes - a.myvotes || a.name.localeCompare(b.name));
      return { brands: { rows } };
    },

    /* ---------------------------------------------------------- content */

    newsletter(input: { email: string }) {
      if (!state.newsletter.includes(input.email)) state.newsletter.push(input.email);
      return { message: SUCCESS };
    },

    contact(input: {
      contactName: string;
      contactEmail: string;
      contactWebsite: string;
      contactCountry: string;
      contactAnything: string;
    }) {
      state.contactMessages.push({
        name: input.contactName,
        email: input.contactEmail,
        website: input.contactWebsite,
        country: input.contactCountry,
        text: input.contactAnything,
      });
      return { message: SUCCESS };
    },

    /** What tests and stories may want to look at without an endpoint for it. */
    inspect() {
      return {
        newsletter: [...state.newsletter],
        contactMessages: state.contactMessages.map((message) => ({ ...message })),
        userCount: state.users.length,
      };
    },
  };
}

export type { UserRecord as FakeUser, BrandRecord as FakeBrand };
