import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './message.ts';
import { PayoutTokensSchema, WalletAddressSchema } from '../domain/rules.ts';
import { SIGNATURE_PATTERN } from '../domain/wallet-proof.ts';
import { idempotencyErrors, IdempotentHeadersSchema } from './idempotency.ts';
import {
  declareError,
  inputErrors,
  sessionErrors,
  tooManyAttempts,
  wrongCurrentPassword,
} from './error-catalogue.ts';
import { payouts, wallet } from './wallet-reads.ts';
import { PayoutSchema, type Payout, type PayoutStatus } from './wallet-schemas.ts';

export { payouts, wallet };
export {
  PAYOUT_STATUSES,
  PayoutSchema,
  WalletSchema,
  type Payout,
  type PayoutStatus,
  type Wallet,
} from './wallet-schemas.ts';
import type { TransactionStatus } from '../domain/constants.ts';
import type { Transaction } from './orders.ts';

/**
 * Not in the spec: the message the wallet must sign (EIP-4361) before `updateWallet` accepts
 * the address. Single use, valid for WALLET_CHALLENGE_TTL_MINUTES.
 */
export const walletChallenge = defineEndpoint({
  id: 'walletChallenge',
  method: 'POST',
  path: '/api/user/wallet/challenge',
  auth: 'required',
  body: v.object({ walletAddress: WalletAddressSchema }),
  response: v.object({
    nonce: v.string(),
    /** The exact text to sign with `personal_sign`. */
    message: v.string(),
    chainId: v.number(),
    /** ISO 8601. */
    expiresAt: v.string(),
  }),
  errors: { ...sessionErrors, ...inputErrors },
});

/** The nonce is unknown, used or past WALLET_CHALLENGE_TTL_MINUTES: ask for a new challenge. */
export const challengeExpired = declareError({
  status: 409,
  messageId: 'wallet.errors.challengeExpired',
});

/**
 * Saves the payout wallet. The spec's body (`walletAddress`) is extended with the proof: the
 * challenge's nonce, the wallet's signature of its message and the account password (a fresh
 * login: whoever holds only a session cannot redirect payouts). The user is mailed the change.
 */
export const updateWallet = defineEndpoint({
  id: 'updateWallet',
  method: 'POST',
  path: '/api/user/updatewallet',
  auth: 'required',
  body: v.object({
    walletAddress: WalletAddressSchema,
    nonce: v.pipe(v.string(), v.trim(), v.nonEmpty('wallet.errors.challengeMissing')),
    signature: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('validation.signature'),
      v.regex(SIGNATURE_PATTERN, 'validation.signatureFormat'),
    ),
    password: v.pipe(v.string(), v.nonEmpty('validation.currentPassword')),
  }),
  response: MessageResponseSchema,
  // A wrong password or signature is a 400 under its field; wrong passwords are throttled.
  errors: {
    ...sessionErrors,
    wrongCurrentPassword,
    ...inputErrors,
    challengeExpired,
    tooManyAttempts,
  },
});

/** No wallet address saved yet. */
export const noWalletAddress = declareError({
  status: 409,
  messageId: 'wallet.errors.noWalletAddress',
});
/** The saved address was never proven by signature (decision 042). */
export const walletNotVerified = declareError({
  status: 409,
  messageId: 'wallet.errors.walletNotVerified',
});
/** The BRND balance has no whole token to send. */
export const nothingToClaim = declareError({
  status: 409,
  messageId: 'wallet.errors.nothingToClaim',
});
/** This server sends no payouts (no chain configured). */
export const payoutsUnavailable = declareError({
  status: 503,
  messageId: 'wallet.errors.payoutsUnavailable',
});

/** A payout's row in the transactions list (GET /api/user/orders) is marked by this signature. */
export const PAYOUT_SIGNATURE = 'PAYOUT';

const PAYOUT_TRANSACTION_STATUS = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
} as const satisfies Record<PayoutStatus, TransactionStatus>;

/** A payout as a transactions-list row: no money changes hands, so price and USD are 0. */
export function payoutAsTransaction(payout: Payout): Transaction {
  return {
    session_id: payout.id,
    created_at: payout.created_at,
    brnd_tokens: payout.brnd_tokens,
    token_price: 0,
    amount: 0,
    signature: PAYOUT_SIGNATURE,
    status: PAYOUT_TRANSACTION_STATUS[payout.status],
    payment_situation: null,
    paid_amount: null,
  };
}

/**
 * Not in the spec: sends `brnd_tokens` whole BRND of the balance to the saved wallet address
 * (docs/decisions/044), only once that address is proven by signature (a 409
 * `wallet.errors.walletNotVerified` before, docs/decisions/042). More than the balance is a 400 `wallet.errors.overBalance`; asking for
 * all the whole tokens also sends the balance's fraction, so none is stranded. One
 * `Idempotency-Key` per payout attempt: a double submit pays out once.
 */
export const claimPayout = defineEndpoint({
  id: 'claimPayout',
  method: 'POST',
  path: '/api/user/payouts/claim',
  auth: 'required',
  headers: IdempotentHeadersSchema,
  body: v.object({ brnd_tokens: PayoutTokensSchema }),
  status: 202,
  response: v.object({ message: v.string(), payout: PayoutSchema }),
  // More than the balance is a 400 under `brnd_tokens` (wallet.errors.overBalance).
  errors: {
    ...sessionErrors,
    ...inputErrors,
    noWalletAddress,
    walletNotVerified,
    nothingToClaim,
    payoutsUnavailable,
    ...idempotencyErrors,
  },
});

/** Whole BRND set aside for the token sale (of the 1,000,000,000 supply). */
export const SALE_ALLOCATION_TOKENS = 400_000_000;

/** The token sale's progress, from the ledger: whole BRND. */
export const SaleProgressSchema = v.object({
  allocation: v.number(),
  sold: v.number(),
  left: v.number(),
});
export type SaleProgress = v.InferOutput<typeof SaleProgressSchema>;

export const saleProgress = defineEndpoint({
  id: 'saleProgress',
  method: 'GET',
  path: '/api/sale/progress',
  response: SaleProgressSchema,
  errors: {},
});

export const walletEndpoints = {
  wallet,
  walletChallenge,
  updateWallet,
  claimPayout,
  payouts,
  saleProgress,
} as const;

/**
 * Development only (never in production, not part of `endpoints`): where a wallet or a script
 * connects to the dev chain.
 */
export const devInfo = defineEndpoint({
  id: 'devInfo',
  method: 'GET',
  path: '/dev/info',
  response: v.object({
    rpcUrl: v.string(),
    chainId: v.number(),
    contracts: v.object({ brnd: v.string(), brandTokenFactory: v.string(), staking: v.string() }),
    /**
     * What this server started in place of a real service (database, chain, SMTP, the provider
     * simulators) and where each listens, or the address of the real one it uses.
     */
    services: v.array(v.object({ name: v.string(), url: v.string(), embedded: v.boolean() })),
  }),
});
export type DevService = v.InferOutput<typeof devInfo.response>['services'][number];
