import { afterEach, expect, test, vi } from 'vitest';
import { ethPaymentUri, btcPaymentUri } from '@brnd/contracts/domain/sale';
import { isStillOpen, paymentDeadline, paymentPhase, walletLink } from './payment-view.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

test('each order status has its view', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(paymentPhase)).toEqual([
    'preparing',
    'waiting',
    'confirming',
    'paid',
    'closed',
    'closed',
    'closed',
  ]);
  expect([0, 1, 2].every(isStillOpen)).toBe(true);
  expect([3, 4, 5, 6].some(isStillOpen)).toBe(false);
});

test('the expiry is read from the order', () => {
  expect(paymentDeadline('2026-11-22T10:15:00.000Z', 0)).toBe(Date.UTC(2026, 10, 22, 10, 15));
});

test('an unreadable expiry counts 15 minutes from page load and is logged', () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(paymentDeadline('soon', 1_000)).toBe(1_000 + 15 * 60_000);
  expect(paymentDeadline('', 1_000)).toBe(1_000 + 15 * 60_000);
  expect(log).toHaveBeenCalledTimes(2);
  expect(log.mock.calls[0]?.[0]).toContain('soon');
});

test('the wallet link is the BIP21 or EIP-681 payment URI of the order', () => {
  const eth = ethPaymentUri(
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    31337,
    263157894736842105n,
  );
  expect(eth).toBe(
    'ethereum:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC@31337?value=263157894736842105',
  );
  expect(walletLink({ payment_uri: eth, destination_currency: 'ETH' })).toBe(eth);
  const btc = btcPaymentUri('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0.02173913');
  expect(btc).toBe('bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.02173913');
  expect(walletLink({ payment_uri: btc, destination_currency: 'BTC' })).toBe(btc);
});

test('a payment URI of another scheme is not offered as a link', () => {
  expect(
    walletLink({ payment_uri: 'javascript:alert(1)', destination_currency: 'ETH' }),
  ).toBeNull();
  expect(
    walletLink({ payment_uri: 'bitcoin:bc1q?amount=1', destination_currency: 'ETH' }),
  ).toBeNull();
});
