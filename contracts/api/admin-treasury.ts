import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  notFound,
  operatorErrors,
  operatorReadErrors,
} from './error-catalogue.ts';

/**
 * The console's treasury sends (issue #18): every payout, buyback burn and brand token send that
 * holds a treasury nonce and has not settled, oldest nonce first, with what an operator needs to
 * judge it on a block explorer. A retry asks the treasury sender to re-sign the same call at the
 * same nonce with raised fees (a replacement, never a second send); it is audited.
 */

export const TREASURY_SOURCES = ['payouts', 'buybacks', 'brand_token_sends'] as const;
export type TreasurySource = (typeof TREASURY_SOURCES)[number];

export const TreasurySendSchema = v.object({
  source: v.picklist(TREASURY_SOURCES),
  id: v.string(),
  status: v.picklist(['pending', 'signed', 'broadcast']),
  nonce: v.string(),
  /** The latest signed version's hash. */
  tx_hash: v.nullable(v.string()),
  /** Signed versions so far (1 + fee bumps). */
  versions: v.number(),
  /** Seconds since the nonce was taken. */
  age_seconds: v.number(),
  /** A retry is waiting for the sender's next attempt. */
  retry_requested: v.boolean(),
});
export type TreasurySend = v.InferOutput<typeof TreasurySendSchema>;

export const adminTreasurySends = defineEndpoint({
  id: 'adminTreasurySends',
  method: 'GET',
  path: '/api/admin/treasury/sends',
  auth: 'admin',
  response: v.object({
    sends: v.array(TreasurySendSchema),
    /** A chain explorer's transaction page with `{hash}` to fill; null when none is configured. */
    explorer_tx_url: v.nullable(v.string()),
  }),
  errors: { ...operatorReadErrors },
});

/** Only a send on the chain can be replaced; an unsigned one is simply sent by its job. */
export const notBroadcast = declareError({
  status: 409,
  messageId: 'admin.treasury.errors.notBroadcast',
});

export const retryTreasurySend = defineEndpoint({
  id: 'retryTreasurySend',
  method: 'POST',
  path: '/api/admin/treasury/sends/:source/:id/retry',
  auth: 'admin',
  status: 202,
  params: v.object({
    source: v.picklist(TREASURY_SOURCES, 'errors.notFound'),
    id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'errors.notFound')),
  }),
  response: v.object({ send: TreasurySendSchema }),
  errors: { ...operatorErrors, ...inputErrors, notFound, notBroadcast },
});

export const adminTreasuryEndpoints = { adminTreasurySends, retryTreasurySend } as const;
