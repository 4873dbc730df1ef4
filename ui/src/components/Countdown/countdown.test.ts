import { expect, test } from 'vitest';
import { countdownParts, formatClock } from './countdown.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

test('the sale countdown splits the time left into days, hours, minutes and seconds', () => {
  expect(countdownParts(2 * D + 3 * H + 4 * M + 5 * S + 999, 0)).toEqual({
    days: 2,
    hours: 3,
    minutes: 4,
    seconds: 5,
  });
});

test('the sale countdown shows zeros after the end', () => {
  const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
  expect(countdownParts(1_000, 1_000)).toEqual(zero);
  expect(countdownParts(1_000, 90 * D)).toEqual(zero);
});

test('the payment clock is mm:ss under an hour and hh:mm:ss from an hour', () => {
  expect(formatClock(15 * M)).toBe('15:00');
  expect(formatClock(9 * M + 5 * S)).toBe('09:05');
  expect(formatClock(59 * M + 59 * S)).toBe('59:59');
  expect(formatClock(H)).toBe('01:00:00');
  expect(formatClock(25 * H + 2 * M + 3 * S)).toBe('25:02:03');
});

test('the payment clock rounds partial seconds up and shows 00:00 once expired', () => {
  expect(formatClock(200)).toBe('00:01');
  expect(formatClock(0)).toBe('00:00');
  expect(formatClock(-5 * M)).toBe('00:00');
  expect(formatClock(Number.NaN)).toBe('00:00');
});
