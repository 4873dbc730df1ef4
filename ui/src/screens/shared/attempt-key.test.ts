import { expect, test } from 'vitest';
import { createAttemptKeys } from './attempt-key.ts';

test('sending the same order again reuses its key; another order or a finished attempt gets a new one', () => {
  let next = 0;
  const keys = createAttemptKeys(() => `key-${(next += 1)}`);
  const order = { amount: '100', selected_payMethod: 'ETH' };
  expect(keys.keyFor(order)).toBe('key-1');
  expect(keys.keyFor({ selected_payMethod: 'ETH', amount: '100' })).toBe('key-1');
  expect(keys.keyFor({ ...order, amount: '200' })).toBe('key-2');
  keys.finish();
  expect(keys.keyFor({ ...order, amount: '200' })).toBe('key-3');
});

test('keys are random, 32 hex characters', () => {
  const first = createAttemptKeys().keyFor({ amount: '1' });
  const second = createAttemptKeys().keyFor({ amount: '1' });
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(first).not.toBe(second);
});
