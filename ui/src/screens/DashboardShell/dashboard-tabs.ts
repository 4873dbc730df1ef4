export interface DashboardTab {
  /** Where the tab's link goes. */
  to: string;
  /** Paths under this prefix belong to the tab; `to` when not given. */
  section?: string;
  /** Other prefixes whose pages belong to the tab (a brand's console is part of My brands). */
  also?: readonly string[];
  labelId: string;
}

/** The user area's tabs, in order; a new tab is one line here. */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { to: '/user/dashboard', labelId: 'dashboard.tabs.dashboard' },
  { to: '/user/buytoken', labelId: 'sale.tabs.buyToken' },
  { to: '/user/wallet', labelId: 'dashboard.tabs.wallet' },
  { to: '/user/tokens', labelId: 'brandTokens.tabs.myTokens' },
  { to: '/user/transactions', labelId: 'dashboard.tabs.transactions' },
  { to: '/user/referrals', labelId: 'referrals.tab' },
  {
    to: '/user/mybrands/lists',
    section: '/user/mybrands',
    also: ['/user/brands'],
    labelId: 'voting.myBrandsTab',
  },
  { to: '/user/profile/person', section: '/user/profile', labelId: 'dashboard.tabs.profile' },
];

/** The tab the address belongs to: the URL decides, so a reload or a shared link keeps it. */
export function activeDashboardTab(
  pathname: string,
  tabs: readonly DashboardTab[] = DASHBOARD_TABS,
): DashboardTab | undefined {
  const path = pathname.replace(/\/+$/, '');
  return tabs.find((tab) =>
    [tab.section ?? tab.to, ...(tab.also ?? [])].some(
      (section) => path === section || path.startsWith(`${section}/`),
    ),
  );
}
