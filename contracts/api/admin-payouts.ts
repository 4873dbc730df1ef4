import { PageOffsetSchema } from '../domain/rules.ts';
import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  notFound,
  operatorErrors,
  operatorReadErrors,
} from './error-catalogue.ts';
import { PAYOUT_STATUSES, payoutsUnavailable } from './wallet.ts';

/**
 * The console's payouts: every payout with its chain transaction, and the retry of a failed one.
 * A failed payout was reversed in the ledger (its BRND went back to the user's balance), so a
 * retry is a new payout of the same amount to the same address, debiting the balance again only
 * if it still holds the amount; a payout is retried at most once. See
 * docs/decisions/016-operator-payment-decisions.md.
 */

export const ADMIN_PAYOUTS_PAGE_SIZE = 20;

export const AdminPayoutSchema = v.object({
  id: v.string(),
  user_email: v.string(),
  status: v.picklist(PAYOUT_STATUSES),
  brnd_tokens: v.number(),
  /** Base units (18 decimals), exact. */
  amount: v.string(),
  address: v.string(),
  tx_hash: v.nullable(v.string()),
  /** Why the chain refused it (failed payouts). */
  error: v.nullable(v.string()),
  /** The failed payout this one retries. */
  retry_of: v.nullable(v.string()),
  /** The payout that retried this one, once retried. */
  retried_by: v.nullable(v.string()),
  /** ISO 8601. */
  created_at: v.string(),
});
export type AdminPayout = v.InferOutput<typeof AdminPayoutSchema>;

export const adminPayouts = defineEndpoint({
  id: 'adminPayouts',
  method: 'GET',
  path: '/api/admin/payouts',
  auth: 'admin',
  query: v.object({
    status: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((value) => (value === '' ? undefined : value)),
        v.optional(v.picklist(PAYOUT_STATUSES)),
      ),
    ),
    offset: v.optional(PageOffsetSchema),
  }),
  response: v.object({
    payouts: v.array(AdminPayoutSchema),
    count: v.number(),
    /** A chain explorer's transaction page with `{hash}` to fill; null when none is configured. */
    explorer_tx_url: v.nullable(v.string()),
  }),
  errors: { ...operatorReadErrors, ...inputErrors },
});

/** Only a failed payout is retried. */
export const notFailed = declareError({
  status: 409,
  messageId: 'finance.payouts.errors.notFailed',
});
/** A payout is retried at most once. */
export const alreadyRetried = declareError({
  status: 409,
  messageId: 'finance.payouts.errors.alreadyRetried',
});
/** The user's balance no longer holds the amount the reversal gave back. */
export const balanceGone = declareError({
  status: 409,
  messageId: 'finance.payouts.errors.balanceGone',
});

export const retryPayout = defineEndpoint({
  id: 'retryPayout',
  method: 'POST',
  path: '/api/admin/payouts/:id/retry',
  auth: 'admin',
  status: 201,
  params: v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'errors.notFound')) }),
  response: v.object({ payout: AdminPayoutSchema }),
  errors: {
    ...operatorErrors,
    ...inputErrors,
    notFound,
    payoutsUnavailable,
    notFailed,
    alreadyRetried,
    balanceGone,
  },
});

export const adminPayoutEndpoints = { adminPayouts, retryPayout } as const;
