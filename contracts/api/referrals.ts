import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './accounts.ts';

/** Referral links: {host}/ref/{code}. A code may carry a dash part naming its target (ico, vote). */

export const ReferralCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.required'),
);

export const ReferralSchema = v.object({
  code: v.string(),
  description: v.string(),
  clicks: v.number(),
  signups: v.number(),
  /** BRND earned through this link. */
  tokens: v.number(),
});
export type Referral = v.InferOutput<typeof ReferralSchema>;

/** Counts a click on a referral link; visitors call it, so no token is needed. */
export const visitReferral = defineEndpoint({
  id: 'visitReferral',
  method: 'POST',
  path: '/api/referral',
  encoding: 'json',
  body: v.object({ referral_code: ReferralCodeSchema }),
  response: MessageResponseSchema,
});

/** The spec's client reads `orders.rows` here, so the rows keep that name. */
export const referrals = defineEndpoint({
  id: 'referrals',
  method: 'GET',
  path: '/api/user/getreferrals',
  auth: 'required',
  response: v.object({ orders: v.object({ rows: v.array(ReferralSchema) }) }),
});

export const editReferral = defineEndpoint({
  id: 'editReferral',
  method: 'POST',
  path: '/api/referral/edit',
  auth: 'required',
  body: v.object({
    code: ReferralCodeSchema,
    description: v.pipe(v.string(), v.trim(), v.maxLength(200, 'validation.required')),
  }),
  response: MessageResponseSchema,
});

export const referralEndpoints = { visitReferral, referrals, editReferral } as const;
