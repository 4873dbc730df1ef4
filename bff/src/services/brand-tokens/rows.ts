import type { BrandToken, Offer, Redemption } from '@brnd/contracts/api/brand-tokens';
import type { TOKEN_MOVE_KINDS } from '@brnd/contracts/api/brand-tokens';
import {
  REDEMPTION_CODE_ALPHABET,
  REDEMPTION_CODE_LENGTH,
} from '@brnd/contracts/domain/brand-tokens';
import type { VerificationStatus } from '@brnd/contracts/domain/verification';
import { randomInt } from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { PlatformChain } from '../../chain/platform-chain.ts';
import type { Database } from '../../db/database.ts';
import type { Language } from '../../db/models.ts';
import type { Logger } from '../../logger.ts';
import { type PlanBrand } from './plans.ts';
import { DomainError } from '../errors.ts';
import { ONE_TOKEN, toTokenNumber, type Ledger } from '../ledger.ts';
import type { Notifications } from '../notifications.ts';

/**
 * Token-as-a-service (issue #8, decision 015): the brand console (issue, give, bulk give, offers,
 * code checks) and the customer's side (holdings, history, transfer, claim, redeem). Every move
 * is one `ledger.post` in the same database transaction as its records; chain work is a
 * `brand_token_sends` row whose job is queued in that transaction too.
 */

/** Queues chain sends inside the caller's transaction (pg-boss jobs commit with the rows). */
export interface SendQueue {
  enqueue(sendIds: string[], transaction: Transaction): Promise<void>;
}

export interface BrandTokenDeps {
  db: Database;
  ledger: Ledger;
  logger: Logger;
  /** Tells recipients of given tokens (services/notifications.ts). */
  notifications: Notifications;
  /** The chain tokens live on; unset: issuing and minting answer 503. */
  chain: PlatformChain | undefined;
  /** Where chain sends are queued; unset with `chain`: the same 503. */
  queue: SendQueue | undefined;
  runInBackground(name: string, work: () => Promise<void>): void;
}

export interface BrandRow extends PlanBrand {
  name: string;
  owner_id: string | null;
  verification_status: VerificationStatus;
}

export interface TokenRow {
  id: string;
  brand_id: string;
  brand_name: string;
  name: string;
  ticker: string;
  cap: string;
  address: string | null;
  status: BrandToken['status'];
  request_id: string;
  created_at: Date;
}

export interface OfferRow {
  id: string;
  token_id: string;
  ticker: string;
  brand_name: string;
  title: string;
  description: string;
  price: string;
  active: boolean;
}

export interface RedemptionRow extends OfferRow {
  redemption_id: string;
  code: string;
  used_at: Date | null;
  redeemed_at: Date;
}

export interface AccountOf {
  language: Language;
  /** Tokens given to a confirmed address are credited at once; others wait in a hold. */
  verified: boolean;
}

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  language: Language;
}

export interface GiveOutcome {
  recipient: string;
  amount: number;
  destination: 'ledger' | 'chain';
  tx_hash: string | null;
}

export interface BulkOutcome {
  applied: boolean;
  rows: number;
  total: number;
  preview: { line: number; recipient: string; amount: number }[];
  errors: { line: number; messageId: string; text: string }[];
}

/** How many rows of a CSV the preview table shows. */
export const BULK_PREVIEW_ROWS = 20;
/** An OfferRow's columns, read from OFFER_SOURCE. */
export const OFFER_COLUMNS = `o.id, o.token_id, t.ticker, b.name AS brand_name, o.title, o.description,
  o.price::text, o.active`;
/** Offers with their token (`t`) and its brand (`b`). */
export const OFFER_SOURCE = `brand_token_offers o JOIN brand_tokens t ON t.id = o.token_id
  JOIN brands b ON b.id = t.brand_id`;
export const REDEMPTION_COLUMNS = `r.id AS redemption_id, r.code, r.used_at, r.created_at AS redeemed_at,
  ${OFFER_COLUMNS}`;
export const TOKEN_COLUMNS = `t.id, t.brand_id::text, b.name AS brand_name, t.name, t.ticker, t.cap::text,
  t.address, t.status, t.request_id, t.created_at`;

export const whole = (baseUnits: string | bigint) => toTokenNumber(BigInt(baseUnits));
export const baseUnits = (tokens: number) => BigInt(tokens) * ONE_TOKEN;

export function toToken(row: TokenRow): BrandToken {
  return {
    id: row.id,
    brand_id: Number(row.brand_id),
    brand_name: row.brand_name,
    name: row.name,
    ticker: row.ticker,
    cap: whole(row.cap),
    address: row.address,
    status: row.status,
    request_id: row.request_id,
    created_at: row.created_at.toISOString(),
  };
}

export function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    token_id: row.token_id,
    ticker: row.ticker,
    brand_name: row.brand_name,
    title: row.title,
    description: row.description,
    price: whole(row.price),
    active: row.active,
  };
}

export function toRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.redemption_id,
    offer: toOffer(row),
    code: row.code,
    used_at: row.used_at ? row.used_at.toISOString() : null,
    created_at: row.redeemed_at.toISOString(),
  };
}

export function randomRedemptionCode(): string {
  let code = '';
  for (let index = 0; index < REDEMPTION_CODE_LENGTH; index += 1) {
    code += REDEMPTION_CODE_ALPHABET[randomInt(REDEMPTION_CODE_ALPHABET.length)];
  }
  return code;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof UniqueConstraintError)) return false;
  return (error.original as { constraint?: string } | undefined)?.constraint === constraint;
}

/** Serialises work on one key (a brand, a request id) until the transaction ends. */
export async function lockKey(db: Database, key: string, transaction: Transaction): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7251060))', [key], {
    transaction,
  });
}

export const chainUnavailable = () => new DomainError(503, 'brandTokens.errors.chainUnavailable');
export const notFound = () => new DomainError(404, 'errors.notFound');

export function tickerTaken() {
  return new DomainError(409, 'brandTokens.errors.tickerTaken', {
    fields: { ticker: 'brandTokens.errors.tickerTaken' },
  });
}

export type MoveKind = (typeof TOKEN_MOVE_KINDS)[number];

/** How a ledger entry on the customer's account reads in their history. */
export function moveKind(kind: string | undefined, amount: bigint): MoveKind {
  switch (kind) {
    case 'bt-claim':
      return 'claimed';
    case 'bt-redeem':
      return 'redeemed';
    case 'bt-transfer':
      return amount < 0n ? 'sent' : 'received';
    case 'bt-send-reversal':
      // A claim or transfer to a wallet that failed on chain: the tokens came back.
      return 'received';
    default:
      return 'received';
  }
}
