import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { sale, type Sale, type SaleTier } from '@brnd/contracts/api/sale';

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

/**
 * The progress figures as the tiers tell them (docs/decisions/045): tiers sell in order, so the
 * tiers before the active one are sold out and their totals are raised; the platform's paid
 * orders (`sale.raised`) count in the active tier. "Tier IV active" never stands next to $0.
 */
export function saleFigures(config: Sale): {
  raised: number;
  soldOut: SaleTier[];
  inActiveTier: number;
} {
  const index = config.tiers.findIndex((tier) => tier.id === config.activeTier);
  const soldOut = index > 0 ? config.tiers.slice(0, index) : [];
  const closed = soldOut.reduce((sum, tier) => sum + tier.total, 0);
  return { raised: closed + config.raised, soldOut, inActiveTier: config.raised };
}
