import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { PayoutSchema, WalletSchema } from './wallet-schemas.ts';
import { readSessionErrors } from './shared-errors.ts';

/**
 * The reads the wallet and dashboard pages load with their code (their route loaders), apart
 * from wallet.ts, whose forms' rules must not reach the first page (decisions 050, 054).
 */

/** The original client reads `wallet[0]`: the answer is a list with one row. */
export const wallet = defineEndpoint({
  id: 'wallet',
  method: 'GET',
  path: '/api/user/wallet',
  auth: 'required',
  response: v.object({ wallet: v.array(WalletSchema) }),
  errors: { ...readSessionErrors },
});

/** Newest first. */
export const payouts = defineEndpoint({
  id: 'payouts',
  method: 'GET',
  path: '/api/user/payouts',
  auth: 'required',
  response: v.object({ payouts: v.array(PayoutSchema) }),
  errors: { ...readSessionErrors },
});
