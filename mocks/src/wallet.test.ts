// @vitest-environment node
import { expect, test } from 'vitest';
import { login } from '@brnd/contracts/api/accounts';
import { orders } from '@brnd/contracts/api/orders';
import {
  PAYOUT_SIGNATURE,
  claimPayout,
  payouts,
  saleProgress,
  updateWallet,
  wallet,
} from '@brnd/contracts/api/wallet';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts';
import { useMockApi } from './test-helpers.ts';

const api = useMockApi();

async function demoToken() {
  const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

test('user pays out part of the balance, then the rest, once a wallet address is saved', async () => {
  const token = await demoToken();
  const noAddress = await api.failure(claimPayout, { body: { brnd_tokens: 1 } }, token);
  expect(noAddress.body).toMatchObject({ messageId: 'wallet.errors.noWalletAddress' });

  const address = '0x52908400098527886E0F7030069857D2E4169EE7';
  await api.call(updateWallet, { body: { walletAddress: address } }, token);
  const balance = (await api.call(wallet, undefined, token)).wallet[0]?.brnd_tokens ?? 0;
  expect(balance).toBeGreaterThan(1);
  const over = await api.failure(claimPayout, { body: { brnd_tokens: balance + 1 } }, token);
  expect(over.body).toMatchObject({ errors: { brnd_tokens: 'wallet.errors.overBalance' } });
  const whole = await api.failure(claimPayout, { body: { brnd_tokens: '1.5' } }, token);
  expect(whole.body).toMatchObject({ errors: { brnd_tokens: 'validation.payoutWhole' } });

  const headers = { 'idempotency-key': 'payout-attempt-1' };
  const claimed = await api.call(claimPayout, { body: { brnd_tokens: 1 }, headers }, token);
  const twice = await api.call(claimPayout, { body: { brnd_tokens: 1 }, headers }, token);
  expect(twice.payout.id).toBe(claimed.payout.id);
  expect(claimed.payout).toMatchObject({
    status: 'pending',
    brnd_tokens: 1,
    walletAddress: address,
  });
  expect((await api.call(wallet, undefined, token)).wallet[0]?.brnd_tokens).toBe(balance - 1);
  expect((await api.call(payouts, undefined, token)).payouts).toEqual([claimed.payout]);
  const list = await api.call(orders, undefined, token);
  expect(list.orders.rows[0]).toMatchObject({
    session_id: claimed.payout.id,
    signature: PAYOUT_SIGNATURE,
    status: 'Pending',
  });

  await api.call(claimPayout, { body: { brnd_tokens: Math.trunc(balance - 1) } }, token);
  expect((await api.call(wallet, undefined, token)).wallet[0]?.brnd_tokens).toBe(0);
  const again = await api.failure(claimPayout, { body: { brnd_tokens: 1 } }, token);
  expect(again.body).toMatchObject({ messageId: 'wallet.errors.nothingToClaim' });
});

test('a wallet address with a broken checksum or the zero address is refused, as by the bff', async () => {
  const token = await demoToken();
  const broken = await api.failure(
    updateWallet,
    { body: { walletAddress: '0x52908400098527886e0F7030069857D2E4169EE7' } },
    token,
  );
  expect(broken.body).toMatchObject({ errors: { walletAddress: 'wallet.errors.checksum' } });
  const zero = await api.failure(
    updateWallet,
    { body: { walletAddress: '0x0000000000000000000000000000000000000000' } },
    token,
  );
  expect(zero.body).toMatchObject({ errors: { walletAddress: 'wallet.errors.zeroAddress' } });
  await api.call(
    updateWallet,
    { body: { walletAddress: '0x52908400098527886e0f7030069857d2e4169ee7' } },
    token,
  );
  expect((await api.call(wallet, undefined, token)).wallet[0]?.walletAddress).toBe(
    '0x52908400098527886E0F7030069857D2E4169EE7',
  );
});

test('sale progress adds up to the 400,000,000 BRND allocation', async () => {
  const progress = await api.call(saleProgress);
  expect(progress.allocation).toBe(400_000_000);
  expect(progress.sold + progress.left).toBe(400_000_000);
});
