import { expect, test } from 'vitest';
import { afterLoginTarget } from './after-login-target.ts';

test('user lands on the dashboard after a plain login', () => {
  expect(afterLoginTarget({})).toEqual({ to: '/user/dashboard' });
});

test('user who came to buy tokens with BTC goes to the buy page with the amount', () => {
  expect(afterLoginTarget({ buytoken: '', btc_brands: '500' })).toEqual({
    to: '/user/buytoken',
    options: { search: { btc_brands: '500' } },
  });
});

test('user who came to buy tokens by card keeps the PLN amount', () => {
  expect(afterLoginTarget({ buytoken: '', pln_brands: 2500 })).toEqual({
    to: '/user/buytoken',
    options: { search: { pln_brands: '2500' } },
  });
});

test('buy page gets only one amount parameter, BTC first', () => {
  expect(afterLoginTarget({ buytoken: '', btc_brands: '10', pln_brands: '20' })).toEqual({
    to: '/user/buytoken',
    options: { search: { btc_brands: '10' } },
  });
});

test('an amount that is not a number is dropped', () => {
  expect(afterLoginTarget({ buytoken: '', btc_brands: 'javascript:alert(1)' })).toEqual({
    to: '/user/buytoken',
  });
});

test('user who came to vote goes back to voting', () => {
  expect(afterLoginTarget({ voting: '' })).toEqual({ to: '/voting' });
});

test('buytoken wins over voting and redirect', () => {
  expect(afterLoginTarget({ voting: '', buytoken: '', redirect: '/brand/7' }).to).toBe(
    '/user/buytoken',
  );
});

test('user is sent back to the same-site page that asked for a login', () => {
  expect(afterLoginTarget({ redirect: '/brand/7' })).toEqual({ to: '/brand/7' });
});

test('a redirect keeps its query and anchor', () => {
  expect(afterLoginTarget({ redirect: '/voting?code=ab-vote#start-voting' })).toEqual({
    to: '/voting',
    options: { search: { code: 'ab-vote' }, hash: 'start-voting' },
  });
});

test.each([
  'https://evil.example/',
  '//evil.example/path',
  '/\\evil.example',
  'javascript:alert(1)',
  'user/dashboard',
  '/login?redirect=/login',
  '/\tevil',
])('a redirect to %s falls back to the dashboard', (redirect) => {
  expect(afterLoginTarget({ redirect })).toEqual({ to: '/user/dashboard' });
});
