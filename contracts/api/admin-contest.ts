import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  operatorErrors,
  operatorReadErrors,
} from './error-catalogue.ts';

/**
 * The contest section of the operator console: this month's standings (Europe/Warsaw month), the
 * winners of closed months, and closing an ended month by hand. Closing is idempotent with the
 * scheduled close (bff/src/jobs/contest.ts): a month has one winner and one prize, whoever closes
 * it first.
 */

/** How many of the running month's leaders the console shows. */
export const CONTEST_STANDINGS_LIMIT = 20;

export const StandingSchema = v.object({
  rank: v.number(),
  brand_id: v.number(),
  name: v.string(),
  website: v.string(),
  image_url: v.string(),
  votes: v.number(),
});
export type Standing = v.InferOutput<typeof StandingSchema>;

export const ClosedMonthSchema = v.object({
  month: v.string(),
  brand_id: v.number(),
  name: v.string(),
  website: v.string(),
  image_url: v.string(),
  votes: v.number(),
  /** BRND credited to the brand's owner; 0 when the brand had no owner to credit. */
  prize: v.number(),
  /** Who received the prize; null when the brand has no registered owner. */
  owner_email: v.nullable(v.string()),
  /** ISO 8601. */
  closed_at: v.string(),
});
export type ClosedMonth = v.InferOutput<typeof ClosedMonthSchema>;

export const adminContest = defineEndpoint({
  id: 'adminContest',
  method: 'GET',
  path: '/api/admin/contest',
  auth: 'admin',
  response: v.object({
    /** The running month, YYYY-MM. */
    month: v.string(),
    /** The running month's leaders, most votes first (the earliest to reach a count first). */
    standings: v.array(StandingSchema),
    /** Closed months, newest first. */
    winners: v.array(ClosedMonthSchema),
    /** Ended months that had votes and are not closed yet, oldest first. */
    open_months: v.array(v.string()),
  }),
  errors: { ...operatorReadErrors },
});

export const ContestMonthSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'adminContest.errors.month'),
);

/**
 * Closes an ended month: its winner is recorded and the prize credited, once. A month closed
 * before answers its record with `closed_now: false`; a month not over yet is 409
 * `adminContest.errors.notEnded`; a month without votes is 409 `adminContest.errors.noVotes`.
 */
const monthValues = v.object({ month: v.string() });
/** The month has not ended yet: it closes once its last day is over. */
export const notEnded = declareError({
  status: 409,
  messageId: 'adminContest.errors.notEnded',
  values: monthValues,
});
/** No votes were cast in the month: there is no winner to name. */
export const noVotes = declareError({
  status: 409,
  messageId: 'adminContest.errors.noVotes',
  values: monthValues,
});

export const closeContestMonth = defineEndpoint({
  id: 'closeContestMonth',
  method: 'POST',
  path: '/api/admin/contest/close',
  auth: 'admin',
  body: v.object({ month: ContestMonthSchema }),
  response: v.object({ winner: ClosedMonthSchema, closed_now: v.boolean() }),
  errors: { ...operatorErrors, ...inputErrors, notEnded, noVotes },
});

export const adminContestEndpoints = { adminContest, closeContestMonth } as const;
