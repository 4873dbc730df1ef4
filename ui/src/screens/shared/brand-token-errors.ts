import type { IntlShape } from 'react-intl';
import {
  bulkGiveTokens,
  createOffer,
  giveTokens,
  issueBrandToken,
} from '@brnd/contracts/api/brand-tokens';
import { isEndpointError } from '@brnd/contracts/api/errors';
import {
  PLAN_IDS,
  PLANS,
  withinLimit,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import { apiErrorText } from './api-error.ts';

/** The plan limit a refusal names, for the endpoints a plan limits (their `planLimit`). */
function planLimitOf(error: unknown) {
  if (
    isEndpointError(error, issueBrandToken, 'planLimit') ||
    isEndpointError(error, giveTokens, 'planLimit') ||
    isEndpointError(error, bulkGiveTokens, 'planLimit') ||
    isEndpointError(error, createOffer, 'planLimit')
  ) {
    return error.body.values;
  }
  return undefined;
}

/**
 * What the user reads when a brand-token call fails. A plan limit names the limit, the plan and
 * the plan that lifts it in the user's language (the server sends their ids).
 */
export function brandTokenErrorText(error: unknown, intl: IntlShape): string {
  const limit = planLimitOf(error);
  if (limit) {
    return intl.formatMessage(
      { id: 'brandTokens.errors.planLimit' },
      {
        // The message words each limit with its own plural (a select over the limit's id).
        limit: limit.limit,
        plan: intl.formatMessage({ id: `brandTokens.plans.${limit.plan}` }),
        upgrade: intl.formatMessage({ id: `brandTokens.plans.${limit.upgrade}` }),
        max: limit.max,
      },
    );
  }
  return apiErrorText(error, intl);
}

/** The plan that lifts a limit: the first one whose limit allows `wanted`. */
export function planLifting(limit: PlanLimit, wanted: number): PlanId {
  return PLAN_IDS.find((plan) => withinLimit(PLANS[plan].limits[limit], wanted)) ?? 'agency';
}

/** The sentence for a limit the brand has reached, as the server words a refusal. */
export function planLimitText(
  intl: IntlShape,
  limit: PlanLimit,
  plan: PlanId,
  max: number,
  /** The refusal of going beyond it, or (the console's plan card) the note of being at it. */
  id: 'brandTokens.errors.planLimit' | 'brandTokens.plan.atLimit' = 'brandTokens.errors.planLimit',
) {
  return intl.formatMessage(
    { id },
    {
      limit,
      plan: intl.formatMessage({ id: `brandTokens.plans.${plan}` }),
      upgrade: intl.formatMessage({ id: `brandTokens.plans.${planLifting(limit, max + 1)}` }),
      max,
    },
  );
}
