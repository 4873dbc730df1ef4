import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './message.ts';
import { declareError, inputErrors, readSessionErrors, sessionErrors } from './error-catalogue.ts';
import { REFERRAL_DESCRIPTION_MAX_LENGTH, REFERRAL_TARGETS } from '../domain/referrals.ts';

/** Referral links: {host}/ref/{code}. A code may carry a dash part naming its target (ico, vote). */

export const ReferralCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.required'),
);

/** Where the owner shares the link: without it, a list of links says nothing (issue #23). */
export const ReferralDescriptionSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'referrals.validation.descriptionRequired'),
  v.maxLength(REFERRAL_DESCRIPTION_MAX_LENGTH, 'referrals.validation.description'),
);

export const ReferralSchema = v.object({
  code: v.string(),
  description: v.string(),
  /** Visits of the link (POST /api/referral). */
  clicks: v.number(),
  /** Accounts registered through the link that completed verification. */
  signups: v.number(),
  /** Whole BRND earned through this link (sign-ups, brands and sale shares). */
  tokens: v.number(),
});
export type Referral = v.InferOutput<typeof ReferralSchema>;

/** No referral link with this code (or not the caller's, for an edit). */
export const unknownLink = declareError({ status: 404, messageId: 'referrals.errors.unknownLink' });
/** REFERRAL_LINKS_PER_USER links already: `limit` says how many. */
export const tooManyLinks = declareError({
  status: 409,
  messageId: 'referrals.errors.tooManyLinks',
  values: v.object({ limit: v.number() }),
});

/** Counts a click on a referral link, once per visitor a day (decision 023); no token needed. */
export const visitReferral = defineEndpoint({
  id: 'visitReferral',
  method: 'POST',
  path: '/api/referral',
  encoding: 'json',
  body: v.object({ referral_code: ReferralCodeSchema }),
  response: MessageResponseSchema,
  errors: { ...inputErrors, unknownLink },
});

/** The spec's client reads `orders.rows` here, so the rows keep that name. Oldest link first. */
export const referrals = defineEndpoint({
  id: 'referrals',
  method: 'GET',
  path: '/api/user/getreferrals',
  auth: 'required',
  response: v.object({ orders: v.object({ rows: v.array(ReferralSchema) }) }),
  errors: { ...readSessionErrors },
});

export const editReferral = defineEndpoint({
  id: 'editReferral',
  method: 'POST',
  path: '/api/referral/edit',
  auth: 'required',
  body: v.object({ code: ReferralCodeSchema, description: ReferralDescriptionSchema }),
  response: MessageResponseSchema,
  errors: { ...sessionErrors, ...inputErrors, unknownLink },
});

/**
 * New (the original's 'add a new link' modal called nothing): a further link of the signed-in
 * user, `{account code}-{random}`; with target `ico` or `vote` the random part starts with it, so
 * /ref/ sends visitors to the token sale or the voting page.
 */
export const createReferral = defineEndpoint({
  id: 'createReferral',
  method: 'POST',
  path: '/api/referral/create',
  auth: 'required',
  status: 201,
  body: v.object({
    description: ReferralDescriptionSchema,
    target: v.optional(v.picklist(REFERRAL_TARGETS, 'referrals.validation.target'), 'register'),
  }),
  response: v.object({ message: v.string(), referral: ReferralSchema }),
  errors: { ...sessionErrors, ...inputErrors, tooManyLinks },
});

export const referralEndpoints = {
  visitReferral,
  referrals,
  editReferral,
  createReferral,
} as const;
