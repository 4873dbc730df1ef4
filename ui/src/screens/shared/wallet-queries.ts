import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { payouts, wallet } from '@brnd/contracts/api/wallet-reads';

/* Route loaders import this module with the app's first code (decision 054): queries only. */

/** A pending payout is re-read until the chain settles it. */
const PENDING_POLL_MS = 3_000;

export function walletQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['wallet'],
    queryFn: async () => (await api.call(wallet)).wallet[0] ?? null,
  });
}

export function payoutsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['payouts'],
    queryFn: async () => (await api.call(payouts)).payouts,
    refetchInterval: (query) =>
      query.state.data?.some((payout) => payout.status === 'pending') ? PENDING_POLL_MS : false,
  });
}
