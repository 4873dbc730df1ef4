import { expect, test } from 'vitest';
import { referralLink } from './referral-link.ts';

test('the referral link is {host}/ref/{code}', () => {
  expect(referralLink('https://brnd.example', 'anna-7f3k')).toBe(
    'https://brnd.example/ref/anna-7f3k',
  );
});

test('a code cannot break out of the path', () => {
  expect(referralLink('https://brnd.example', '../x?y')).toBe(
    'https://brnd.example/ref/..%2Fx%3Fy',
  );
});
