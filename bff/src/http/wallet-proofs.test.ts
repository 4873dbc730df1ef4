import { claimPayout, updateWallet, wallet, walletChallenge } from '@brnd/contracts/api/wallet';
import { WALLET_CHALLENGE_TTL_MINUTES } from '@brnd/contracts/domain/wallet-proof';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  countMessages,
  latestMessage,
  newUser,
  proveWallet,
  registerVerifiedUser,
} from '../testing/http.ts';

let app: TestApp;
let clockOffset = 0;
beforeAll(async () => {
  app = await startTestApp({ clock: () => new Date(Date.now() + clockOffset) });
});
afterAll(() => app?.close());

async function challengeFor(token: string, walletAddress: string) {
  const answer = await call(app.baseUrl, walletChallenge, { token, body: { walletAddress } });
  if (!answer.data) throw new Error(`challenge answered ${answer.status}`);
  return answer.data;
}

test('the challenge is an EIP-4361 message for this site, address, chain and a single-use nonce', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const signer = Wallet.createRandom();
  const challenge = await challengeFor(token, signer.address.toLowerCase());
  const lines = challenge.message.split('\n');
  expect(lines[0]).toBe(
    `${new URL(app.baseUrl).host} wants you to sign in with your Ethereum account:`,
  );
  expect(lines[1]).toBe(signer.address);
  expect(challenge.message).toContain(`Chain ID: ${challenge.chainId}`);
  expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
  expect(challenge.message).toContain(`Expiration Time: ${challenge.expiresAt}`);
  expect(challenge.nonce).toMatch(/^[0-9a-f]{24}$/);
});

test('a wallet is saved only with its own signature and the password; the user is mailed', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const signer = Wallet.createRandom();
  const other = Wallet.createRandom();
  const challenge = await challengeFor(token, signer.address);
  const body = {
    walletAddress: signer.address,
    nonce: challenge.nonce,
    signature: await signer.signMessage(challenge.message),
    password: user.password,
  };
  const mailsBefore = await countMessages(app.baseUrl, user.email, 'email');

  const wrongSigner = await call(app.baseUrl, updateWallet, {
    token,
    body: { ...body, signature: await other.signMessage(challenge.message) },
  });
  expect(wrongSigner.status).toBe(400);
  expect(wrongSigner.error?.errors).toEqual({ signature: 'wallet.errors.wrongSigner' });

  const otherAddress = await call(app.baseUrl, updateWallet, {
    token,
    body: { ...body, walletAddress: other.address },
  });
  expect(otherAddress.error?.errors).toEqual({
    walletAddress: 'wallet.errors.addressNotChallenged',
  });

  const wrongPassword = await call(app.baseUrl, updateWallet, {
    token,
    body: { ...body, password: 'Wrong123!x' },
  });
  expect(wrongPassword.status).toBe(400);
  expect(wrongPassword.error?.errors).toEqual({ password: 'errors.wrongCurrentPassword' });
  expect((await call(app.baseUrl, wallet, { token })).data?.wallet[0]).toMatchObject({
    walletAddress: null,
    walletVerified: false,
  });

  expect((await call(app.baseUrl, updateWallet, { token, body })).status).toBe(200);
  expect((await call(app.baseUrl, wallet, { token })).data?.wallet[0]).toMatchObject({
    walletAddress: signer.address,
    walletVerified: true,
  });
  const mail = await latestMessage(app.baseUrl, user.email, 'email', { after: mailsBefore });
  expect(mail.subject).toBe('Your BRND payout wallet was changed');
  expect(mail.text).toContain(signer.address);

  const reused = await call(app.baseUrl, updateWallet, { token, body });
  expect(reused.status).toBe(409);
  expect(reused.error?.messageId).toBe('wallet.errors.challengeExpired');
});

test('an expired challenge is refused and the saved wallet stays', async () => {
  const { token } = await registerVerifiedUser(app.baseUrl);
  const first = Wallet.createRandom();
  expect((await proveWallet(app.baseUrl, token, first)).status).toBe(200);
  const second = Wallet.createRandom();
  const challenge = await challengeFor(token, second.address);
  clockOffset += (WALLET_CHALLENGE_TTL_MINUTES + 1) * 60_000;
  const late = await call(app.baseUrl, updateWallet, {
    token,
    body: {
      walletAddress: second.address,
      nonce: challenge.nonce,
      signature: await second.signMessage(challenge.message),
      password: newUser().password,
    },
  });
  expect(late.status).toBe(409);
  expect(late.error?.messageId).toBe('wallet.errors.challengeExpired');
  expect((await call(app.baseUrl, wallet, { token })).data?.wallet[0]?.walletAddress).toBe(
    first.address,
  );
});

test('a change is mailed in Polish to a Polish account, naming the old and the new wallet', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  await app.db.query(`UPDATE users SET language = 'po' WHERE lower(email) = lower($1)`, [
    user.email,
  ]);
  const first = Wallet.createRandom();
  const second = Wallet.createRandom();
  await proveWallet(app.baseUrl, token, first);
  await app.settled();
  const before = await countMessages(app.baseUrl, user.email, 'email');
  await proveWallet(app.baseUrl, token, second);
  const mail = await latestMessage(app.baseUrl, user.email, 'email', { after: before });
  expect(mail.subject).toBe('Zmieniono portfel do wypłat BRND');
  expect(mail.text).toContain(second.address);
  expect(mail.text).toContain(first.address);
});

test('an address saved before proofs were required receives no payout until proven', async () => {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  await app.db.query('UPDATE users SET wallet_address = $2 WHERE lower(email) = lower($1)', [
    user.email,
    Wallet.createRandom().address,
  ]);
  const claim = await call(app.baseUrl, claimPayout, { token, body: { brnd_tokens: 1 } });
  expect(claim.status).toBe(409);
  expect(claim.error?.messageId).toBe('wallet.errors.walletNotVerified');
});
