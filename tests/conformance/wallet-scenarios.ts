import { orders } from '@brnd/contracts/api/orders';
import {
  claimPayout,
  payouts,
  saleProgress,
  updateWallet,
  wallet,
  walletChallenge,
} from '@brnd/contracts/api/wallet';
import { PASSWORD_CHANGE_FAILURES } from '@brnd/contracts/domain/constants';
import { WALLET_CHALLENGE_TTL_MINUTES } from '@brnd/contracts/domain/wallet-proof';
import { Wallet } from 'ethers';
import { verifiedUser } from './accounts-scenarios.ts';
import { advanceClock, call, type Scenario, type Values } from './runner.ts';

/** Two fixed keys (not anvil's): the wallet being proven and someone else's. */
const SIGNER = new Wallet(`0x${'41'.repeat(32)}`);
const OTHER = new Wallet(`0x${'42'.repeat(32)}`);
const ADDRESS = SIGNER.address;

/** Asks for a challenge for `address` and saves its nonce and the two keys' signatures of it. */
const challengeFor = (address: string, label: string) =>
  call(walletChallenge, {
    label,
    as: 'token',
    input: () => ({ body: { walletAddress: address } }),
    expect: { status: 200, body: () => ({ chainId: 31337 }) },
    save: (body, values) => {
      values.nonce = body.nonce;
      values.signature = SIGNER.signMessageSync(body.message);
      values.otherSignature = OTHER.signMessageSync(body.message);
    },
  });

const proof = (values: Values, overrides: { signature?: string; password?: string } = {}) => ({
  body: {
    walletAddress: ADDRESS.toLowerCase(),
    nonce: values.nonce!,
    signature: overrides.signature ?? values.signature!,
    password: overrides.password ?? values.password!,
  },
});

export const walletScenarios: Scenario[] = [
  {
    name: 'wallet: a new user has none; the address is checked, proven by signature and stored checksummed',
    steps: [
      ...verifiedUser,
      call(wallet, {
        as: 'token',
        expect: {
          status: 200,
          body: () => ({
            wallet: [{ amount: 0, brnd_tokens: 0, walletAddress: null, walletVerified: false }],
          }),
        },
      }),
      call(walletChallenge, {
        label: 'an empty address',
        as: 'token',
        input: () => ({ body: { walletAddress: ' ' } }),
        expect: { status: 400, fields: { walletAddress: 'validation.wallet' } },
      }),
      call(walletChallenge, {
        label: 'a broken checksum',
        as: 'token',
        input: () => ({
          body: { walletAddress: ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase()) },
        }),
        expect: { status: 400, fields: { walletAddress: 'wallet.errors.checksum' } },
      }),
      call(walletChallenge, {
        label: 'the zero address',
        as: 'token',
        input: () => ({ body: { walletAddress: `0x${'0'.repeat(40)}` } }),
        expect: { status: 400, fields: { walletAddress: 'wallet.errors.zeroAddress' } },
      }),
      challengeFor(ADDRESS.toLowerCase(), 'a challenge for a lower-case address'),
      call(updateWallet, {
        label: 'signed by another key',
        as: 'token',
        input: (values) => proof(values, { signature: values.otherSignature! }),
        expect: { status: 400, fields: { signature: 'wallet.errors.wrongSigner' } },
      }),
      call(updateWallet, {
        label: 'the wrong password',
        as: 'token',
        input: (values) => proof(values, { password: 'Wrong123!x' }),
        expect: { status: 400, fields: { password: 'errors.wrongCurrentPassword' } },
      }),
      call(updateWallet, {
        label: 'a valid signature',
        as: 'token',
        input: (values) => proof(values),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(updateWallet, {
        label: 'the same challenge again',
        as: 'token',
        input: (values) => proof(values),
        expect: { status: 409, messageId: 'wallet.errors.challengeExpired' },
      }),
      call(wallet, {
        label: 'the stored address',
        as: 'token',
        expect: {
          status: 200,
          body: () => ({
            wallet: [{ amount: 0, brnd_tokens: 0, walletAddress: ADDRESS, walletVerified: true }],
          }),
        },
      }),
      challengeFor(ADDRESS, 'a challenge left to expire'),
      advanceClock((WALLET_CHALLENGE_TTL_MINUTES + 1) * 60_000),
      call(updateWallet, {
        label: 'an expired challenge',
        as: 'token',
        input: (values) => proof(values),
        expect: { status: 409, messageId: 'wallet.errors.challengeExpired' },
      }),
      call(claimPayout, {
        label: 'a claim with nothing to pay out',
        as: 'token',
        input: () => ({ body: { brnd_tokens: 5 } }),
        expect: { status: 409, messageId: 'wallet.errors.nothingToClaim' },
      }),
      call(claimPayout, {
        label: 'a payout of no number',
        as: 'token',
        input: () => ({ body: { brnd_tokens: 'all' } }),
        expect: { status: 400, fields: { brnd_tokens: 'validation.payoutAmount' } },
      }),
      call(claimPayout, {
        label: 'a payout of a fraction',
        as: 'token',
        input: () => ({ body: { brnd_tokens: '2.5' } }),
        expect: { status: 400, fields: { brnd_tokens: 'validation.payoutWhole' } },
      }),
      call(claimPayout, {
        label: 'a payout under a malformed Idempotency-Key',
        as: 'token',
        input: () => ({
          body: { brnd_tokens: 1 },
          headers: { 'idempotency-key': 'k'.repeat(256) },
        }),
        expect: {
          status: 400,
          fields: { 'idempotency-key': 'orders.errors.idempotencyKey' },
        },
      }),
      call(claimPayout, {
        label: 'a payout of zero',
        as: 'token',
        input: () => ({ body: { brnd_tokens: 0 } }),
        expect: { status: 400, fields: { brnd_tokens: 'validation.payoutPositive' } },
      }),
      call(payouts, { as: 'token', expect: { status: 200, body: () => ({ payouts: [] }) } }),
    ],
  },
  {
    name: 'wallet: a claim without a saved address is refused; the wallet needs a session',
    steps: [
      ...verifiedUser,
      call(claimPayout, {
        as: 'token',
        input: () => ({ body: { brnd_tokens: 1 } }),
        expect: { status: 409, messageId: 'wallet.errors.noWalletAddress' },
      }),
      call(wallet, { label: 'wallet without a session', expect: { status: 401 } }),
    ],
  },
  {
    name: `wallet: ${PASSWORD_CHANGE_FAILURES} wrong passwords stop address changes for a while`,
    steps: [
      ...verifiedUser,
      challengeFor(ADDRESS, 'a challenge'),
      call(updateWallet, {
        label: 'the wrong password',
        as: 'token',
        times: PASSWORD_CHANGE_FAILURES,
        input: (values) => proof(values, { password: 'Wrong123!x' }),
        expect: { status: 400, kind: 'wrongCurrentPassword' },
      }),
      call(updateWallet, {
        label: 'even the right password, once throttled',
        as: 'token',
        input: (values) => proof(values),
        expect: { status: 429, kind: 'tooManyAttempts', retryAfter: true },
      }),
    ],
  },
  {
    name: 'transactions: a new user has none; the list needs a session',
    steps: [
      ...verifiedUser,
      call(orders, {
        as: 'token',
        expect: { status: 200, body: () => ({ orders: { rows: [], count: 0 } }) },
      }),
      call(orders, { label: 'transactions without a session', expect: { status: 401 } }),
      call(orders, {
        label: 'a page that is not a number',
        as: 'token',
        input: () => ({ query: { limit: 'ten' as unknown as number } }),
        expect: { status: 400, kind: 'validation' },
      }),
    ],
  },
  {
    name: 'sale progress is public and counts the 400,000,000 BRND allocation',
    steps: [
      call(saleProgress, { expect: { status: 200, body: () => ({ allocation: 400_000_000 }) } }),
    ],
  },
];
