import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import type { PlanUsage, brandConsole } from '@brnd/contracts/api/brand-tokens';
import type { PlanLimit } from '@brnd/contracts/domain/plans';

/** What the console shows: the console screen and its sections' forms read it alike. */
export type ConsoleData = EndpointResponse<typeof brandConsole>;

export const CONSOLE_SECTIONS = ['overview', 'give', 'offers', 'staking'] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

export function consolePath(brandId: number, section: ConsoleSection): string {
  return section === 'overview' ? `/user/brands/${brandId}` : `/user/brands/${brandId}/${section}`;
}

/** Limits the console acts on; team members and giveaways are shown, never "reached" here. */
const WATCHED_LIMITS: readonly PlanLimit[] = ['tokens', 'maxSupply', 'dailyVolume', 'deals'];

export function reachedLimits(plan: PlanUsage) {
  return plan.usage.filter(
    (row) => WATCHED_LIMITS.includes(row.limit) && row.max !== null && row.used >= row.max,
  );
}
