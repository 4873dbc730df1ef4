/**
 * The brand subscription plans (docs/product.md#brand-tokens-and-plans). This table is the one source for the
 * pricing page and for the limits the server enforces on brands.
 */

export const UNLIMITED = 'unlimited';
/** A countable limit, or no limit at all. Numbers are plain counts (10_000 means 10,000). */
export type Limit = number | typeof UNLIMITED;

export const PLAN_IDS = ['standard', 'premium', 'enterprise', 'agency'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_LIMITS = [
  /** Brand tokens the brand may issue. */
  'tokens',
  /** Maximum supply of each token. */
  'maxSupply',
  /** Tokens the brand may move in one day. */
  'dailyVolume',
  /** Team members who may use the brand's account. */
  'users',
  /** Deals running at one time. */
  'deals',
  /** Giveaways running at one time. */
  'giveaways',
] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

export const PLAN_FEATURES = [
  'exchange',
  'accounting',
  'reports',
  'campaigns',
  'pushNotifications',
  'games',
  'dedicatedSupport',
  'fundraising',
  'integrationsApi',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** `'custom'`: the feature is built to the client's needs (games in Agency). */
export type FeatureSupport = boolean | 'custom';

export interface Plan {
  id: PlanId;
  limits: Record<PlanLimit, Limit>;
  features: Record<PlanFeature, FeatureSupport>;
}

// In constants.ts, which the copy's figures read on the first page (decision 060).
export { OEM_APP_STAKE_BRND, PREMIUM_STAKE_BRND } from './constants.ts';

const NOT_OFFERED_YET = { fundraising: false, integrationsApi: false } as const;

export const PLANS: Record<PlanId, Plan> = {
  standard: {
    id: 'standard',
    limits: {
      tokens: 1,
      maxSupply: 1_000_000,
      dailyVolume: 10_000,
      users: 1,
      deals: 3,
      giveaways: 3,
    },
    features: {
      exchange: true,
      accounting: true,
      reports: false,
      campaigns: false,
      pushNotifications: false,
      games: false,
      dedicatedSupport: false,
      ...NOT_OFFERED_YET,
    },
  },
  premium: {
    id: 'premium',
    limits: {
      tokens: 1,
      maxSupply: UNLIMITED,
      dailyVolume: 1_000_000,
      users: 1,
      deals: 20,
      giveaways: UNLIMITED,
    },
    features: {
      exchange: true,
      accounting: true,
      reports: true,
      campaigns: true,
      pushNotifications: true,
      games: true,
      dedicatedSupport: false,
      ...NOT_OFFERED_YET,
    },
  },
  enterprise: {
    id: 'enterprise',
    limits: {
      tokens: 10,
      maxSupply: UNLIMITED,
      dailyVolume: UNLIMITED,
      users: 5,
      deals: UNLIMITED,
      giveaways: UNLIMITED,
    },
    features: {
      exchange: true,
      accounting: true,
      reports: true,
      campaigns: true,
      pushNotifications: true,
      games: true,
      dedicatedSupport: true,
      ...NOT_OFFERED_YET,
    },
  },
  agency: {
    id: 'agency',
    limits: {
      tokens: UNLIMITED,
      maxSupply: UNLIMITED,
      dailyVolume: UNLIMITED,
      users: UNLIMITED,
      deals: UNLIMITED,
      giveaways: UNLIMITED,
    },
    features: {
      exchange: true,
      accounting: true,
      reports: true,
      campaigns: true,
      pushNotifications: true,
      games: 'custom',
      dedicatedSupport: true,
      ...NOT_OFFERED_YET,
    },
  },
};

/** Whether `wanted` items fit under a limit, e.g. `withinLimit(plan.limits.deals, active + 1)`. */
export function withinLimit(limit: Limit, wanted: number): boolean {
  return limit === UNLIMITED || wanted <= limit;
}
