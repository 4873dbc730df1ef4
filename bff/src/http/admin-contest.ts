import { adminContest, closeContestMonth } from '@brnd/contracts/api/admin-contest';
import type { ContestAdmin } from '../services/contest-admin.ts';
import { authedRoute, type Route } from './route.ts';

/** The console's contest section: standings, closed months, closing a month by hand. */
export function adminContestRoutes({ contest }: { contest: ContestAdmin }): Route[] {
  return [
    authedRoute(adminContest, () => contest.overview()),
    authedRoute(closeContestMonth, async ({ auth, body }) => {
      const { winner, closedNow } = await contest.close(
        { id: auth.user.id, email: auth.user.email },
        body.month,
      );
      return { winner, closed_now: closedNow };
    }),
  ];
}
