import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { sale, type Sale } from '@brnd/contracts/api/sale';

/** The sale's configuration: tiers, stages, price, end, raised and goal (GET /api/sale). */
export function saleQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['sale'],
    queryFn: () => api.call(sale),
    // Raised moves with paid orders; a minute old is fresh enough for a progress bar.
    staleTime: 60_000,
  });
}

export function activeTier(config: Sale) {
  return config.tiers.find((tier) => tier.id === config.activeTier) ?? null;
}
