import { orders } from '@brnd/contracts/api/orders';
import {
  claimPayout,
  payouts,
  saleProgress,
  updateWallet,
  wallet,
} from '@brnd/contracts/api/wallet';
import { verifiedUser } from './accounts-scenarios.ts';
import { call, type Scenario } from './runner.ts';

/** The EIP-55 example address, as typed in lower case and as stored. */
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

export const walletScenarios: Scenario[] = [
  {
    name: 'wallet: a new user has none; the address is checked and stored checksummed',
    steps: [
      ...verifiedUser,
      call(wallet, {
        as: 'token',
        expect: {
          status: 200,
          body: () => ({ wallet: [{ amount: 0, brnd_tokens: 0, walletAddress: null }] }),
        },
      }),
      call(updateWallet, {
        label: 'an empty address',
        as: 'token',
        input: () => ({ body: { walletAddress: ' ' } }),
        expect: { status: 400, fields: { walletAddress: 'validation.wallet' } },
      }),
      call(updateWallet, {
        label: 'a broken checksum',
        as: 'token',
        input: () => ({ body: { walletAddress: ADDRESS.replace('E0F7', 'e0F7') } }),
        expect: { status: 400, fields: { walletAddress: 'wallet.errors.checksum' } },
      }),
      call(updateWallet, {
        label: 'the zero address',
        as: 'token',
        input: () => ({ body: { walletAddress: `0x${'0'.repeat(40)}` } }),
        expect: { status: 400, fields: { walletAddress: 'wallet.errors.zeroAddress' } },
      }),
      call(updateWallet, {
        label: 'a lower-case address',
        as: 'token',
        input: () => ({ body: { walletAddress: ADDRESS.toLowerCase() } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(wallet, {
        label: 'the stored address',
        as: 'token',
        expect: {
          status: 200,
          body: () => ({ wallet: [{ amount: 0, brnd_tokens: 0, walletAddress: ADDRESS }] }),
        },
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
    name: 'transactions: a new user has none; the list needs a session',
    steps: [
      ...verifiedUser,
      call(orders, {
        as: 'token',
        expect: { status: 200, body: () => ({ orders: { rows: [], count: 0 } }) },
      }),
      call(orders, { label: 'transactions without a session', expect: { status: 401 } }),
    ],
  },
  {
    name: 'sale progress is public and counts the 400,000,000 BRND allocation',
    steps: [
      call(saleProgress, { expect: { status: 200, body: () => ({ allocation: 400_000_000 }) } }),
    ],
  },
];
