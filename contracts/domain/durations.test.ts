import { expect, test } from 'vitest';
import { waitDuration } from './durations.ts';

test('a wait is said in the largest unit that reads naturally, rounded up', () => {
  expect(waitDuration(42)).toEqual({ unit: 'second', count: 42 });
  expect(waitDuration(90)).toEqual({ unit: 'second', count: 90 });
  expect(waitDuration(1800)).toEqual({ unit: 'minute', count: 30 });
  expect(waitDuration(1801)).toEqual({ unit: 'minute', count: 31 });
  expect(waitDuration(7200)).toEqual({ unit: 'hour', count: 2 });
  expect(waitDuration(0)).toEqual({ unit: 'second', count: 1 });
});
