import { createHash } from 'node:crypto';
import type { Referral } from '@brnd/contracts/api/referrals';
import {
  REFERRAL_CLICK_WINDOW_MS,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
} from '@brnd/contracts/domain/constants';
import {
  REFERRAL_LINKS_PER_USER,
  isSelfReferral,
  referralAccountCode,
  type ReferralTarget,
} from '@brnd/contracts/domain/referrals';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { DomainError } from './errors.ts';
import {
  InsufficientBalanceError,
  ONE_TOKEN,
  toTokenNumber,
  userAccount,
  type Ledger,
} from './ledger.ts';
import type { RateLimiter } from './rate-limits.ts';
import { randomReferralCode } from './secrets.ts';

/** Where referral rewards are paid from (funded by migration 0040). */
export const REFERRAL_POOL_ACCOUNT = 'rewards:referrals';

/** A link a referral code points at. */
export interface ReferralLinkRef {
  linkId: string;
  userId: string;
}

/** What a paid order tells the referral programme (the sale's `onOrderPaid`). */
export interface PaidOrder {
  orderId: string;
  /** The buyer. */
  userId: string;
  /** Whole BRND credited to the buyer. */
  brndTokens: number;
  /** USD per BRND the order was priced at. */
  price: number;
}

export interface RewardOutcome {
  /** BRND base units paid to the referrer; 0n when nothing was due or it was paid before. */
  amount: bigint;
  /** Why nothing was paid, for logs and tests. */
  skipped?: 'not-referred' | 'unverified' | 'self-referral' | 'already-paid' | 'pool-empty';
}

export interface ReferralService {
  /** The link a code names: the exact link, else the account's own link (`CODE-anything`). */
  resolve(code: string | undefined): Promise<ReferralLinkRef | null>;
  /** Records, with a new account, the link it signed up through (inside the sign-up). */
  attributeSignup(userId: string, link: ReferralLinkRef, transaction: Transaction): Promise<void>;
  /** Counts a click on the link, once per visitor (address and browser) per window. */
  visit(code: string, visitor: { ip: string; userAgent: string }): Promise<void>;
  list(userId: string): Promise<Referral[]>;
  edit(userId: string, code: string, description: string): Promise<void>;
  create(userId: string, input: { description: string; target: ReferralTarget }): Promise<Referral>;
  /** Archives one of the user's links other than their account's own (decision 064). */
  archive(userId: string, code: string): Promise<void>;
  /** Deletes one of the user's links that brought no sign-up and no reward (decision 064). */
  remove(userId: string, code: string): Promise<void>;
  /** 10 BRND when a referred account completes verification; call inside that transaction. */
  rewardSignup(referredUserId: string, transaction: Transaction): Promise<RewardOutcome>;
  /** 100 BRND when an operator verifies a user-added brand that came with a referral code. */
  rewardBrandReferral(input: {
    brandId: string | number;
    creatorUserId: string;
    referralCode: string | undefined;
    transaction?: Transaction;
  }): Promise<RewardOutcome>;
  /** 10 % of a referred buyer's tokens, once per order, when the order is paid. */
  rewardSale(order: PaidOrder, options?: { transaction?: Transaction }): Promise<RewardOutcome>;
}

interface PartyRow {
  id: string;
  email: string;
  mobile: string;
  wallet_address: string | null;
  verified: boolean;
}

/** The sale share in whole basis points, so the reward is integer arithmetic on base units. */
const SALE_SHARE_BPS = BigInt(Math.round(REFERRAL_SALE_SHARE * 10_000));

export function saleReward(brndTokens: number): bigint {
  if (!Number.isSafeInteger(brndTokens) || brndTokens < 0) {
    throw new Error(`referrals: ${brndTokens} is not a whole number of tokens`);
  }
  return (BigInt(brndTokens) * ONE_TOKEN * SALE_SHARE_BPS) / 10_000n;
}

const CODE_SUFFIX_LENGTH = 5;

export function createReferralService(deps: {
  db: Database;
  ledger: Ledger;
  limiter: RateLimiter;
  logger: Logger;
}): ReferralService {
  const { db, ledger, limiter, logger } = deps;

  const inTx = (transaction: Transaction | undefined) => (transaction ? { transaction } : {});

  async function findLink(code: string, transaction?: Transaction) {
    const [row] = await db.query<{ id: string; user_id: string; archived: boolean }>(
      `SELECT id, user_id, archived_at IS NOT NULL AS archived
       FROM referral_links WHERE upper(code) = upper($1)`,
      [code.trim()],
      inTx(transaction),
    );
    return row ? { linkId: row.id, userId: row.user_id, archived: row.archived } : null;
  }

  /**
   * An archived (or deleted) link no longer counts on itself: its code still names the account,
   * so its visitors and sign-ups count on the account's own link (decision 064).
   */
  async function resolve(
    code: string | undefined,
    transaction?: Transaction,
  ): Promise<ReferralLinkRef | null> {
    if (!code?.trim()) return null;
    const exact = await findLink(code, transaction);
    const link =
      exact && !exact.archived ? exact : await findLink(referralAccountCode(code), transaction);
    return link && !link.archived ? { linkId: link.linkId, userId: link.userId } : null;
  }

  /**
   * One of the user's links other than their account's own, locked for a change; 404 for
   * another's or an unknown link, 409 for the account's own (its code is the account's).
   */
  async function ownedLink(userId: string, code: string, transaction: Transaction) {
    const [link] = await db.query<{ id: string; own: boolean }>(
      `SELECT l.id, upper(l.code) = upper(u.referral_code) AS own
       FROM referral_links l JOIN users u ON u.id = l.user_id
       WHERE l.user_id = $1 AND upper(l.code) = upper($2) FOR UPDATE OF l`,
      [userId, code],
      { transaction },
    );
    if (!link) throw new DomainError(404, 'referrals.errors.unknownLink');
    if (link.own) throw new DomainError(409, 'referrals.errors.ownLink');
    return link.id;
  }

  async function parties(ids: string[], transaction: Transaction | undefined) {
    const rows = await db.query<PartyRow>(
      `SELECT id, email, mobile, wallet_address,
              (email_verified_at IS NOT NULL AND phone_verified_at IS NOT NULL) AS verified
       FROM users WHERE id = ANY($1::uuid[])`,
      [ids],
      inTx(transaction),
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Pays one reward: the ledger posting (idempotent by key) and its `referral_rewards` row in one
   * transaction. Whichever of several racing calls posts first pays; the others find the key taken
   * and pay nothing. Inside a caller's transaction it runs in a savepoint, so an empty pool is
   * logged without undoing the caller's work (a verification must not fail over a reward).
   */
  async function pay(
    reward: {
      kind: 'signup' | 'brand' | 'sale';
      subject: string;
      link: ReferralLinkRef;
      referredUserId: string;
      amount: bigint;
      metadata: Record<string, unknown>;
    },
    outer: Transaction | undefined,
  ): Promise<RewardOutcome> {
    const [referrerId, referredId] = [reward.link.userId, reward.referredUserId];
    const work = async (transaction: Transaction): Promise<RewardOutcome> => {
      const people = await parties([referrerId, referredId], transaction);
      const referrer = people.get(referrerId);
      const referred = people.get(referredId);
      if (!referrer || !referred || !referred.verified || !referrer.verified) {
        return { amount: 0n, skipped: 'unverified' };
      }
      const party = (row: PartyRow) => ({
        email: row.email,
        mobile: row.mobile,
        walletAddress: row.wallet_address,
      });
      if (isSelfReferral(party(referrer), party(referred)))
        return { amount: 0n, skipped: 'self-referral' };

      await ledger.ensureUserAccount(referrerId, { transaction });
      const posted = await ledger.post(
        {
          idempotencyKey: `referral:${reward.kind}:${reward.subject}`,
          entries: [
            { account: REFERRAL_POOL_ACCOUNT, amount: -reward.amount },
            { account: userAccount(referrerId), amount: reward.amount },
          ],
          metadata: {
            kind: `referral_${reward.kind}`,
            linkId: reward.link.linkId,
            referredUserId: referredId,
            ...reward.metadata,
          },
        },
        { transaction },
      );
      if (!posted.created) return { amount: 0n, skipped: 'already-paid' };
      await db.query(
        `INSERT INTO referral_rewards
           (kind, subject, link_id, referrer_id, referred_user_id, amount, ledger_transaction_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          reward.kind,
          reward.subject,
          reward.link.linkId,
          referrerId,
          referredId,
          reward.amount.toString(),
          posted.id,
        ],
        { transaction },
      );
      return { amount: reward.amount };
    };

    const emptyPool = (error: unknown): RewardOutcome => {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      logger.error('referral reward not paid: the referral pool is empty', {
        kind: reward.kind,
        subject: reward.subject,
      });
      return { amount: 0n, skipped: 'pool-empty' };
    };

    if (!outer) return db.transaction(work).catch(emptyPool);
    await db.query('SAVEPOINT referral_reward', [], { transaction: outer });
    try {
      const outcome = await work(outer);
      await db.query('RELEASE SAVEPOINT referral_reward', [], { transaction: outer });
      return outcome;
    } catch (error) {
      await db.query('ROLLBACK TO SAVEPOINT referral_reward', [], { transaction: outer });
      return emptyPool(error);
    }
  }

  async function referralOf(userId: string, transaction: Transaction | undefined) {
    const [row] = await db.query<{ link_id: string; referrer_id: string }>(
      'SELECT link_id, referrer_id FROM referral_signups WHERE referred_user_id = $1',
      [userId],
      inTx(transaction),
    );
    return row ? { linkId: row.link_id, userId: row.referrer_id } : null;
  }

  async function rows(userId: string, code?: string): Promise<Referral[]> {
    const found = await db.query<{
      code: string;
      description: string;
      clicks: string;
      signups: string;
      tokens: string;
      archived: boolean;
    }>(
      `SELECT l.code, l.description, l.clicks::text, l.archived_at IS NOT NULL AS archived,
              (SELECT count(*) FROM referral_rewards r
                WHERE r.link_id = l.id AND r.kind = 'signup')::text AS signups,
              (SELECT coalesce(sum(r.amount), 0) FROM referral_rewards r
                WHERE r.link_id = l.id)::text AS tokens
       FROM referral_links l
       WHERE l.user_id = $1 AND ($2::text IS NULL OR upper(l.code) = upper($2))
       ORDER BY l.created_at, l.id`,
      [userId, code ?? null],
    );
    return found.map((row) => ({
      code: row.code,
      description: row.description,
      clicks: Number(row.clicks),
      signups: Number(row.signups),
      tokens: toTokenNumber(BigInt(row.tokens)),
      archived: row.archived,
    }));
  }

  return {
    resolve: (code) => resolve(code),

    async attributeSignup(userId, link, transaction) {
      // An account cannot be its own referrer; the CHECK would refuse it anyway.
      if (link.userId === userId) return;
      await db.query(
        `INSERT INTO referral_signups (referred_user_id, link_id, referrer_id) VALUES ($1, $2, $3)
         ON CONFLICT (referred_user_id) DO NOTHING`,
        [userId, link.linkId, link.userId],
        { transaction },
      );
    },

    async visit(code, { ip, userAgent }) {
      const link = await resolve(code);
      if (!link) throw new DomainError(404, 'referrals.errors.unknownLink');
      // Hashed: the rate-limit key must tell visitors apart, not keep their addresses.
      const visitor = createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url');
      const first = await limiter.hit(
        `referral-click:${link.linkId}:${visitor}`,
        1,
        REFERRAL_CLICK_WINDOW_MS,
      );
      if (!first.allowed) return;
      await db.query('UPDATE referral_links SET clicks = clicks + 1 WHERE id = $1', [link.linkId]);
    },

    list: (userId) => rows(userId),

    async edit(userId, code, description) {
      const [updated] = await db.query<{ id: string }>(
        `UPDATE referral_links SET description = $3
         WHERE user_id = $1 AND upper(code) = upper($2) RETURNING id`,
        [userId, code, description],
      );
      if (!updated) throw new DomainError(404, 'referrals.errors.unknownLink');
    },

    async create(userId, { description, target }) {
      const [account] = await db.query<{ referral_code: string }>(
        'SELECT referral_code FROM users WHERE id = $1',
        [userId],
      );
      if (!account) throw new DomainError(404, 'errors.notFound');
      const prefix = target === 'register' ? '' : target.toUpperCase();
      for (let attempt = 1; ; attempt += 1) {
        // The alphabet has no I or O, so a random part never reads `ico` or `vote` by chance.
        const code = `${account.referral_code}-${prefix}${randomReferralCode(CODE_SUFFIX_LENGTH)}`;
        try {
          const inserted = await db.transaction(async (transaction) => {
            // Serialises a user's creations, so parallel requests cannot pass the limit.
            await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId], {
              transaction,
            });
            // Archived links are the user's history, not links in use: they do not count.
            const [count] = await db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM referral_links WHERE user_id = $1 AND archived_at IS NULL',
              [userId],
              { transaction },
            );
            if ((count?.n ?? 0) >= REFERRAL_LINKS_PER_USER) {
              throw new DomainError(409, 'referrals.errors.tooManyLinks', {
                values: { limit: REFERRAL_LINKS_PER_USER },
              });
            }
            await db.query(
              'INSERT INTO referral_links (user_id, code, description) VALUES ($1, $2, $3)',
              [userId, code, description],
              { transaction },
            );
            return code;
          });
          const [created] = await rows(userId, inserted);
          if (!created) throw new Error('referrals: a created link vanished');
          return created;
        } catch (error) {
          // 32^5 suffixes per account: a clash is rare, a few fresh draws make it negligible.
          if (error instanceof UniqueConstraintError && attempt < 5) continue;
          throw error;
        }
      }
    },

    async archive(userId, code) {
      await db.transaction(async (transaction) => {
        const id = await ownedLink(userId, code, transaction);
        await db.query(
          'UPDATE referral_links SET archived_at = coalesce(archived_at, now()) WHERE id = $1',
          [id],
          { transaction },
        );
      });
    },

    async remove(userId, code) {
      await db.transaction(async (transaction) => {
        const id = await ownedLink(userId, code, transaction);
        // A sign-up or reward points at the link (and pays on through it): archive instead.
        const [used] = await db.query<{ used: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM referral_signups WHERE link_id = $1)
               OR EXISTS (SELECT 1 FROM referral_rewards WHERE link_id = $1) AS used`,
          [id],
          { transaction },
        );
        if (used?.used) throw new DomainError(409, 'referrals.errors.linkInUse');
        await db.query('DELETE FROM referral_links WHERE id = $1', [id], { transaction });
      });
    },

    async rewardSignup(referredUserId, transaction) {
      const link = await referralOf(referredUserId, transaction);
      if (!link) return { amount: 0n, skipped: 'not-referred' };
      return pay(
        {
          kind: 'signup',
          subject: referredUserId,
          link,
          referredUserId,
          amount: BigInt(REFERRAL_REWARD_USER_BRND) * ONE_TOKEN,
          metadata: {},
        },
        transaction,
      );
    },

    async rewardBrandReferral({ brandId, creatorUserId, referralCode, transaction }) {
      const link = await resolve(referralCode, transaction);
      if (!link) return { amount: 0n, skipped: 'not-referred' };
      return pay(
        {
          kind: 'brand',
          subject: String(brandId),
          link,
          referredUserId: creatorUserId,
          amount: BigInt(REFERRAL_REWARD_BRAND_BRND) * ONE_TOKEN,
          metadata: { brandId: String(brandId) },
        },
        transaction,
      );
    },

    async rewardSale(order, options = {}) {
      const link = await referralOf(order.userId, options.transaction);
      if (!link) return { amount: 0n, skipped: 'not-referred' };
      const amount = saleReward(order.brndTokens);
      if (amount === 0n) return { amount: 0n };
      return pay(
        {
          kind: 'sale',
          subject: order.orderId,
          link,
          referredUserId: order.userId,
          amount,
          metadata: {
            orderId: order.orderId,
            usd: order.brndTokens * order.price,
            price: order.price,
          },
        },
        options.transaction,
      );
    },
  };
}

/** What the sale's `onOrderPaid` reports (bff/src/services/orders/service.ts `OrderPaidEvent`). */
export interface OrderPaidLike {
  orderId: string;
  userId: string;
  /** USD the buyer paid. */
  usd: number;
  /** Whole BRND credited to the buyer. */
  tokens: number;
}

/**
 * The referral share as an `onOrderPaid` hook: it runs inside the transaction that credits the
 * order, so the referrer is paid exactly when (and only if) the buyer is.
 */
export function saleReferralHook(referrals: ReferralService) {
  return async (event: OrderPaidLike, transaction: Transaction): Promise<void> => {
    await referrals.rewardSale(
      {
        orderId: event.orderId,
        userId: event.userId,
        brndTokens: event.tokens,
        price: event.tokens > 0 ? event.usd / event.tokens : 0,
      },
      { transaction },
    );
  };
}
