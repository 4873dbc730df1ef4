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
  walletChallenge,
} from '@brnd/contracts/api/wallet';
import { Wallet } from 'ethers';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts';
import { useMockApi } from './test-helpers.ts';

const api = useMockApi();

async function demoToken() {
  const session = await api.call(login, { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (!('token' in session)) throw new Error('no token');
  return session.token;
}

/** A challenge for `signer`'s address, signed by `signer`, sent with the demo password. */
async function prove(
  token: string,
  signer: { address: string; signMessage(message: string): Promise<string> },
  address = signer.address,
) {
  const challenge = await api.call(walletChallenge, { body: { walletAddress: address } }, token);
  const signature = await signer.signMessage(challenge.message);
  return {
    body: { walletAddress: address, nonce: challenge.nonce, signature, password: DEMO_PASSWORD },
  };
}

test('user pays out part of the balance, then the rest, once a wallet address is proven', async () => {
  const token = await demoToken();
  const noAddress = await api.failure(claimPayout, { body: { brnd_tokens: 1 } }, token);
  expect(noAddress.body).toMatchObject({ messageId: 'wallet.errors.noWalletAddress' });

  const signer = Wallet.createRandom();
  const address = signer.address;
  await api.call(updateWallet, await prove(token, signer), token);
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

test('a payout is confirmed a moment later and its receipt mailed once, as by the bff', async () => {
  const token = await demoToken();
  const signer = Wallet.createRandom();
  await api.call(updateWallet, await prove(token, signer), token);
  const claimed = await api.call(claimPayout, { body: { brnd_tokens: 2 } }, token);
  const receipts = async () =>
    (await api.outbox()).filter((message) => message.subject.startsWith('Receipt:'));
  expect(await receipts()).toHaveLength(0);

  api.advance(1_000);
  const [confirmed] = (await api.call(payouts, undefined, token)).payouts;
  expect(confirmed).toMatchObject({ id: claimed.payout.id, status: 'confirmed' });
  const mailed = await receipts();
  expect(mailed).toHaveLength(1);
  expect(mailed[0]?.subject).toMatch(/^Receipt: 2\sBRND paid out to your wallet$/);
  expect(mailed[0]?.text).toContain(signer.address);
  expect(mailed[0]?.text).toContain(confirmed?.txHash ?? 'no hash');

  await api.call(payouts, undefined, token);
  expect(await receipts()).toHaveLength(1);
});

test('a wallet address with a broken checksum or the zero address is refused, as by the bff', async () => {
  const token = await demoToken();
  const broken = await api.failure(
    walletChallenge,
    { body: { walletAddress: '0x52908400098527886e0F7030069857D2E4169EE7' } },
    token,
  );
  expect(broken.body).toMatchObject({ errors: { walletAddress: 'wallet.errors.checksum' } });
  const zero = await api.failure(
    walletChallenge,
    { body: { walletAddress: '0x0000000000000000000000000000000000000000' } },
    token,
  );
  expect(zero.body).toMatchObject({ errors: { walletAddress: 'wallet.errors.zeroAddress' } });
  const signer = Wallet.createRandom();
  await api.call(updateWallet, await prove(token, signer, signer.address.toLowerCase()), token);
  expect((await api.call(wallet, undefined, token)).wallet[0]).toMatchObject({
    walletAddress: signer.address,
    walletVerified: true,
  });
});

test('a wallet is saved only with its own signature, an unused challenge and the password', async () => {
  const token = await demoToken();
  const signer = Wallet.createRandom();
  const other = Wallet.createRandom();

  const proof = await prove(token, signer);
  const wrongSigner = await api.failure(
    updateWallet,
    { body: { ...proof.body, signature: await other.signMessage('anything') } },
    token,
  );
  expect(wrongSigner.body).toMatchObject({ errors: { signature: 'wallet.errors.wrongSigner' } });
  const wrongPassword = await api.failure(
    updateWallet,
    { body: { ...proof.body, password: 'not-it' } },
    token,
  );
  expect(wrongPassword.body).toMatchObject({ errors: { password: 'errors.wrongCurrentPassword' } });
  expect((await api.call(wallet, undefined, token)).wallet[0]?.walletVerified).toBe(false);

  await api.call(updateWallet, proof, token);
  const reused = await api.failure(updateWallet, proof, token);
  expect(reused.status).toBe(409);
  expect(reused.body).toMatchObject({ messageId: 'wallet.errors.challengeExpired' });
  expect(api.fake.outbox()[0]?.subject).toBe('Your BRND payout wallet was changed');

  const late = await prove(token, other);
  api.advance(11 * 60_000);
  const expired = await api.failure(updateWallet, late, token);
  expect(expired.body).toMatchObject({ messageId: 'wallet.errors.challengeExpired' });
  expect((await api.call(wallet, undefined, token)).wallet[0]?.walletAddress).toBe(signer.address);
});

test('sale progress adds up to the 400,000,000 BRND allocation', async () => {
  const progress = await api.call(saleProgress);
  expect(progress.allocation).toBe(400_000_000);
  expect(progress.sold + progress.left).toBe(400_000_000);
});
