import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { inputErrors, readSessionErrors } from './error-catalogue.ts';
import { PageLimitSchema, PageOffsetSchema } from '../domain/rules.ts';

/**
 * A balance the user can explain: every movement of their BRND balance in the ledger, newest
 * first, each naming its source (the order, the brand voted for, the referral programme, the
 * payout). The rows sum to the balance. See docs/decisions/039.
 */

export const ACTIVITY_KINDS = [
  'purchase',
  'operator_credit',
  'vote_reward',
  'referral_reward',
  'contest_prize',
  'payout',
  'payout_returned',
  'other',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Where a movement came from, so its row can open it. */
export const ACTIVITY_SOURCES = ['order', 'card_order', 'brand', 'referrals', 'payout'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const ActivityRowSchema = v.object({
  /** The ledger transaction. */
  id: v.string(),
  /** ISO 8601. */
  at: v.string(),
  kind: v.picklist(ACTIVITY_KINDS),
  /** BRND in (positive) or out (negative) of the balance, exact; shown as whole tokens. */
  brnd_tokens: v.number(),
  source: v.nullable(v.object({ type: v.picklist(ACTIVITY_SOURCES), id: v.string() })),
});
export type ActivityRow = v.InferOutput<typeof ActivityRowSchema>;

/** Rows per page of the activity list (as the transactions list: the spec's 5). */
export const ACTIVITY_PAGE_SIZE = 5;

export const activity = defineEndpoint({
  id: 'activity',
  method: 'GET',
  path: '/api/user/activity',
  auth: 'required',
  query: v.object({ limit: v.optional(PageLimitSchema), offset: v.optional(PageOffsetSchema) }),
  response: v.object({
    activity: v.object({ rows: v.array(ActivityRowSchema), count: v.number() }),
  }),
  errors: { ...readSessionErrors, ...inputErrors },
});

export const activityEndpoints = { activity } as const;
