import * as v from 'valibot';

/**
 * The wallet's and payouts' answer schemas, apart from the endpoints: the wallet page's route
 * loader imports its reads with the app's first code, and the production build strips the
 * answer schemas from them, so these (and valibot) never reach the first page (decisions 050, 054).
 */

/** The user's BRND balance and the Ethereum address payouts go to. */

export const WalletSchema = v.object({
  /** USD the user has spent in the token sale. */
  amount: v.number(),
  brnd_tokens: v.number(),
  walletAddress: v.nullable(v.string()),
  /**
   * The address was saved with a signature proving the user controls it (decision 042): only
   * then does it receive payouts and count for Premium. Addresses saved before proofs were
   * required stay unproven until signed again.
   */
  walletVerified: v.boolean(),
});
export type Wallet = v.InferOutput<typeof WalletSchema>;

/**
 * A payout's life: `pending` from the claim until the transfer is mined (recorded, signed,
 * broadcast), then `confirmed`, or `failed` with the tokens back on the user's balance.
 */
export const PAYOUT_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PayoutSchema = v.object({
  id: v.string(),
  status: v.picklist(PAYOUT_STATUSES),
  brnd_tokens: v.number(),
  /** Base units (18 decimals) as a decimal string, exact where a number would round. */
  amount: v.string(),
  walletAddress: v.string(),
  /** Set once the transfer is signed. */
  txHash: v.nullable(v.string()),
  /** ISO 8601. */
  created_at: v.string(),
});
export type Payout = v.InferOutput<typeof PayoutSchema>;
