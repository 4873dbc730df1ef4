import type { AuditEntry } from '@brnd/contracts/api/admin';
import type { Buyback } from '@brnd/contracts/api/burns';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import type { ContestWinner } from '@brnd/contracts/api/brands';
import type { OutboxMessage } from '@brnd/contracts/api/dev';
import type { ActivityKind, ActivityRow } from '@brnd/contracts/api/activity';
import type { Language } from '@brnd/contracts/domain/constants';
import { type VerificationStatus } from '@brnd/contracts/domain/verification';
import { type Payout, type Wallet } from '@brnd/contracts/api/wallet';
import {
  CONTEST_TIME_ZONE,
  ORDER_STATUS,
  type Role,
  type CryptoPayMethod,
  type TransactionStatus,
} from '@brnd/contracts/domain/constants';
import { type SmsSend } from '../sms-bounds.ts';
import { orderTransactionStatus } from '@brnd/contracts/domain/sale';
import { type MockCryptoPayment, type SaleSettings } from '../sale.ts';
import { logoDataUrl, type SeedBrand } from '../seed.ts';
import { type DeskState } from '../admin-payments.ts';
import { type CompanyRecord } from '../brands.ts';
import { type ReferralLinkRecord } from '../referrals.ts';

/** The fake's records, its refusal and the small helpers every part of it shares. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const TRENDING_WINDOW_MS = 7 * DAY;

export type ListingQuery = { limit?: number; industry?: string };

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

export interface UserRecord {
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

export type CodePurpose = 'email' | 'phoneStep' | 'reset';

export interface CodeRecord {
  code: string;
  userId: number;
  purpose: CodePurpose;
  expiresAt: number;
  used: boolean;
  /** A phone-step code used up by a verification: the SMS code that verified the phone. */
  verifiedWith?: string;
}

export interface SmsRecord {
  userId: number;
  code: string;
  expiresAt: number;
  attempts: number;
}

export interface OrderRecord {
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

export interface CardTransactionRecord {
  cashTxHash: string;
  fiatValue: number;
  tokens: number;
  secondStepUrl: string;
}

export interface BrandRecord extends Omit<Brand, 'voted' | 'can_vote'> {
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

export interface VoteRecord {
  userId: number;
  brandId: number;
  at: number;
}

/** Purchases of BRND on the market, as the chain would tell them, and the buyback wallet's BRND. */
export interface FakeMarket {
  /** By transaction hash (lower case): the BRND it delivered to the buyback wallet. */
  purchases: Record<string, number>;
  /** What the buyback wallet holds and no recorded buyback burns. */
  available: number;
}

/** The sale's outside providers: the BTC gateway, the card provider and the ETH price feed. */
export type SaleProvider = 'gateway' | 'card' | 'price';

export interface FakeState {
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
  /** The sale's outside providers that are down (`setProviderDown`): calls to them fail. */
  outages?: Partial<Record<SaleProvider, boolean>>;
  /** The BRND market the buyback buys from (decision 063); missing: the demo's (`demoMarket`). */
  market?: FakeMarket;
  /** When the ETH price was last read, which is quoted while the feed is down, for a while. */
  ethPriceReadAt?: number;
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

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** URL-safe base64 of 32 random bytes: 43 characters, like the bff's codes and tokens. */
export function randomCode(): string {
  let binary = '';
  for (const byte of randomBytes(32)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomDigits(count: number): string {
  return Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
}

export function randomHex(bytes: number): string {
  return Array.from(randomBytes(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomReferralCode(): string {
  return Array.from(randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export function randomUuid(): string {
  const hex = randomHex(16).split('');
  hex[12] = '4';
  hex[16] = '89ab'[parseInt(hex[16] ?? '0', 16) % 4] ?? '8';
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export function blockchainAddress(method: CryptoPayMethod): string {
  if (method === 'ETH') return `0x${randomHex(20)}`;
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  return `bc1q${Array.from(randomBytes(38), (byte) => alphabet[byte % 32]).join('')}`;
}

/* ---------------------------------------------------------------- helpers */

export const contestMonthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONTEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

export function contestMonth(at: number): string {
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
export function listStatus(order: OrderRecord): TransactionStatus {
  if (order.cardStatus) return order.cardStatus;
  return orderTransactionStatus(order.crypto?.status ?? ORDER_STATUS.NEW);
}

export function brandRecord(seed: SeedBrand, id: number, now: number): BrandRecord {
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

export async function fileToDataUrl(file: Blob): Promise<string> {
  let binary = '';
  for (const byte of new Uint8Array(await file.arrayBuffer())) binary += String.fromCharCode(byte);
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
