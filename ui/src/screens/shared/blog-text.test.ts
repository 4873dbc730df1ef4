import { expect, test } from 'vitest';
import { cardTitle } from './blog-text.ts';

test('card titles up to 40 characters are kept whole', () => {
  const forty = 'a'.repeat(40);
  expect(cardTitle(forty)).toBe(forty);
  expect(cardTitle('Short')).toBe('Short');
});

test('longer card titles are cut at 40 characters with an ellipsis', () => {
  expect(cardTitle('The BRND token sale: how the tiers work and why')).toBe(
    'The BRND token sale: how the tiers work…',
  );
  // Polish letters and emoji count as one character each.
  expect(cardTitle(`${'ż'.repeat(39)}😀😀`)).toBe(`${'ż'.repeat(39)}😀…`);
});
