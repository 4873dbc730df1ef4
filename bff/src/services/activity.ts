import type { ActivityKind, ActivityRow, ActivitySource } from '@brnd/contracts/api/activity';
import type { Database } from '../db/database.ts';
import { toTokenNumber, userAccount } from './ledger.ts';

/**
 * Every movement of a user's BRND balance, read from the ledger itself (docs/decisions/039): the
 * rows are the balance's entries, so they always sum to it. Each names its source from the
 * posting's metadata, which the code that posts writes (orders, desk, votes, referrals, contest,
 * payouts).
 */
export interface ActivityService {
  list(
    userId: string,
    page: { limit?: number | undefined; offset?: number | undefined },
  ): Promise<{ rows: ActivityRow[]; count: number }>;
}

interface EntryRow {
  id: string;
  at: Date;
  amount: string;
  metadata: Record<string, unknown> | null;
}

const KINDS: Record<string, ActivityKind> = {
  sale: 'purchase',
  'sale-resolution': 'operator_credit',
  vote: 'vote_reward',
  referral_signup: 'referral_reward',
  referral_brand: 'referral_reward',
  referral_sale: 'referral_reward',
  'contest-prize': 'contest_prize',
  'payout-claim': 'payout',
  'payout-reversal': 'payout_returned',
};

function text(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function sourceOf(kind: ActivityKind, metadata: Record<string, unknown>): ActivityRow['source'] {
  const of = (type: ActivitySource, id: string | null) => (id ? { type, id } : null);
  switch (kind) {
    case 'purchase':
    case 'operator_credit': {
      const order = text(metadata.order);
      // Card orders are named by the provider's transaction hash and have no page of their own.
      return of(metadata.method === 'PLN' ? 'card_order' : 'order', order);
    }
    case 'vote_reward':
    case 'contest_prize':
      return of('brand', text(metadata.brandId));
    case 'referral_reward':
      return of('referrals', text(metadata.linkId) ?? 'programme');
    case 'payout':
    case 'payout_returned':
      return of('payout', text(metadata.payoutId));
    default:
      return null;
  }
}

export function createActivityService({ db }: { db: Database }): ActivityService {
  return {
    async list(userId, page) {
      const account = userAccount(userId);
      const [rows, [total]] = await Promise.all([
        db.query<EntryRow>(
          `SELECT t.id::text, t.created_at AS at, e.amount::text, t.metadata
           FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
           WHERE e.account_id = $1
           ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
          [account, page.limit ?? null, page.offset ?? 0],
        ),
        db.query<{ count: string }>(
          'SELECT count(*)::text AS count FROM ledger_entries WHERE account_id = $1',
          [account],
        ),
      ]);
      return {
        count: Number(total?.count ?? 0),
        rows: rows.map((row) => {
          const metadata = row.metadata ?? {};
          const kind = KINDS[String(metadata.kind)] ?? 'other';
          return {
            id: row.id,
            at: row.at.toISOString(),
            kind,
            brnd_tokens: toTokenNumber(BigInt(row.amount)),
            source: sourceOf(kind, metadata),
          };
        }),
      };
    },
  };
}
