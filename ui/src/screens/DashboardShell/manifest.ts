import { defineScreen } from '../screen-manifest.ts';
import { profileQueryOptions } from '../shared/account-queries.ts';

/** DashboardShell's route: see ../screen-manifest.ts. */
export const dashboardShellScreen = defineScreen({
  title: 'dashboard',
  // The user area's pages render inside the shell, so the shell brings their namespaces.
  namespaces: [
    'accounts',
    'validation',
    'dashboard',
    'profile',
    'wallet',
    'transactions',
    'orders',
    'sale',
    'voting',
    'brandTokens',
    // The Referrals tab's label, shown on every page of the area.
    'referrals',
  ],
  load: () => import('./DashboardShell.tsx').then((module) => module.DashboardShell),
  queries: (api) => [profileQueryOptions(api)],
});
