import { retryPayout } from '@brnd/contracts/api/admin-payouts';
import { kantor } from '@brnd/contracts/api/orders';
import { claimPayout } from '@brnd/contracts/api/wallet';
import { Wallet } from 'ethers';
import { expect } from 'vitest';
import { verifiedUser } from './account-steps.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import { proveWallet } from './brand-token-chain-scenarios.ts';
import { cardTransaction, record } from './card-scenarios.ts';
import { call, payAtCardProvider, type Scenario } from './runner.ts';

/**
 * Payouts of BRND a buyer paid for (decision 076): a card purchase credits the balance on both
 * targets (the bff's card simulator calls it back), and the payout goes to the proven wallet on
 * the chain (the bff's dev chain through the job queue; the mocks keep it pending).
 */

/** A wallet key of these scenarios' own. */
const PAYOUT_WALLET = new Wallet(`0x${'77'.repeat(32)}`);
const KEY = 'payout-attempt-1';

export const payoutScenarios: Scenario[] = [
  {
    name: 'payouts: a claim is paid once per key; another amount under the key is refused, and a payout not failed is not retried',
    steps: [
      ...verifiedUser,
      ...cardTransaction('card'),
      call(kantor, {
        label: 'the buyer records the card purchase',
        as: 'token',
        input: (values) => ({ body: record(values, 'card') }),
        expect: { status: 200 },
      }),
      payAtCardProvider((values) => values.card!),
      ...proveWallet('token', PAYOUT_WALLET),
      call(claimPayout, {
        label: 'a payout of 10 BRND under a key',
        as: 'token',
        input: () => ({ body: { brnd_tokens: 10 }, headers: { 'idempotency-key': KEY } }),
        expect: { status: 202 },
        save: (body, values) => {
          values.payout = body.payout.id;
        },
      }),
      call(claimPayout, {
        label: 'the same key and body again answer the first claim',
        as: 'token',
        input: () => ({ body: { brnd_tokens: 10 }, headers: { 'idempotency-key': KEY } }),
        expect: {
          status: 202,
          body: (values) => ({ payout: expect.objectContaining({ id: values.payout }) }),
        },
      }),
      call(claimPayout, {
        label: 'the same key with another amount',
        as: 'token',
        input: () => ({ body: { brnd_tokens: 20 }, headers: { 'idempotency-key': KEY } }),
        expect: { status: 422, kind: 'idempotencyMismatch' },
      }),
      operatorLogin,
      call(retryPayout, {
        label: 'an operator retries the payout, which has not failed',
        as: 'operator',
        input: (values) => ({ params: { id: values.payout! } }),
        expect: { status: 409, kind: 'notFailed' },
      }),
    ],
  },
];
