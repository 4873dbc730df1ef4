import { describe, expect, test } from 'vitest';
import {
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIMITS,
  PLANS,
  PREMIUM_STAKE_BRND,
  UNLIMITED,
  withinLimit,
  type Limit,
} from './plans.ts';

// Copied verbatim from the plan table in docs/product.md#brand-tokens-and-plans, so the data is checked against its own wording.
const SPEC_TABLE = `
| Standard | 1 | 1 mln max | 10000/day | 1 | 3 max | 3 max |
| Premium | 1 | unlimited | 1 mln/day | 1 | 20 max | unlimited |
| Enterprise | 10 max | unlimited | unlimited | 5 | unlimited | unlimited |
| Agency | unlimited | unlimited | unlimited | unlimited | unlimited | unlimited |
`;

/** '1 mln max' → 1000000, '10000/day' → 10000, 'unlimited' → UNLIMITED. */
function specLimit(cell: string): Limit {
  if (cell === 'unlimited') return UNLIMITED;
  const match = /^(\d+)( mln)?( max|\/day)?$/.exec(cell);
  if (!match) throw new Error(`Unreadable cell: ${cell}`);
  return Number(match[1]) * (match[2] ? 1_000_000 : 1);
}

const specRows = SPEC_TABLE.trim()
  .split('\n')
  .map((line) =>
    line
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean),
  );

describe('the plan table', () => {
  test('lists the four plans in the spec order', () => {
    expect(specRows.map(([name]) => name?.toLowerCase())).toEqual([...PLAN_IDS]);
  });

  test.each(specRows)('%s has the limits of the spec table', (name, ...cells) => {
    const plan = PLANS[name.toLowerCase() as (typeof PLAN_IDS)[number]];
    expect(PLAN_LIMITS.map((limit) => plan.limits[limit])).toEqual(cells.map(specLimit));
  });

  test('unlimited is the only non-number, and every number is a positive integer', () => {
    for (const plan of Object.values(PLANS)) {
      for (const limit of Object.values(plan.limits)) {
        if (limit !== UNLIMITED) expect(Number.isInteger(limit) && limit > 0).toBe(true);
      }
    }
  });
});

describe('the feature flags', () => {
  const holders = (feature: (typeof PLAN_FEATURES)[number]) =>
    PLAN_IDS.filter((id) => PLANS[id].features[feature] !== false);

  test('exchange and accounting are in every plan', () => {
    expect(holders('exchange')).toEqual([...PLAN_IDS]);
    expect(holders('accounting')).toEqual([...PLAN_IDS]);
  });

  test('reports, campaigns, push notifications and games are in Premium and above', () => {
    for (const feature of ['reports', 'campaigns', 'pushNotifications', 'games'] as const) {
      expect(holders(feature)).toEqual(['premium', 'enterprise', 'agency']);
    }
  });

  test('games are custom in Agency only', () => {
    expect(PLAN_IDS.filter((id) => PLANS[id].features.games === 'custom')).toEqual(['agency']);
  });

  test('dedicated support is in Enterprise and Agency', () => {
    expect(holders('dedicatedSupport')).toEqual(['enterprise', 'agency']);
  });

  test('fundraising and the integrations API are in no plan', () => {
    expect(holders('fundraising')).toEqual([]);
    expect(holders('integrationsApi')).toEqual([]);
  });

  test('every plan says something about every feature', () => {
    for (const plan of Object.values(PLANS)) {
      expect(Object.keys(plan.features).sort()).toEqual([...PLAN_FEATURES].sort());
    }
  });
});

test('staking 1,000,000 BRND gives Premium', () => {
  expect(PREMIUM_STAKE_BRND).toBe(1_000_000);
});

test('a limit admits counts up to itself, unlimited admits any count', () => {
  expect(withinLimit(PLANS.standard.limits.deals, 3)).toBe(true);
  expect(withinLimit(PLANS.standard.limits.deals, 4)).toBe(false);
  expect(withinLimit(PLANS.agency.limits.deals, 1_000_000_000)).toBe(true);
});
