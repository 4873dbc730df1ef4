import type { VoteStatus } from '@brnd/contracts/api/brands';
import {
  CONTEST_TIME_ZONE,
  VOTE_REWARD_BRND,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import { voteWait } from '@brnd/contracts/domain/votes';
import type { Transaction } from 'sequelize';
import { createBatcher, type Batching } from '../db/batches.ts';
import type { Database } from '../db/database.ts';
import { SQL_STATE, sqlError } from '../db/sql-errors.ts';
import { DomainError } from './errors.ts';
import { ONE_TOKEN } from './ledger.ts';
import { EVENTS_CHANNEL } from './live-events.ts';

/**
 * Votes (decision records 009, 025 and 062). Every rule is enforced by one PostgreSQL
 * statement, `cast_votes` (migrations 0071, 0115, 0140), that holds each voter's advisory lock,
 * so any number of bff instances on one database agree: at most VOTES_PER_WINDOW votes per user in any
 * VOTE_WINDOW_HOURS, VOTES_PER_BRAND_PER_WINDOW per brand (also guarded by the votes table's
 * exclusion constraint), and each accepted vote credits 1 BRND through the ledger under the key
 * `vote:<id>`.
 */

/**
 * How long accepted votes gather before their tallies are announced in one statement (a NOTIFY
 * takes a lock for the whole database while its transaction commits, so one per vote would make
 * the votes commit one by one) and their trend weights are folded (decision 052). Live counts
 * and trending lag by about this much.
 */
const FOLLOW_UP_DELAY_MS = 100;
/** Trend weights folded per statement, so one fold never holds many brands for long. */
const TREND_FOLD_BATCH = 5_000;

/**
 * How votes share a `cast_votes` statement (decisions 062 and 068). Measured on the votes bench
 * (decision 068): sending each vote alone while fewer than 16 were in flight (decision 062) kept
 * batches at ~1 under real concurrency, so every vote paid a commit and a round trip of its own;
 * waiting 2 ms for others forms them (without the wait, decision 080 measured fewer votes/s).
 */
export const VOTE_BATCHING: Batching = { gatherMs: 2, maxBatch: 64, inFlight: 4 };

interface Ballot {
  userId: string;
  brandId: number;
  at: Date;
  month: string;
}

interface CastRow {
  outcome: string;
  vote_id: string | null;
  oldest: Date | null;
}

const HOUR_MS = 60 * 60_000;

/** What `cast_vote` credits per accepted vote, in base units. */
export const VOTE_REWARD_BASE_UNITS = (BigInt(VOTE_REWARD_BRND) * ONE_TOKEN).toString();

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

let lastMonth = { hour: Number.NaN, month: '' };

/** The contest month (YYYY-MM in Europe/Warsaw) an instant belongs to. */
export function contestMonth(at: Date): string {
  // Formatting in a time zone costs more than the rest of a brand listing's own work, and every
  // listing asks. Warsaw's offsets are whole hours, so a month starts on a UTC hour: within one,
  // the answer cannot change.
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (hour !== lastMonth.hour) lastMonth = { hour, month: monthFormat.format(at) };
  return lastMonth.month;
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

/** Runs `work` off the request (composition.ts passes the app's tracked background runner). */
export type RunInBackground = (name: string, work: () => Promise<void>) => void;

const runDetached: RunInBackground = (_name, work) => void work().catch(() => {});

export function createVoteService({
  db,
  clock = () => new Date(),
  runInBackground = runDetached,
  batching = VOTE_BATCHING,
}: {
  db: Database;
  clock?: Clock;
  runInBackground?: RunInBackground;
  /** Only benches and tests pass their own (decision 068). */
  batching?: Batching;
}): VoteService {
  /** Tallies changed by this instance's votes and not announced yet, by `brand month`. */
  const unannounced = new Map<string, { brand: number; month: string }>();
  /** Whether this instance's votes may have left trend weights to fold. */
  let unfolded = false;
  let following = false;

  /**
   * What follows a vote's commit, a moment later and for many votes at once (decision 052):
   * the changed tallies are announced on the live-events channel (migration 0095's payload, each
   * tally read as committed), since `cast_vote` leaves that to its caller; and the pending trend
   * weights are folded into the brands' scores (`fold_brand_trends`, migration 0115), whoever
   * cast them. Votes cast meanwhile wait for the next round.
   */
  function followUp(brand: number, month: string): void {
    unannounced.set(`${brand} ${month}`, { brand, month });
    unfolded = true;
    if (following) return;
    following = true;
    runInBackground('after votes', async () => {
      try {
        while (unannounced.size > 0 || unfolded) {
          await new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_DELAY_MS));
          const tallies = [...unannounced.values()];
          unannounced.clear();
          if (tallies.length > 0) {
            await db.query(
              `SELECT pg_notify('${EVENTS_CHANNEL}', json_build_object('topic', 'votes',
                 'brand', t.brand_id, 'month', t.month, 'votes', t.votes)::text)
               FROM brand_month_votes t
               JOIN unnest($1::bigint[], $2::text[]) AS c(brand, month)
                 ON t.brand_id = c.brand AND t.month = c.month`,
              [tallies.map((tally) => tally.brand), tallies.map((tally) => tally.month)],
            );
          }
          unfolded = false;
          const [fold] = await db.query<{ folded: number }>(
            'SELECT fold_brand_trends($1) AS folded',
            [TREND_FOLD_BATCH],
          );
          // Another instance is folding, or more is pending than one batch: go round again.
          if (fold?.folded === -1 || fold?.folded === TREND_FOLD_BATCH) unfolded = true;
        }
      } finally {
        following = false;
      }
    });
  }

  /** A ballot leaves in a `cast_votes` statement with the others that arrived with it. */
  const castInBatch = createBatcher(batching, castVotes);

  /** One statement, its own transaction: cast_votes (migrations 0115, 0140) holds the rules. */
  async function castVotes(ballots: Ballot[]): Promise<CastRow[]> {
    const rows = await db.query<CastRow & { ballot: number }>(
      `SELECT ballot, outcome, vote_id::text, oldest
       FROM cast_votes($1::uuid[], $2::bigint[], $3::timestamptz[], $4::text[],
                       $5::double precision[], $6::numeric)`,
      [
        ballots.map((ballot) => ballot.userId),
        ballots.map((ballot) => ballot.brandId),
        ballots.map((ballot) => ballot.at.toISOString()),
        ballots.map((ballot) => ballot.month),
        ballots.map((ballot) => trendWeight(ballot.at)),
        VOTE_REWARD_BASE_UNITS,
      ],
    );
    if (rows.length !== ballots.length) {
      throw new Error(`votes: cast_votes answered ${rows.length} rows for ${ballots.length}`);
    }
    const byBallot = new Array<CastRow>(ballots.length);
    for (const row of rows) byBallot[row.ballot - 1] = row;
    return byBallot;
  }

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
    const wait = voteWait((oldest ?? at).getTime(), at.getTime());
    return new DomainError(429, 'errors.voteLimit', {
      values: { voteLimit: VOTES_PER_WINDOW, timeInHours: wait.timeInHours },
      retryAfterSeconds: wait.retryAfterSeconds,
    });
  }

  return {
    async vote(userId, brandId) {
      const at = clock();
      const month = contestMonth(at);
      try {
        const row = await castInBatch({ userId, brandId, at, month });
        if (row.outcome === 'accepted' && row.vote_id) {
          followUp(brandId, month);
          return { voteId: row.vote_id, month };
        }
        if (row.outcome === 'not_found') throw new DomainError(404, 'errors.notFound');
        if (row.outcome === 'already_voted') throw new DomainError(409, 'errors.alreadyVoted');
        if (row.outcome === 'limit') {
          throw limitError(row.oldest ? new Date(row.oldest) : null, at);
        }
        throw new Error(`votes: cast_votes answered ${JSON.stringify(row)}`);
      } catch (error) {
        // The exclusion constraint, should the rule above ever be bypassed.
        if (sqlError(error).code === SQL_STATE.exclusionViolation) {
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
      const wait = voteWait(current.oldest.getTime(), at.getTime());
      return {
        voteLimit: VOTES_PER_WINDOW,
        votesLeft,
        timeInHours: wait.timeInHours,
        nextVoteAt: new Date(wait.freeAt).toISOString(),
      };
    },
  };
}
