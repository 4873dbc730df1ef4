import type { HttpHandler } from 'msw';
import { closeContestMonth } from '@brnd/contracts/api/admin-contest';
import { errorResponse, route } from './handlers.ts';

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
