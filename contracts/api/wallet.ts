import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './accounts.ts';
import { WalletAddressSchema } from '../domain/rules.ts';

/** The user's BRND balance and the Ethereum address payouts go to. */

export const WalletSchema = v.object({
  /** USD the user has spent in the token sale. */
  amount: v.number(),
  brnd_tokens: v.number(),
  walletAddress: v.nullable(v.string()),
});
export type Wallet = v.InferOutput<typeof WalletSchema>;

/** The original client reads `wallet[0]`: the answer is a list with one row. */
export const wallet = defineEndpoint({
  id: 'wallet',
  method: 'GET',
  path: '/api/user/wallet',
  auth: 'required',
  response: v.object({ wallet: v.array(WalletSchema) }),
});

export const updateWallet = defineEndpoint({
  id: 'updateWallet',
  method: 'POST',
  path: '/api/user/updatewallet',
  auth: 'required',
  body: v.object({ walletAddress: WalletAddressSchema }),
  response: MessageResponseSchema,
});

export const walletEndpoints = { wallet, updateWallet } as const;
