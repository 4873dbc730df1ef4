import { adminTreasurySends, retryTreasurySend } from '@brnd/contracts/api/admin-treasury';
import type { TreasurySendService } from '../services/treasury-sends.ts';
import { authedRoute, type Route } from './route.ts';

/** The console's stuck treasury sends and their fee-bumped retry (issue #18). */
export function adminTreasuryRoutes({
  sends,
  explorerTxUrl,
}: {
  sends: TreasurySendService;
  explorerTxUrl: string | null;
}): Route[] {
  return [
    authedRoute(adminTreasurySends, async () => ({
      sends: await sends.stuck(),
      explorer_tx_url: explorerTxUrl,
    })),
    authedRoute(retryTreasurySend, async ({ auth, params }) => ({
      send: await sends.retry(
        { id: auth.user.id, email: auth.user.email },
        params.source,
        params.id,
      ),
    })),
  ];
}
