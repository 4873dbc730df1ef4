import { type BrandTokenDeps } from './rows.ts';
import type { BrandTokenService } from './types.ts';
import { brandTokenContext } from './context.ts';
import { consoleOperations } from './issue.ts';
import { giveOperations } from './give.ts';
import { offerOperations } from './offers.ts';
import { holdingOperations } from './holdings.ts';
import { transferOperations } from './transfer.ts';
export { BULK_PREVIEW_ROWS, randomRedemptionCode } from './rows.ts';
export type { SendQueue, BrandTokenDeps, GiveOutcome, BulkOutcome } from './rows.ts';

/**
 * Token-as-a-service (issue #8, decision 015), composed from one module per use case: the
 * console and issuing (issue.ts), giving (give.ts), offers and redemptions (offers.ts), holdings
 * (holdings.ts) and moves (transfer.ts), over the shared steps in context.ts.
 */
export function createBrandTokenService(deps: BrandTokenDeps): BrandTokenService {
  const ctx = brandTokenContext(deps);
  return {
    ...consoleOperations(ctx),
    ...giveOperations(ctx),
    ...offerOperations(ctx),
    ...holdingOperations(ctx),
    ...transferOperations(ctx),
  };
}

export type { BrandTokenService } from './types.ts';
