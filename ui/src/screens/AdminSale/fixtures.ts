import type { Sale } from '@brnd/contracts/api/sale';
import {
  SALE_GOAL_USD,
  SALE_STAGE_NAMES,
  SALE_TIERS,
  SALE_TOKENS_OFFERED,
  SALE_TOTAL_SUPPLY_TOKENS,
  tierTotalUsd,
} from '@brnd/contracts/domain/sale';

/** The spec's five tiers with Tier IV active, Pre ICO and Round I reached, ending in 30 days. */
export function saleFixture(now = Date.now()): Sale {
  return {
    tiers: SALE_TIERS.map((tier) => ({
      ...tier,
      total: tierTotalUsd(tier),
      active: tier.id === 4,
    })),
    activeTier: 4,
    price: 0.003,
    stages: SALE_STAGE_NAMES.map((name, index) => ({
      name,
      month: `2026-${String(index + 2).padStart(2, '0')}`,
      active: index <= 1,
    })),
    endsAt: new Date(now + 30 * 24 * 60 * 60_000).toISOString(),
    totalSupply: SALE_TOTAL_SUPPLY_TOKENS,
    tokensOffered: SALE_TOKENS_OFFERED,
    raised: 12_345.67,
    goal: SALE_GOAL_USD,
    plnPerUsd: 4,
    ieoUrl: 'https://exchange.example/market/BRND-USDT',
    cardProviderUrl: 'https://card.example',
  };
}
