import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  notFound,
  readSessionErrors,
  sessionErrors,
} from './error-catalogue.ts';
import { walletNotVerified } from './wallet.ts';
import { BrandIdSchema } from '../domain/rules.ts';
import { PLAN_IDS, PLAN_LIMITS } from '../domain/plans.ts';
import { VERIFICATION_STATUSES } from '../domain/verification.ts';
import {
  BULK_GIVE_MAX_BYTES,
  BrandTokenNameSchema,
  BrandTokenTickerSchema,
  GiveSchema,
  OfferDescriptionSchema,
  OfferTitleSchema,
  RecipientSchema,
  RedemptionCodeSchema,
  RequestIdSchema,
  STAKING_ACTIONS,
  TokenAmountSchema,
} from '../domain/brand-tokens.ts';

/**
 * Token-as-a-service (issue #8): the owner of a verified brand issues the brand's loyalty token,
 * gives it to customers and offers rewards for it; customers hold, transfer, claim and redeem it.
 * Amounts are whole tokens. A token has an on-chain BrandToken; what customers hold before they
 * claim to a wallet is kept for them in the ledger.
 *
 * Errors a user can meet are declared on each endpoint (decision 051), from the bff's
 * services/brand-tokens: the brand is not theirs or not verified yet, a plan limit (naming the
 * limit, the plan and the plan that lifts it), too few tokens. An unknown recipient e-mail is not
 * an error (the tokens wait for them).
 */

export const BRAND_TOKEN_STATUSES = ['deploying', 'active', 'failed'] as const;

export const BrandTokenSchema = v.object({
  id: v.string(),
  brand_id: v.number(),
  brand_name: v.string(),
  name: v.string(),
  ticker: v.string(),
  /** Whole tokens; the plan's max supply, or null when the plan sets none. */
  cap: v.nullable(v.number()),
  /** The BrandToken contract, once deployed. */
  address: v.nullable(v.string()),
  status: v.picklist(BRAND_TOKEN_STATUSES),
  /** The issue request that created it: sent again, it retries a failed deployment. */
  request_id: v.string(),
  /** ISO 8601. */
  created_at: v.string(),
});
export type BrandToken = v.InferOutput<typeof BrandTokenSchema>;

/** Where the brand's plan comes from: its subscription, its owner's stake, or the contest prize. */
export const PLAN_SOURCES = ['subscription', 'staking', 'contest'] as const;

export const PlanUsageSchema = v.object({
  plan: v.picklist(PLAN_IDS),
  source: v.picklist(PLAN_SOURCES),
  /** Used against each limit today (tokens issued, today's volume…); null limit: unlimited. */
  usage: v.array(
    v.object({
      limit: v.picklist(PLAN_LIMITS),
      used: v.number(),
      max: v.nullable(v.number()),
    }),
  ),
});
export type PlanUsage = v.InferOutput<typeof PlanUsageSchema>;

export const TokenStatsSchema = v.object({
  token_id: v.string(),
  holders: v.number(),
  /** Given in all (ledger and minted). */
  issued: v.number(),
  redeemed: v.number(),
  /** Oldest first, one entry per day of the last BRAND_TOKEN_CHART_DAYS, days without moves too. */
  daily: v.array(
    v.object({ day: v.string(), given: v.number(), redeemed: v.number(), transferred: v.number() }),
  ),
});

export const OfferSchema = v.object({
  id: v.string(),
  token_id: v.string(),
  ticker: v.string(),
  brand_name: v.string(),
  title: v.string(),
  description: v.string(),
  /** Whole tokens. */
  price: v.number(),
  active: v.boolean(),
});
export type Offer = v.InferOutput<typeof OfferSchema>;

export const RedemptionSchema = v.object({
  id: v.string(),
  offer: OfferSchema,
  code: v.string(),
  /** ISO 8601; null until the brand checks the code. */
  used_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type Redemption = v.InferOutput<typeof RedemptionSchema>;

/* ---- The error answers (decision 051) ---- */

/** The brand (or the token's brand) belongs to another user. */
export const notOwner = declareError({ status: 403, messageId: 'brandTokens.errors.notOwner' });
/** The brand waits for (or failed) an operator's verification: no token moves for it yet. */
export const notVerified = declareError({
  status: 403,
  messageId: 'brandTokens.errors.notVerified',
});
/** The token is still deploying (or its deployment failed). */
export const notActive = declareError({ status: 409, messageId: 'brandTokens.errors.notActive' });
/** The server has no chain to deploy, mint or read a stake on. */
export const chainUnavailable = declareError({
  status: 503,
  messageId: 'brandTokens.errors.chainUnavailable',
});
/** The `request_id` already named another action (another brand, token, sender or offer). */
export const requestIdReused = declareError({
  status: 409,
  messageId: 'brandTokens.errors.requestId',
});
/** Beyond a limit of the brand's plan: which, its size there (0: none) and the plan lifting it. */
export const planLimit = declareError({
  status: 409,
  messageId: 'brandTokens.errors.planLimit',
  values: v.object({
    limit: v.picklist(PLAN_LIMITS),
    plan: v.picklist(PLAN_IDS),
    upgrade: v.picklist(PLAN_IDS),
    max: v.number(),
  }),
});
/** The token's cap (whole tokens) does not hold this give. */
export const capReached = declareError({
  status: 409,
  messageId: 'brandTokens.errors.capReached',
  values: v.object({ cap: v.number() }),
});
/** Another live token has this ticker. */
export const tickerTaken = declareError({
  status: 409,
  messageId: 'brandTokens.errors.tickerTaken',
});
/** Fewer tokens (or BRND) than the move needs. */
export const insufficient = declareError({
  status: 409,
  messageId: 'brandTokens.errors.insufficient',
});
/** A transfer to the sender's own e-mail; a field error a screen tells apart. */
export const selfTransfer = declareError({
  status: 400,
  messageId: 'brandTokens.errors.selfTransfer',
});
/** The user has saved no wallet address. */
export const noWallet = declareError({ status: 409, messageId: 'brandTokens.errors.noWallet' });
/** The CSV upload is past BULK_GIVE_MAX_BYTES (the upload's reader refuses it). */
export const csvSize = declareError({ status: 413, messageId: 'brandTokens.errors.csvSize' });
/** Applying a CSV with wrong rows: nothing moved; `count` rows wrong, `errors` by line. */
export const csvInvalid = declareError({
  status: 422,
  messageId: 'brandTokens.errors.csvInvalid',
  values: v.object({ count: v.number() }),
});
/** No redemption of this brand has this code. */
export const unknownCode = declareError({
  status: 404,
  messageId: 'brandTokens.errors.unknownCode',
});
/** The offer was withdrawn. */
export const offerInactive = declareError({
  status: 409,
  messageId: 'brandTokens.errors.offerInactive',
});
/** Nothing unbonds, or its delay has not passed. */
export const nothingToWithdraw = declareError({
  status: 409,
  messageId: 'brandTokens.errors.nothingToWithdraw',
});

/** Reaching a brand's console: it exists and is the user's. */
const ownBrandErrors = { notFound, notOwner } as const;
/** Moving a console's token: it exists, its brand is the user's and verified, it is deployed. */
const consoleTokenErrors = { notFound, notOwner, notVerified, notActive } as const;

/* ---- The brand console ---- */

const BrandParamsSchema = v.object({ brandId: BrandIdSchema });
const TokenParamsSchema = v.object({ tokenId: v.pipe(v.string(), v.uuid()) });

/** Everything the console's overview shows for one of the user's brands. */
export const brandConsole = defineEndpoint({
  id: 'brandConsole',
  method: 'GET',
  path: '/api/brand-tokens/brands/:brandId',
  auth: 'required',
  params: BrandParamsSchema,
  response: v.object({
    brand: v.object({
      id: v.number(),
      name: v.string(),
      verification_status: v.picklist(VERIFICATION_STATUSES),
    }),
    plan: PlanUsageSchema,
    tokens: v.array(BrandTokenSchema),
    stats: v.array(TokenStatsSchema),
    offers: v.array(OfferSchema),
  }),
  errors: { ...readSessionErrors, ...inputErrors, ...ownBrandErrors },
});

export const issueBrandToken = defineEndpoint({
  id: 'issueBrandToken',
  method: 'POST',
  path: '/api/brand-tokens/brands/:brandId/tokens',
  encoding: 'json',
  auth: 'required',
  status: 201,
  params: BrandParamsSchema,
  body: v.object({
    name: BrandTokenNameSchema,
    ticker: BrandTokenTickerSchema,
    /** Whole tokens; at most the plan's max supply. */
    cap: TokenAmountSchema,
    request_id: RequestIdSchema,
  }),
  response: v.object({ token: BrandTokenSchema }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    ...ownBrandErrors,
    notVerified,
    chainUnavailable,
    requestIdReused,
    planLimit,
    tickerTaken,
  },
});

export const GiveResultSchema = v.object({
  recipient: v.string(),
  amount: v.number(),
  /** `ledger`: held for the e-mail's owner; `chain`: minted to the address. */
  destination: v.picklist(['ledger', 'chain']),
  /** For `chain`, once broadcast. */
  tx_hash: v.nullable(v.string()),
});

export const giveTokens = defineEndpoint({
  id: 'giveTokens',
  method: 'POST',
  path: '/api/brand-tokens/tokens/:tokenId/give',
  encoding: 'json',
  auth: 'required',
  params: TokenParamsSchema,
  body: v.object({ ...GiveSchema.entries, request_id: RequestIdSchema }),
  response: v.object({ give: GiveResultSchema }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    ...consoleTokenErrors,
    requestIdReused,
    chainUnavailable,
    planLimit,
    capReached,
  },
});

/**
 * A CSV of `recipient,amount` rows. `apply: false` previews: every row checked, nothing moved.
 * `apply: true` gives every row in one transaction, or nothing when any row is wrong (422 with the
 * same `errors` list). Line numbers count from 1, the header line included.
 */
export const bulkGiveTokens = defineEndpoint({
  id: 'bulkGiveTokens',
  method: 'POST',
  path: '/api/brand-tokens/tokens/:tokenId/give/csv',
  encoding: 'multipart',
  auth: 'required',
  params: TokenParamsSchema,
  body: v.object({
    file: v.pipe(
      v.blob('brandTokens.errors.csvFile'),
      v.maxSize(BULK_GIVE_MAX_BYTES, 'brandTokens.errors.csvSize'),
    ),
    apply: v.pipe(
      v.union([v.boolean(), v.string()]),
      v.transform((value) => value === true || value === 'true'),
    ),
    request_id: RequestIdSchema,
  }),
  response: v.object({
    applied: v.boolean(),
    rows: v.number(),
    total: v.number(),
    /** The first rows, for the preview table. */
    preview: v.array(v.object({ line: v.number(), recipient: v.string(), amount: v.number() })),
    errors: v.array(v.object({ line: v.number(), messageId: v.string(), text: v.string() })),
  }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    csvSize,
    ...consoleTokenErrors,
    requestIdReused,
    csvInvalid,
    chainUnavailable,
    planLimit,
    capReached,
  },
});

export const createOffer = defineEndpoint({
  id: 'createOffer',
  method: 'POST',
  path: '/api/brand-tokens/tokens/:tokenId/offers',
  encoding: 'json',
  auth: 'required',
  status: 201,
  params: TokenParamsSchema,
  body: v.object({
    title: OfferTitleSchema,
    description: v.optional(OfferDescriptionSchema, ''),
    price: TokenAmountSchema,
  }),
  response: v.object({ offer: OfferSchema }),
  errors: { ...sessionErrors, ...inputErrors, ...consoleTokenErrors, planLimit },
});

/**
 * The brand ends an offer: customers can no longer redeem it, codes already given stay valid,
 * and it no longer counts against the plan's active offers. Ending an ended offer answers it as
 * it is.
 */
export const endOffer = defineEndpoint({
  id: 'endOffer',
  method: 'POST',
  path: '/api/brand-tokens/offers/:offerId/end',
  encoding: 'json',
  auth: 'required',
  params: v.object({ offerId: v.pipe(v.string(), v.uuid()) }),
  response: v.object({ offer: OfferSchema }),
  errors: { ...sessionErrors, ...inputErrors, notFound, notOwner, notVerified },
});

/** The brand checks a customer's code: the first check accepts and marks it used. */
export const checkRedemption = defineEndpoint({
  id: 'checkRedemption',
  method: 'POST',
  path: '/api/brand-tokens/brands/:brandId/redemptions/check',
  encoding: 'json',
  auth: 'required',
  params: BrandParamsSchema,
  body: v.object({ code: RedemptionCodeSchema }),
  response: v.object({
    result: v.picklist(['accepted', 'used']),
    redemption: RedemptionSchema,
  }),
  errors: { ...sessionErrors, ...inputErrors, ...ownBrandErrors, notVerified, unknownCode },
});

/* ---- The customer ("My tokens") ---- */

export const HoldingSchema = v.object({
  token: BrandTokenSchema,
  /** Held for the user by the platform. */
  ledger_balance: v.number(),
  /** At the user's saved wallet address, read from the chain; null without an address. */
  wallet_balance: v.nullable(v.number()),
});
export type Holding = v.InferOutput<typeof HoldingSchema>;

export const myTokens = defineEndpoint({
  id: 'myTokens',
  method: 'GET',
  path: '/api/brand-tokens/mine',
  auth: 'required',
  response: v.object({
    holdings: v.array(HoldingSchema),
    /** Offers of the tokens the user holds. */
    offers: v.array(OfferSchema),
    redemptions: v.array(RedemptionSchema),
  }),
  errors: { ...readSessionErrors },
});

export const TOKEN_MOVE_KINDS = ['received', 'sent', 'claimed', 'redeemed'] as const;

export const tokenHistory = defineEndpoint({
  id: 'tokenHistory',
  method: 'GET',
  path: '/api/brand-tokens/mine/:tokenId/history',
  auth: 'required',
  params: TokenParamsSchema,
  response: v.object({
    moves: v.array(
      v.object({
        id: v.string(),
        kind: v.picklist(TOKEN_MOVE_KINDS),
        /** Signed: what the move did to the user's ledger balance. */
        amount: v.number(),
        /** The other side: an e-mail, a wallet address or the brand's name. */
        counterparty: v.string(),
        tx_hash: v.nullable(v.string()),
        created_at: v.string(),
      }),
    ),
  }),
  errors: { ...readSessionErrors, ...inputErrors, notFound },
});

/** To another user by e-mail (ledger) or to any wallet address (minted there, from the ledger). */
export const transferTokens = defineEndpoint({
  id: 'transferTokens',
  method: 'POST',
  path: '/api/brand-tokens/tokens/:tokenId/transfer',
  encoding: 'json',
  auth: 'required',
  params: TokenParamsSchema,
  body: v.object({
    recipient: RecipientSchema,
    amount: TokenAmountSchema,
    request_id: RequestIdSchema,
  }),
  response: v.object({ transfer: GiveResultSchema }),
  errors: {
    ...sessionErrors,
    selfTransfer,
    ...inputErrors,
    notFound,
    notActive,
    requestIdReused,
    chainUnavailable,
    insufficient,
  },
});

/** Mints the user's ledger balance (or part of it) to their saved wallet address. */
export const claimTokens = defineEndpoint({
  id: 'claimTokens',
  method: 'POST',
  path: '/api/brand-tokens/tokens/:tokenId/claim',
  encoding: 'json',
  auth: 'required',
  params: TokenParamsSchema,
  body: v.object({ amount: TokenAmountSchema, request_id: RequestIdSchema }),
  response: v.object({ transfer: GiveResultSchema }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    noWallet,
    walletNotVerified,
    notFound,
    notActive,
    requestIdReused,
    chainUnavailable,
    insufficient,
  },
});

/** Burns the offer's price from the user's ledger balance and gives a one-time code. */
export const redeemOffer = defineEndpoint({
  id: 'redeemOffer',
  method: 'POST',
  path: '/api/brand-tokens/offers/:offerId/redeem',
  encoding: 'json',
  auth: 'required',
  status: 201,
  params: v.object({ offerId: v.pipe(v.string(), v.uuid()) }),
  body: v.object({ request_id: RequestIdSchema }),
  response: v.object({ redemption: RedemptionSchema }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    notFound,
    requestIdReused,
    offerInactive,
    insufficient,
  },
});

/* ---- Staking BRND for Premium (the user's own wallet signs) ---- */

export const stakingStatus = defineEndpoint({
  id: 'stakingStatus',
  method: 'GET',
  path: '/api/brand-tokens/staking',
  auth: 'required',
  response: v.object({
    /** The user's saved wallet address; staking needs one. */
    wallet: v.nullable(v.string()),
    chain_id: v.number(),
    staking_contract: v.string(),
    /** Whole BRND, read from the chain. */
    wallet_brnd: v.number(),
    staked: v.number(),
    unbonding: v.number(),
    /** ISO 8601: when the unbonding amount may be withdrawn; null when nothing unbonds. */
    unbonding_until: v.nullable(v.string()),
    unbonding_seconds: v.number(),
    premium_threshold: v.number(),
    /** The contract's view: the wallet stakes at least the threshold. */
    premium: v.boolean(),
    /** Proven by signature (decision 042): an unproven wallet's stake counts for no brand. */
    wallet_verified: v.boolean(),
    /**
     * ISO 8601: when the stake starts to count for a brand (STAKE_PREMIUM_MIN_AGE_DAYS after it
     * was first seen); null when it already counts or does not stake enough.
     */
    premium_from: v.nullable(v.string()),
  }),
  errors: { ...readSessionErrors, chainUnavailable },
});

/**
 * The transactions the user's wallet must send for an action (stake: approve then stake), as
 * EIP-1193 `eth_sendTransaction` parameters from the saved wallet address.
 */
export const stakingTransactions = defineEndpoint({
  id: 'stakingTransactions',
  method: 'POST',
  path: '/api/brand-tokens/staking/transactions',
  encoding: 'json',
  auth: 'required',
  body: v.object({
    action: v.picklist(STAKING_ACTIONS, 'brandTokens.errors.stakingAction'),
    /** Whole BRND; ignored by `withdraw`. */
    amount: v.optional(TokenAmountSchema),
  }),
  response: v.object({
    transactions: v.array(v.object({ from: v.string(), to: v.string(), data: v.string() })),
  }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    noWallet,
    chainUnavailable,
    insufficient,
    nothingToWithdraw,
  },
});

export const brandTokenEndpoints = {
  brandConsole,
  issueBrandToken,
  giveTokens,
  bulkGiveTokens,
  createOffer,
  endOffer,
  checkRedemption,
  myTokens,
  tokenHistory,
  transferTokens,
  claimTokens,
  redeemOffer,
  stakingStatus,
  stakingTransactions,
} as const;
