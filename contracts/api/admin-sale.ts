import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { inputErrors, operatorErrors, operatorReadErrors } from './error-catalogue.ts';
import { SaleSchema } from './sale-schemas.ts';
import { SALE_STAGE_NAMES, SALE_TIER_NAMES, SALE_TOKENS_OFFERED } from '../domain/sale.ts';

/**
 * Editing the token sale: tier amounts and prices, the active tier, the stages' months and which
 * one is active, and the end date. Every change is one audit entry with the values before and
 * after; `GET /api/sale` (the ICO and buy pages) serves the new values at once. Orders already
 * made keep the price they were quoted (docs/decisions/007).
 */

const MAX_PRICE_DECIMALS = 6;

const tierSchema = v.object({
  /** Whole BRND. */
  tokens: v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((value) => (typeof value === 'number' ? value : Number(value.trim() || NaN))),
    v.number('finance.sale.errors.tokens'),
    v.integer('finance.sale.errors.tokens'),
    v.minValue(1, 'finance.sale.errors.tokens'),
    v.maxValue(SALE_TOKENS_OFFERED, 'finance.sale.errors.tokens'),
  ),
  /** USD per BRND, at most 6 decimals (the orders' own precision). */
  price: v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((value) => (typeof value === 'number' ? String(value) : value.trim())),
    v.regex(new RegExp(`^\\d+(\\.\\d{1,${MAX_PRICE_DECIMALS}})?$`), 'finance.sale.errors.price'),
    v.transform(Number),
    v.number(),
    v.check((price) => price > 0, 'finance.sale.errors.price'),
  ),
});

const stageSchema = v.object({
  month: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'finance.sale.errors.month'),
  ),
  active: v.boolean(),
});

export const SaleSettingsInputSchema = v.pipe(
  v.object({
    /** In tier order (Tier I … Tier V). */
    tiers: v.pipe(v.array(tierSchema), v.length(SALE_TIER_NAMES.length, 'errors.validation')),
    /** 1..5, or null: no tier active, orders priced at the default 0.003 USD. */
    activeTier: v.nullable(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1, 'errors.validation'),
        v.maxValue(SALE_TIER_NAMES.length, 'errors.validation'),
      ),
    ),
    /** In stage order (Pre ICO … Soft Cap): the names are the spec's, translated. */
    stages: v.pipe(v.array(stageSchema), v.length(SALE_STAGE_NAMES.length, 'errors.validation')),
    /** ISO 8601, in the future. */
    endsAt: v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => !Number.isNaN(Date.parse(text)), 'finance.sale.errors.endsAt'),
      v.check((text) => Date.parse(text) > Date.now(), 'finance.sale.errors.endsAtPast'),
    ),
  }),
  v.forward(
    v.check(
      (input) =>
        input.tiers.every(
          (tier, index) => index === 0 || tier.price > (input.tiers[index - 1]?.price ?? 0),
        ),
      'finance.sale.errors.pricesIncreasing',
    ),
    ['tiers'],
  ),
  v.forward(
    v.check(
      (input) => input.tiers.reduce((sum, tier) => sum + tier.tokens, 0) <= SALE_TOKENS_OFFERED,
      'finance.sale.errors.allocation',
    ),
    ['tiers'],
  ),
  v.forward(
    v.check(
      // Active marks the stages reached so far (the spec shows Pre ICO and Round I active):
      // the first one, then each in order, with no gap.
      (input) => {
        const active = input.stages.map((stage) => stage.active);
        return (
          active[0] === true && active.every((on, index) => !on || active[index - 1] !== false)
        );
      },
      'finance.sale.errors.activeStagesInOrder',
    ),
    ['stages'],
  ),
);
export type SaleSettingsInput = v.InferInput<typeof SaleSettingsInputSchema>;

/** The sale as the public page shows it, plus the allocation the tiers must fit in. */
export const adminSale = defineEndpoint({
  id: 'adminSale',
  method: 'GET',
  path: '/api/admin/sale',
  auth: 'admin',
  response: v.object({ sale: SaleSchema, allocation: v.number() }),
  errors: { ...operatorReadErrors },
});

export const updateSale = defineEndpoint({
  id: 'updateSale',
  method: 'POST',
  path: '/api/admin/sale',
  auth: 'admin',
  encoding: 'json',
  body: SaleSettingsInputSchema,
  response: v.object({ sale: SaleSchema, allocation: v.number() }),
  errors: { ...operatorErrors, ...inputErrors },
});

export const adminSaleEndpoints = { adminSale, updateSale } as const;
