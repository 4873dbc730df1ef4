import type { Transaction } from 'sequelize';
import type { ContestWinner } from '@brnd/contracts/api/brands';
import { CONTEST_PRIZE_BRND } from '@brnd/contracts/domain/constants';
import type { Database } from '../db/database.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, toTokenNumber, type Ledger } from './ledger.ts';
import { contestMonth, previousMonth, type Clock } from './votes.ts';

/**
 * The monthly contest (decision record 009). Closing a month picks the brand with the most votes
 * that month, the earliest to reach its count winning a tie; credits the prize to the brand's
 * owner through the ledger (`contest:<month>:prize`, once); marks the brand's lifetime premium;
 * and records the winner. All of it is one transaction under the month's advisory lock, and a
 * month already closed is answered from its record, so the job may run any number of times.
 */

const CONTEST_LOCK_SPACE = 7_251_031;
export const CONTEST_PRIZE_BASE_UNITS = BigInt(CONTEST_PRIZE_BRND) * ONE_TOKEN;

export interface ClosedMonth {
  month: string;
  brandId: number;
  votes: number;
  ownerId: string | null;
  /** False when the month had been closed before: nothing moved this time. */
  closedNow: boolean;
}

export function createContestService({
  db,
  ledger,
  clock = () => new Date(),
}: {
  db: Database;
  ledger: Ledger;
  clock?: Clock;
}) {
  /**
   * `onClosed` runs inside the closing transaction when this call is the one that closed the
   * month (an operator's close writes its audit row there), and never for a month closed before.
   */
  async function close(
    month: string,
    hooks: { onClosed?: (closed: ClosedMonth, transaction: Transaction) => Promise<void> } = {},
  ): Promise<ClosedMonth | null> {
    return db.transaction(async (transaction) => {
      const options = { transaction };
      await db.query(
        'SELECT pg_advisory_xact_lock($1, hashtext($2))',
        [CONTEST_LOCK_SPACE, month],
        options,
      );
      const [closed] = await db.query<{ brand_id: string; votes: number; owner_id: string | null }>(
        'SELECT brand_id::text, votes, owner_id FROM contest_winners WHERE month = $1',
        [month],
        options,
      );
      if (closed) {
        return {
          month,
          brandId: Number(closed.brand_id),
          votes: closed.votes,
          ownerId: closed.owner_id,
          closedNow: false,
        };
      }
      const [winner] = await db.query<{ brand_id: string; votes: number; owner_id: string | null }>(
        `SELECT t.brand_id::text, t.votes, b.owner_id FROM brand_month_votes t
         JOIN brands b ON b.id = t.brand_id
         WHERE t.month = $1 ORDER BY t.votes DESC, t.reached_at, t.brand_id LIMIT 1`,
        [month],
        options,
      );
      if (!winner) return null;

      let ledgerTransactionId: string | null = null;
      if (winner.owner_id) {
        const account = await ledger.ensureUserAccount(winner.owner_id, options);
        const posted = await ledger.post(
          {
            idempotencyKey: `contest:${month}:prize`,
            entries: [
              { account: LEDGER_ACCOUNTS.supply, amount: -CONTEST_PRIZE_BASE_UNITS },
              { account, amount: CONTEST_PRIZE_BASE_UNITS },
            ],
            metadata: { kind: 'contest-prize', month, brandId: Number(winner.brand_id) },
          },
          options,
        );
        ledgerTransactionId = posted.id;
      }
      await db.query(
        'UPDATE brands SET lifetime_premium = true WHERE id = $1',
        [winner.brand_id],
        options,
      );
      await db.query(
        `INSERT INTO contest_winners (month, brand_id, votes, prize, owner_id, ledger_transaction_id)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          month,
          winner.brand_id,
          winner.votes,
          CONTEST_PRIZE_BASE_UNITS.toString(),
          winner.owner_id,
          ledgerTransactionId,
        ],
        options,
      );
      const closedNow: ClosedMonth = {
        month,
        brandId: Number(winner.brand_id),
        votes: winner.votes,
        ownerId: winner.owner_id,
        closedNow: true,
      };
      await hooks.onClosed?.(closedNow, transaction);
      return closedNow;
    });
  }

  return {
    close,
    /** Closes the month before the current one (the scheduled job's work). */
    closePreviousMonth() {
      return close(previousMonth(contestMonth(clock())));
    },
    async winners(limit = 12): Promise<ContestWinner[]> {
      const rows = await db.query<{
        month: string;
        brand_id: string;
        name: string;
        website: string;
        image_url: string;
        votes: number;
        prize: string;
      }>(
        `SELECT w.month, w.brand_id::text, b.name, b.website, b.image_url, w.votes, w.prize::text
         FROM contest_winners w JOIN brands b ON b.id = w.brand_id
         ORDER BY w.month DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        month: row.month,
        brand_id: Number(row.brand_id),
        name: row.name,
        website: row.website,
        image_url: row.image_url,
        votes: row.votes,
        prize: toTokenNumber(BigInt(row.prize)),
      }));
    },
  };
}

export type ContestService = ReturnType<typeof createContestService>;
