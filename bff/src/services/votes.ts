import type { VoteStatus } from '@brnd/contracts/api/brands';
import {
  CONTEST_TIME_ZONE,
  VOTE_WINDOW_HOURS,
  VOTE_WINDOW_MS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import { DomainError } from './errors.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, type Ledger } from './ledger.ts';

/**
 * Votes (decision record 009). Every rule is enforced inside one PostgreSQL transaction that
 * holds the voter's advisory lock, so any number of bff instances on one database agree:
 * at most VOTES_PER_WINDOW votes per user in any 24 hours, one per brand (also guarded by the
 * votes table's exclusion constraint), and each accepted vote credits 1 BRND through the ledger
 * under the key `vote:<id>`.
 */

/** First key of the voters' advisory locks; the second is a hash of the user id. */
const VOTE_LOCK_SPACE = 7_251_030;
/** An exclusion constraint refused the row: the same brand within the window. */
const EXCLUSION_VIOLATION = '23P01';
const HOUR_MS = 60 * 60_000;

/** Trending (decision record 010): a vote's weight halves every TREND_HALF_LIFE_HOURS. */
export const TREND_HALF_LIFE_HOURS = 24;
const TREND_EPOCH_MS = Date.UTC(2020, 0, 1);
const TREND_RATE_PER_HOUR = Math.LN2 / TREND_HALF_LIFE_HOURS;

/**
 * The log-weight of a vote cast at `at`. A brand's trend score is the log of the sum of
 * exp(weight) of its votes: ordering by it equals ordering by the decayed vote count at any
 * moment, so the ranking needs no recomputation and reads one index.
 */
export function trendWeight(at: Date): number {
  return ((at.getTime() - TREND_EPOCH_MS) / HOUR_MS) * TREND_RATE_PER_HOUR;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONTEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The contest month (YYYY-MM in Europe/Warsaw) an instant belongs to. */
export function contestMonth(at: Date): string {
  return monthFormat.format(at);
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

export type Clock = () => Date;

export interface VoteWindow {
  /** Brand ids this user voted for within the window. */
  brandIds: Set<number>;
  count: number;
  /** When the oldest vote of the window was cast. */
  oldest: Date | null;
}

export interface VoteService {
  vote(userId: string, brandId: number): Promise<{ voteId: string; month: string }>;
  window(userId: string, options?: { transaction?: Transaction }): Promise<VoteWindow>;
  status(userId: string): Promise<VoteStatus>;
}

function sqlState(error: unknown): string | undefined {
  const parent = (error as { parent?: { code?: string } }).parent;
  return parent?.code ?? (error as { code?: string }).code;
}

export function createVoteService({
  db,
  ledger,
  clock = () => new Date(),
}: {
  db: Database;
  ledger: Ledger;
  clock?: Clock;
}): VoteService {
  async function window(
    userId: string,
    at: Date,
    transaction: Transaction | undefined,
  ): Promise<VoteWindow> {
    const rows = await db.query<{ brand_id: string; cast_at: Date }>(
      `SELECT brand_id::text, cast_at FROM votes
       WHERE user_id = $1 AND cast_at > $2::timestamptz - interval '${VOTE_WINDOW_HOURS} hours'`,
      [userId, at.toISOString()],
      transaction ? { transaction } : {},
    );
    const times = rows.map((row) => new Date(row.cast_at).getTime());
    return {
      brandIds: new Set(rows.map((row) => Number(row.brand_id))),
      count: rows.length,
      oldest: times.length > 0 ? new Date(Math.min(...times)) : null,
    };
  }

  function limitError(oldest: Date | null, at: Date): DomainError {
    const freeAt = (oldest?.getTime() ?? at.getTime()) + VOTE_WINDOW_MS;
    const seconds = Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000));
    return new DomainError(429, 'errors.voteLimit', {
      values: { voteLimit: VOTES_PER_WINDOW, timeInHours: Math.ceil(seconds / 3600) },
      retryAfterSeconds: seconds,
    });
  }

  return {
    async vote(userId, brandId) {
      try {
        return await db.transaction(async (transaction) => {
          const options = { transaction };
          // Serialises this user's votes across every bff instance; other users are not held up.
          await db.query(
            'SELECT pg_advisory_xact_lock($1, hashtext($2))',
            [VOTE_LOCK_SPACE, userId],
            options,
          );
          // Read after the lock: a vote that waited for it is later than every vote it waited
          // for, so the window below sees them all (it has no upper bound either, in case
          // another instance's clock runs ahead).
          const at = clock();
          const [brand] = await db.query<{ industry: string | null }>(
            'SELECT industry FROM brands WHERE id = $1',
            [brandId],
            options,
          );
          if (!brand) throw new DomainError(404, 'errors.notFound');

          const current = await window(userId, at, transaction);
          if (current.brandIds.has(brandId)) throw new DomainError(409, 'errors.alreadyVoted');
          if (current.count >= VOTES_PER_WINDOW) throw limitError(current.oldest, at);

          const month = contestMonth(at);
          const [vote] = await db.query<{ id: string }>(
            `INSERT INTO votes (user_id, brand_id, cast_at, month) VALUES ($1, $2, $3, $4)
             RETURNING id::text`,
            [userId, brandId, at.toISOString(), month],
            options,
          );
          await db.query(
            `INSERT INTO brand_month_votes AS tally (brand_id, month, industry, votes, reached_at)
             VALUES ($1, $2, $3, 1, $4)
             ON CONFLICT (brand_id, month)
             DO UPDATE SET votes = tally.votes + 1, reached_at = excluded.reached_at`,
            [brandId, month, brand.industry, at.toISOString()],
            options,
          );
          // log(exp(score) + exp(weight)), computed without overflow.
          await db.query(
            `UPDATE brands SET trend_score = CASE
               WHEN trend_score = '-Infinity' THEN $2
               ELSE greatest(trend_score, $2) + ln(1 + exp(-abs(trend_score - $2)))
             END
             WHERE id = $1`,
            [brandId, trendWeight(at)],
            options,
          );
          const account = await ledger.ensureUserAccount(userId, options);
          await ledger.post(
            {
              idempotencyKey: `vote:${vote!.id}`,
              entries: [
                { account: LEDGER_ACCOUNTS.supply, amount: -ONE_TOKEN },
                { account, amount: ONE_TOKEN },
              ],
              metadata: { kind: 'vote', brandId, month },
            },
            options,
          );
          return { voteId: vote!.id, month };
        });
      } catch (error) {
        if (sqlState(error) === EXCLUSION_VIOLATION) {
          throw new DomainError(409, 'errors.alreadyVoted');
        }
        throw error;
      }
    },

    window(userId, options = {}) {
      return window(userId, clock(), options.transaction);
    },

    async status(userId) {
      const at = clock();
      const current = await window(userId, at, undefined);
      const votesLeft = Math.max(0, VOTES_PER_WINDOW - current.count);
      if (votesLeft > 0 || !current.oldest) {
        return {
          voteLimit: VOTES_PER_WINDOW,
          votesLeft,
          timeInHours: VOTE_WINDOW_HOURS,
          nextVoteAt: null,
        };
      }
      const nextVoteAt = new Date(current.oldest.getTime() + VOTE_WINDOW_MS);
      return {
        voteLimit: VOTES_PER_WINDOW,
        votesLeft,
        timeInHours: Math.max(1, Math.ceil((nextVoteAt.getTime() - at.getTime()) / HOUR_MS)),
        nextVoteAt: nextVoteAt.toISOString(),
      };
    },
  };
}
