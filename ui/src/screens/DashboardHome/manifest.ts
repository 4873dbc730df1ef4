import { defineScreen } from '../screen-manifest.ts';
import { favouriteBrandsQueryOptions } from '../shared/brand-queries.ts';
import { saleQueryOptions } from '../shared/sale-queries.ts';
import { walletQueryOptions } from '../shared/wallet-queries.ts';

/** DashboardHome's route: see ../screen-manifest.ts. */
export const dashboardHomeScreen = defineScreen({
  title: 'dashboard',
  namespaces: [],
  load: () => import('./DashboardHomeScreen.tsx').then((module) => module.DashboardHomeScreen),
  queries: (api) => [
    walletQueryOptions(api),
    saleQueryOptions(api),
    favouriteBrandsQueryOptions(api),
  ],
});
