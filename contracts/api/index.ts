import { accountEndpoints } from './accounts.ts';
import { activityEndpoints } from './activity.ts';
import { adminEndpoints } from './admin.ts';
import { adminContestEndpoints } from './admin-contest.ts';
import { adminVerificationEndpoints } from './admin-verification.ts';
import { adminOrderEndpoints } from './admin-orders.ts';
import { adminPayoutEndpoints } from './admin-payouts.ts';
import { adminTreasuryEndpoints } from './admin-treasury.ts';
import { adminSaleEndpoints } from './admin-sale.ts';
import { brandTokenEndpoints } from './brand-tokens.ts';
import { brandEndpoints } from './brands.ts';
import { burnEndpoints } from './burns.ts';
import { contentEndpoints } from './content.ts';
import { orderEndpoints } from './orders.ts';
import { referralEndpoints } from './referrals.ts';
import { saleEndpoints } from './sale.ts';
import { siteEndpoints } from './site.ts';
import { walletEndpoints } from './wallet.ts';
import type { Endpoint } from './endpoint.ts';

export { providerEndpoints } from './card-provider.ts';
export { devEndpoints } from './dev.ts';

/**
 * The route table: every endpoint the bff serves, keyed by id. Mocks build one handler per entry,
 * the bff checks it has a route for each, the conformance suite and tests iterate it. The card
 * provider's call (`providerEndpoints`) and the development outbox (`devEndpoints`) are kept out:
 * the first is a third party's, the second never runs in production.
 */
export const endpoints = {
  ...accountEndpoints,
  ...walletEndpoints,
  ...activityEndpoints,
  ...orderEndpoints,
  ...saleEndpoints,
  ...referralEndpoints,
  ...brandEndpoints,
  ...brandTokenEndpoints,
  ...contentEndpoints,
  ...siteEndpoints,
  ...adminEndpoints,
  ...adminVerificationEndpoints,
  ...adminContestEndpoints,
  ...adminOrderEndpoints,
  ...adminPayoutEndpoints,
  ...adminTreasuryEndpoints,
  ...adminSaleEndpoints,
  ...burnEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;

export const endpointList: readonly Endpoint[] = Object.values(endpoints);
