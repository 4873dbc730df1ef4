import { orders } from '@brnd/contracts/api/orders';
import { payoutAsTransaction } from '@brnd/contracts/api/wallet';
import type { Transaction } from '@brnd/contracts/api/orders';
import type { PayoutService } from '../services/payouts.ts';
import { authedRoute, type Route } from './route.ts';

/** One kind of row in the transactions list; crypto and card orders join as further sources. */
export type TransactionSource = (userId: string) => Promise<Transaction[]>;

export function payoutTransactions(payouts: PayoutService): TransactionSource {
  return async (userId) => (await payouts.list(userId)).map(payoutAsTransaction);
}

/** Every source's rows, newest first; ties keep the order the sources were given in. */
export async function mergedTransactions(
  sources: readonly TransactionSource[],
  userId: string,
): Promise<Transaction[]> {
  const rows = (await Promise.all(sources.map((source) => source(userId)))).flat();
  return rows.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export function orderRoutes({ sources }: { sources: readonly TransactionSource[] }): Route[] {
  return [
    authedRoute(orders, async ({ auth, query }) => {
      // Few rows per user (payouts now, orders in issue 4): merging in memory keeps each source simple.
      const all = await mergedTransactions(sources, auth.user.id);
      const offset = query.offset ?? 0;
      const end = query.limit === undefined ? undefined : offset + query.limit;
      return { orders: { rows: all.slice(offset, end), count: all.length } };
    }),
  ];
}
