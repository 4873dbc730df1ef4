import { expect, test } from 'vitest';
import type { Sale } from '@brnd/contracts/api/sale';
import { saleFigures } from './sale-queries.ts';

const tiers = (['Tier I', 'Tier II', 'Tier III', 'Tier IV', 'Tier V'] as const).map(
  (name, index) => ({
    id: index + 1,
    name,
    tokens: 80_000_000,
    price: 0.0015 + index * 0.0005,
    total: 120_000 + index * 40_000,
    active: false,
  }),
);
const sale = (activeTier: number | null, raised: number) =>
  ({ tiers, activeTier, raised, goal: 1_000_000 }) as unknown as Sale;

test('the tiers before the active one count as sold out, so Tier IV never reads $0 raised', () => {
  expect(saleFigures(sale(4, 0))).toEqual({
    raised: 480_000,
    soldOut: tiers.slice(0, 3),
    inActiveTier: 0,
  });
  expect(saleFigures(sale(4, 1_250)).raised).toBe(481_250);
});

test('in the first tier, or with none active, raised is what the orders raised', () => {
  expect(saleFigures(sale(1, 50_100))).toEqual({
    raised: 50_100,
    soldOut: [],
    inActiveTier: 50_100,
  });
  expect(saleFigures(sale(null, 75)).raised).toBe(75);
});
