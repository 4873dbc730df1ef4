import * as v from 'valibot';
import { SALE_STAGE_NAMES, SALE_TIER_NAMES } from '../domain/sale.ts';

/**
 * The token sale's answer schema, apart from the endpoint: the ICO page's route loader imports
 * `sale` with the app's first code, and the production build strips the answer schema from the
 * endpoint, so these (and valibot) never reach the first page (docs/decisions/050 and 054).
 */

export const SaleTierSchema = v.object({
  id: v.number(),
  name: v.picklist(SALE_TIER_NAMES),
  /** Whole BRND in the tier. */
  tokens: v.number(),
  /** USD per BRND. */
  price: v.number(),
  /** USD: tokens × price. */
  total: v.number(),
  active: v.boolean(),
});
export type SaleTier = v.InferOutput<typeof SaleTierSchema>;

export const SaleStageSchema = v.object({
  name: v.picklist(SALE_STAGE_NAMES),
  /** The stage's month, `YYYY-MM`. */
  month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
  active: v.boolean(),
});
export type SaleStage = v.InferOutput<typeof SaleStageSchema>;

export const SaleSchema = v.object({
  tiers: v.array(SaleTierSchema),
  /** The active tier's id, or null when none is (the price then falls back to 0.003 USD). */
  activeTier: v.nullable(v.number()),
  /** USD per BRND that orders are priced at now. */
  price: v.number(),
  stages: v.array(SaleStageSchema),
  /** ISO 8601; null when no end is set. Countdowns show zero after it. */
  endsAt: v.nullable(v.string()),
  /** Whole BRND. */
  totalSupply: v.number(),
  /** Whole BRND offered in the sale. */
  tokensOffered: v.number(),
  /** USD from paid orders (crypto and card). */
  raised: v.number(),
  /** USD. */
  goal: v.number(),
  /** PLN per USD for the card route. */
  plnPerUsd: v.number(),
  /** Where the IEO button sends the browser (the exchange's market page). */
  ieoUrl: v.string(),
  /** Origin of the card-exchange provider: the browser posts the card initialisation there. */
  cardProviderUrl: v.string(),
});
export type Sale = v.InferOutput<typeof SaleSchema>;
