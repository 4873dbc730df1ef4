import { adminBuybacks, burns, recordBuyback } from '@brnd/contracts/api/burns';
import type { BuybackService } from '../services/buybacks.ts';
import { authedRoute, route, type Route } from './route.ts';

export function buybackRoutes({
  buybacks,
  runInBackground,
}: {
  buybacks: BuybackService;
  runInBackground(name: string, work: () => Promise<void>): void;
}): Route[] {
  return [
    route(burns, () => buybacks.burns()),
    authedRoute(adminBuybacks, async () => ({
      buybacks: await buybacks.list(),
      wallet: buybacks.wallet(),
    })),
    authedRoute(recordBuyback, async ({ auth, body }) => {
      const buyback = await buybacks.record({ id: auth.user.id, email: auth.user.email }, body);
      // The burn waits for the chain; the operator sees it pending and the list updates.
      runInBackground('buyback burn', async () => {
        await buybacks.process(buyback.id);
      });
      return { buyback };
    }),
  ];
}
