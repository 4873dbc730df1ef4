import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  operatorErrors,
  operatorReadErrors,
} from './error-catalogue.ts';
import { AmountSchema } from '../domain/rules.ts';
import { BUYBACK_SHARE_OF_PROFIT } from '../domain/constants.ts';

/**
 * The quarterly buyback-and-burn: the platform buys BRND back with part of its subscription
 * profit into a buyback wallet of its own and burns it on chain from there (decision 063).
 * Operators record a buyback with its purchase; everyone can see every burn.
 */

/** A burn the chain has confirmed: what the public page lists. */
export const BurnSchema = v.object({
  /** e.g. `2026-Q3`. */
  quarter: v.string(),
  brnd_burned: v.number(),
  buyback_usd: v.number(),
  tx_hash: v.string(),
  /** ISO 8601. */
  burned_at: v.string(),
});
export type Burn = v.InferOutput<typeof BurnSchema>;

/** Newest first, with the BRND burned in all. */
export const burns = defineEndpoint({
  id: 'burns',
  method: 'GET',
  path: '/api/burns',
  response: v.object({ burns: v.array(BurnSchema), total_burned: v.number() }),
  // Public and without input: nothing to refuse.
  errors: {},
});

export const BUYBACK_STATUSES = ['pending', 'confirmed', 'failed'] as const;

/** A recorded buyback as operators see it: its burn may still be on its way, or have failed. */
export const BuybackSchema = v.object({
  id: v.string(),
  quarter: v.string(),
  subscription_profit_usd: v.number(),
  buyback_usd: v.number(),
  brnd_burned: v.number(),
  status: v.picklist(BUYBACK_STATUSES),
  tx_hash: v.nullable(v.string()),
  /** The transaction that delivered the bought BRND to the buyback wallet (null before 063). */
  purchase_tx_hash: v.nullable(v.string()),
  error: v.nullable(v.string()),
  /** ISO 8601. */
  created_at: v.string(),
});
export type Buyback = v.InferOutput<typeof BuybackSchema>;

export const BuybackInputSchema = v.pipe(
  v.object({
    quarter: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{4}-Q[1-4]$/, 'admin.buybacks.errors.quarter'),
    ),
    subscription_profit_usd: AmountSchema,
    buyback_usd: AmountSchema,
    /** Whole BRND. */
    brnd_amount: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[1-9]\d{0,11}$/, 'admin.buybacks.errors.brndAmount'),
      v.transform(Number),
    ),
    /** The purchase: the transaction that delivered the BRND to the buyback wallet. */
    purchase_tx_hash: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^0x[0-9a-fA-F]{64}$/, 'admin.buybacks.errors.purchaseTxHash'),
      v.toLowerCase(),
    ),
  }),
  v.forward(
    v.check(
      (input) =>
        Math.round(input.buyback_usd * 100) <=
        Math.round(input.subscription_profit_usd * 100 * BUYBACK_SHARE_OF_PROFIT),
      'admin.buybacks.errors.overCap',
    ),
    ['buyback_usd'],
  ),
);

export const adminBuybacks = defineEndpoint({
  id: 'adminBuybacks',
  method: 'GET',
  path: '/api/admin/buybacks',
  auth: 'admin',
  response: v.object({
    buybacks: v.array(BuybackSchema),
    /** Where bought-back BRND must be delivered before it can be burned; null without a chain. */
    wallet: v.nullable(v.string()),
  }),
  errors: { ...operatorReadErrors },
});

/* A buyback's own refusals: each a 409 under the field it concerns, or the server's chain. */
const buybackError = (messageId: string) => declareError({ status: 409, messageId });
/** The server has no chain to read the purchase on or burn from. */
export const noChain = declareError({ status: 503, messageId: 'admin.buybacks.errors.noChain' });
/** One buyback a quarter. */
export const quarterTaken = buybackError('admin.buybacks.errors.quarterTaken');
/** A purchase is burned by one buyback only. */
export const purchaseTaken = buybackError('admin.buybacks.errors.purchaseTaken');
/** No successful transaction with this hash on the chain. */
export const purchaseNotFound = buybackError('admin.buybacks.errors.purchaseNotFound');
/** The purchase is not yet at the chain's confirmation depth. */
export const purchaseUnconfirmed = buybackError('admin.buybacks.errors.purchaseUnconfirmed');
/** The purchase delivered less BRND to the buyback wallet than the buyback burns. */
export const purchaseShort = buybackError('admin.buybacks.errors.purchaseShort');
/** The wallet no longer holds the BRND beyond the burns already recorded. */
export const walletShort = buybackError('admin.buybacks.errors.walletShort');

/**
 * Records the quarter's buyback with its purchase and burns its BRND from the buyback wallet
 * (the burn runs after).
 */
export const recordBuyback = defineEndpoint({
  id: 'recordBuyback',
  method: 'POST',
  path: '/api/admin/buybacks',
  auth: 'admin',
  status: 201,
  body: BuybackInputSchema,
  response: v.object({ buyback: BuybackSchema }),
  errors: {
    ...operatorErrors,
    ...inputErrors,
    noChain,
    quarterTaken,
    purchaseTaken,
    purchaseNotFound,
    purchaseUnconfirmed,
    purchaseShort,
    walletShort,
  },
});

export const burnEndpoints = { burns, adminBuybacks, recordBuyback } as const;
