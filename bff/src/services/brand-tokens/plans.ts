import type { PlanUsage } from '@brnd/contracts/api/brand-tokens';
import {
  PLAN_IDS,
  PLANS,
  UNLIMITED,
  withinLimit,
  type Limit,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import { DomainError } from '../errors.ts';
import { stakingPremium, type StakingPremiumDeps } from './staking-premium.ts';

/** What the plan rules need to know about a brand. */
export interface PlanBrand {
  id: number;
  /** The subscription (`brands.plan`). */
  plan: PlanId;
  lifetime_premium: boolean;
  /** The owner's wallet if proven by signature (decision 042): its stake may lift the brand. */
  owner_wallet: string | null;
}

export interface EffectivePlan {
  plan: PlanId;
  source: PlanUsage['source'];
}

const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);

/** What reading a brand's plan needs: staking Premium is read from the chain and bound in SQL. */
export type PlanDeps = StakingPremiumDeps;

/** The subscription, raised to Premium by the contest's lifetime prize or the owner's stake. */
export async function effectivePlan(brand: PlanBrand, deps: PlanDeps): Promise<EffectivePlan> {
  if (rank(brand.plan) >= rank('premium')) return { plan: brand.plan, source: 'subscription' };
  if (brand.lifetime_premium) return { plan: 'premium', source: 'contest' };
  if ((await stakingPremium(brand, deps)) === 'premium') {
    return { plan: 'premium', source: 'staking' };
  }
  return { plan: brand.plan, source: 'subscription' };
}

/** The cheapest plan whose limit allows `wanted`. */
export function planLifting(limit: PlanLimit, wanted: number): PlanId {
  return PLAN_IDS.find((plan) => withinLimit(PLANS[plan].limits[limit], wanted)) ?? 'agency';
}

/** 409 naming the limit, its size on the brand's plan and the plan that lifts it. */
export function planLimitError(limit: PlanLimit, plan: PlanId, wanted: number): DomainError {
  const max: Limit = PLANS[plan].limits[limit];
  return new DomainError(409, 'brandTokens.errors.planLimit', {
    values: { limit, plan, upgrade: planLifting(limit, wanted), max: max === UNLIMITED ? 0 : max },
  });
}

/** Refuses `wanted` items (tokens, deals, whole tokens of supply) beyond the plan's limit. */
export function requireWithin(limit: PlanLimit, plan: PlanId, wanted: number): void {
  if (!withinLimit(PLANS[plan].limits[limit], wanted)) throw planLimitError(limit, plan, wanted);
}

/** The limit as a number, or null for unlimited (what the database and the console use). */
export function limitOf(limit: PlanLimit, plan: PlanId): number | null {
  const value = PLANS[plan].limits[limit];
  return value === UNLIMITED ? null : value;
}
