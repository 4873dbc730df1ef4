import {
  CONTEST_STANDINGS_LIMIT,
  type ClosedMonth,
  type Standing,
} from '@brnd/contracts/api/admin-contest';
import type { Database } from '../db/database.ts';
import type { AuditLog } from './audit-log.ts';
import type { ContestService } from './contest.ts';
import { DomainError } from './errors.ts';
import { toTokenNumber } from './ledger.ts';
import { contestMonth, type Clock } from './votes.ts';
import type { Operator } from './verification.ts';

/**
 * The contest as operators see it: the running month's standings, every closed month with who
 * received the prize, and closing an ended month by hand through the same idempotent close the
 * scheduled job uses (services/contest.ts), with the operator's audit row in its transaction.
 */

interface ClosedRow {
  month: string;
  brand_id: string;
  name: string;
  website: string;
  image_url: string;
  votes: number;
  prize: string;
  credited: boolean;
  owner_email: string | null;
  closed_at: Date;
}

const CLOSED_SELECT = `SELECT w.month, w.brand_id::text, b.name, b.website, b.image_url, w.votes,
    w.prize::text, w.ledger_transaction_id IS NOT NULL AS credited, u.email AS owner_email,
    w.closed_at
  FROM contest_winners w JOIN brands b ON b.id = w.brand_id LEFT JOIN users u ON u.id = w.owner_id`;

function closedMonth(row: ClosedRow): ClosedMonth {
  return {
    month: row.month,
    brand_id: Number(row.brand_id),
    name: row.name,
    website: row.website,
    image_url: row.image_url,
    votes: row.votes,
    // Recorded as the prize either way; only an owner's ledger posting means it was paid.
    prize: row.credited ? toTokenNumber(BigInt(row.prize)) : 0,
    owner_email: row.credited ? row.owner_email : null,
    closed_at: row.closed_at.toISOString(),
  };
}

export function createContestAdmin({
  db,
  contest,
  audit,
  clock = () => new Date(),
}: {
  db: Database;
  contest: ContestService;
  audit: AuditLog;
  clock?: Clock;
}) {
  async function closedOne(month: string): Promise<ClosedMonth | undefined> {
    const [row] = await db.query<ClosedRow>(`${CLOSED_SELECT} WHERE w.month = $1`, [month]);
    return row && closedMonth(row);
  }

  return {
    async overview() {
      const month = contestMonth(clock());
      const [standings, winners, open] = await Promise.all([
        db.query<{
          brand_id: string;
          name: string;
          website: string;
          image_url: string;
          votes: number;
        }>(
          `SELECT t.brand_id::text, b.name, b.website, b.image_url, t.votes
           FROM brand_month_votes t JOIN brands b ON b.id = t.brand_id
           WHERE t.month = $1 ORDER BY t.votes DESC, t.reached_at, t.brand_id LIMIT $2`,
          [month, CONTEST_STANDINGS_LIMIT],
        ),
        db.query<ClosedRow>(`${CLOSED_SELECT} ORDER BY w.month DESC`),
        db.query<{ month: string }>(
          `SELECT DISTINCT t.month FROM brand_month_votes t
           WHERE t.month < $1
             AND NOT EXISTS (SELECT 1 FROM contest_winners w WHERE w.month = t.month)
           ORDER BY t.month`,
          [month],
        ),
      ]);
      return {
        month,
        standings: standings.map((row, index): Standing => ({
          rank: index + 1,
          brand_id: Number(row.brand_id),
          name: row.name,
          website: row.website,
          image_url: row.image_url,
          votes: row.votes,
        })),
        winners: winners.map(closedMonth),
        open_months: open.map((row) => row.month),
      };
    },

    /**
     * Closes `month` if it has ended. A month closed before (by the job, or another operator a
     * moment ago) answers its record with `closedNow: false` and moves nothing.
     */
    async close(operator: Operator, month: string) {
      // YYYY-MM strings order like the months they name.
      if (month >= contestMonth(clock())) {
        throw new DomainError(409, 'adminContest.errors.notEnded', { values: { month } });
      }
      const closed = await contest.close(month, {
        onClosed: (record, transaction) =>
          audit.record(
            {
              actorId: operator.id,
              actorEmail: operator.email,
              action: 'contest.close',
              subject: month,
              details: { brand_id: record.brandId, votes: record.votes },
            },
            transaction,
          ),
      });
      if (!closed) {
        throw new DomainError(409, 'adminContest.errors.noVotes', { values: { month } });
      }
      const winner = await closedOne(month);
      if (!winner) throw new Error(`contest month ${month} closed but not recorded`);
      return { winner, closedNow: closed.closedNow };
    },
  };
}

export type ContestAdmin = ReturnType<typeof createContestAdmin>;
