/** The sale's supply and tiers: fixed facts (sale.ts has the rules). */

export const SALE_TOTAL_SUPPLY_TOKENS = 1_000_000_000;
/** Whole BRND offered in the sale: the five tiers together. */
export const SALE_TOKENS_OFFERED = 400_000_000;
/** USD the sale aims to raise (the spec's progress card: 'against a 1,000,000 USD goal'). */
export const SALE_GOAL_USD = 1_000_000;

export const SALE_TIER_NAMES = ['Tier I', 'Tier II', 'Tier III', 'Tier IV', 'Tier V'] as const;
export type SaleTierName = (typeof SALE_TIER_NAMES)[number];

export interface SaleTierDefinition {
  /** 1..5. */
  id: number;
  name: SaleTierName;
  /** Whole BRND in the tier. */
  tokens: number;
  /** USD per BRND. */
  price: number;
}

/** 5 × 80,000,000 BRND at 0.0015 … 0.0035 USD (totals 120,000 … 280,000 USD). */
export const SALE_TIERS: readonly SaleTierDefinition[] = [0.0015, 0.002, 0.0025, 0.003, 0.0035].map(
  (price, index) => ({
    id: index + 1,
    name: SALE_TIER_NAMES[index] as SaleTierName,
    tokens: 80_000_000,
    price,
  }),
);
