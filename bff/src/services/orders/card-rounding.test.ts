import { PLN_PER_USD } from '@brnd/contracts/domain/constants';
import { SALE_TIERS, tokensForPln } from '@brnd/contracts/domain/sale';
import fc from 'fast-check';
import { expect, test } from 'vitest';

/**
 * The one rounding rule of card orders (docs/decisions/027): whole BRND = floor(PLN / (rate ×
 * price)), exactly, for every amount; the quote, the provider's amount and the credit all use it.
 */

/** PLN amounts as typed: whole grosze from the 25 PLN minimum up to a million. */
const grosze = fc.integer({ min: 2_500, max: 100_000_000 });
/** Rates with up to 4 decimals around the spec's 4.04. */
const rateTenThousandths = fc.integer({ min: 30_000, max: 60_000 });
/** Tier prices as the console accepts them: up to 6 decimals. */
const priceMicros = fc.oneof(
  fc.constantFrom(...SALE_TIERS.map((tier) => Math.round(tier.price * 1_000_000))),
  fc.integer({ min: 1, max: 1_000_000 }),
);

test('tokensForPln is the exact floor of PLN / (rate × price) for every amount, rate and price', () => {
  fc.assert(
    fc.property(grosze, rateTenThousandths, priceMicros, (g, r, p) => {
      const tokens = BigInt(tokensForPln(g / 100, r / 10_000, p / 1_000_000));
      // In integers: pln = g/10², rate = r/10⁴, price = p/10⁶, so tokens × rate × price ≤ pln
      // reads tokens × r × p ≤ g × 10⁸, and one token more would be over.
      const paid = BigInt(g) * 10n ** 8n;
      const cost = (n: bigint) => n * BigInt(r) * BigInt(p);
      expect(cost(tokens)).toBeLessThanOrEqual(paid);
      expect(cost(tokens + 1n)).toBeGreaterThan(paid);
    }),
    { numRuns: 5_000 },
  );
});

test('no detour through USD cents: 49.99 PLN at 4.04 and 0.003 buys 4,124 BRND, not 4,123', () => {
  // 49.99 / 4.04 = 12.3737… USD; rounded to 12.37 first it would buy 4,123.
  expect(tokensForPln(49.99, PLN_PER_USD, 0.003)).toBe(4_124);
  expect(tokensForPln(101, PLN_PER_USD, 0.003)).toBe(8_333);
});
