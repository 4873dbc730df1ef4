import type { IntlShape } from 'react-intl';
import { ApiError } from '@brnd/contracts/api/errors';
import {
  PLAN_IDS,
  PLAN_LIMITS,
  PLANS,
  withinLimit,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import { apiErrorText } from './api-error.ts';

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * What the user reads when a brand-token call fails. A plan limit names the limit, the plan and
 * the plan that lifts it in the user's language (the server sends their ids).
 */
export function brandTokenErrorText(error: unknown, intl: IntlShape): string {
  if (!(error instanceof ApiError)) return apiErrorText(error, intl);
  const values = error.body.values ?? {};
  if (error.body.messageId === 'brandTokens.errors.planLimit') {
    const { limit, plan, upgrade, max } = values;
    if (isOneOf(PLAN_LIMITS, limit) && isOneOf(PLAN_IDS, plan) && isOneOf(PLAN_IDS, upgrade)) {
      return intl.formatMessage(
        { id: 'brandTokens.errors.planLimit' },
        {
          // The message words each limit with its own plural (a select over the limit's id).
          limit,
          plan: intl.formatMessage({ id: `brandTokens.plans.${plan}` }),
          upgrade: intl.formatMessage({ id: `brandTokens.plans.${upgrade}` }),
          max: Number(max ?? 0),
        },
      );
    }
    return error.body.message;
  }
  return apiErrorText(error, intl, values);
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
