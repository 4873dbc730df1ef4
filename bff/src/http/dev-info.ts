import { devInfo, type DevService } from '@brnd/contracts/api/wallet';
import Router from '@koa/router';
import * as v from 'valibot';
import type { PlatformChain } from '../chain/platform-chain.ts';

/**
 * Outside production only: where a wallet or a script connects to the dev chain, and what else
 * runs embedded (database, SMTP catcher, provider simulators) and where.
 */
export function devInfoRouter(
  chain: PlatformChain | undefined,
  services: readonly DevService[] = [],
): Router {
  const router = new Router();
  router.get(devInfo.path, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!chain) {
      ctx.status = 404;
      ctx.body = { message: 'No chain is configured.' };
      return;
    }
    ctx.body = v.parse(devInfo.response, {
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      contracts: chain.contracts,
      services,
    });
  });
  return router;
}
