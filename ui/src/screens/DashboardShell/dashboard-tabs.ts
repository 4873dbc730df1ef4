export interface DashboardTab {
  /** Where the tab's link goes. */
  to: string;
  /** Paths under this prefix belong to the tab; `to` when not given. */
  section?: string;
  labelId: string;
}

/** The user area's tabs, in order; a new tab is one line here. */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { to: '/user/dashboard', labelId: 'dashboard.tabs.dashboard' },
  { to: '/user/wallet', labelId: 'dashboard.tabs.wallet' },
  { to: '/user/transactions', labelId: 'dashboard.tabs.transactions' },
  { to: '/user/profile/person', section: '/user/profile', labelId: 'dashboard.tabs.profile' },
];

/** The tab the address belongs to: the URL decides, so a reload or a shared link keeps it. */
export function activeDashboardTab(
  pathname: string,
  tabs: readonly DashboardTab[] = DASHBOARD_TABS,
): DashboardTab | undefined {
  const path = pathname.replace(/\/+$/, '');
  return tabs.find((tab) => {
    const section = tab.section ?? tab.to;
    return path === section || path.startsWith(`${section}/`);
  });
}
