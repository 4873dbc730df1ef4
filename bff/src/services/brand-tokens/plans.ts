import type { PlanUsage } from '@brnd/contracts/api/brand-tokens';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BrndStaking } from '@brnd/contracts/chain/generated/index';
import {
  PLAN_IDS,
  PLANS,
  UNLIMITED,
  withinLimit,
  type Limit,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import type { PlatformChain } from '../../chain/platform-chain.ts';
import type { Logger } from '../../logger.ts';
import { DomainError } from '../errors.ts';

/** What the plan rules need to know about a brand. */
export interface PlanBrand {
  id: number;
  /** The subscription (`brands.plan`). */
  plan: PlanId;
  lifetime_premium: boolean;
  /** The owner's saved wallet, whose stake may lift the brand to Premium. */
  owner_wallet: string | null;
}

export interface EffectivePlan {
  plan: PlanId;
  source: PlanUsage['source'];
}

const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);

/** Whether the owner's wallet stakes enough BRND for Premium, read from BrndStaking. */
export async function stakesForPremium(
  chain: PlatformChain | undefined,
  wallet: string | null,
  logger: Logger,
): Promise<boolean> {
  if (!chain || !wallet) return false;
  try {
    const staking = connectContract(BrndStaking, chain.contracts.staking, chain.provider);
    return (await staking.isPremium(wallet)) as boolean;
  } catch (error) {
    // An unreachable chain must not grant Premium, nor block the brand's own plan.
    logger.warn('could not read the stake for a brand plan', { err: error, wallet });
    return false;
  }
}

/** The subscription, raised to Premium by the contest's lifetime prize or the owner's stake. */
export async function effectivePlan(
  brand: PlanBrand,
  chain: PlatformChain | undefined,
  logger: Logger,
): Promise<EffectivePlan> {
  if (rank(brand.plan) >= rank('premium')) return { plan: brand.plan, source: 'subscription' };
  if (brand.lifetime_premium) return { plan: 'premium', source: 'contest' };
  if (await stakesForPremium(chain, brand.owner_wallet, logger)) {
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
