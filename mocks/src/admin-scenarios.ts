import type { HttpHandler } from 'msw';
import { closeContestMonth } from '@brnd/contracts/api/admin-contest';
import { resubmitBrand } from '@brnd/contracts/api/brands';
import { errorResponse, route } from './handlers.ts';

export { refuseBrand } from './admin-operations.ts';

/**
 * Named situations of the operator console's verification and contest sections, as handler
 * overrides (see scenarios.ts); the default handlers answer everything else from the fake.
 */

/** Closing `month` is refused as the bff refuses it: not ended yet, or no votes to win. */
export function contestCloseRefused(
  messageId: 'adminContest.errors.notEnded' | 'adminContest.errors.noVotes',
  month: string,
): HttpHandler {
  return route(closeContestMonth, () => errorResponse(409, messageId, { values: { month } }));
}

/**
 * Sending a brand for verification again is refused as the bff refuses it: an operator decided
 * it meanwhile (it is no longer rejected or revoked).
 */
export function resubmitRefused(): HttpHandler {
  return route(resubmitBrand, () => errorResponse(409, 'brands.resubmit.notRefused'));
}
