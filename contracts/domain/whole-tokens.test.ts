import { expect, test } from 'vitest';
import { wholeTokens } from './constants.ts';

test('balances and movements show whole tokens, never more than held', () => {
  expect(wholeTokens(550.3)).toBe(550);
  expect(wholeTokens(550.99)).toBe(550);
  expect(wholeTokens(-500.7)).toBe(-500);
  expect(Object.is(wholeTokens(-0.4), 0)).toBe(true);
  expect(wholeTokens(1_000_000)).toBe(1_000_000);
});
