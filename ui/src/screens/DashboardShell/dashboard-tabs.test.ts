import { expect, test } from 'vitest';
import { activeDashboardTab, DASHBOARD_TABS, type DashboardTab } from './dashboard-tabs.ts';

test('the address picks the tab', () => {
  expect(activeDashboardTab('/user/dashboard')?.to).toBe('/user/dashboard');
  expect(activeDashboardTab('/user/profile/person')?.to).toBe('/user/profile/person');
  expect(activeDashboardTab('/user/profile/person/')?.to).toBe('/user/profile/person');
});

test('a page deeper in a section keeps its tab', () => {
  const tabs: DashboardTab[] = [{ to: '/user/buytoken', labelId: 'x' }];
  expect(activeDashboardTab('/user/buytoken/0b7c/status', tabs)?.to).toBe('/user/buytoken');
});

test('a path that only starts with the same letters is another page', () => {
  expect(activeDashboardTab('/user/dashboards')).toBeUndefined();
  expect(activeDashboardTab('/user/unknown')).toBeUndefined();
});

test('the add-brand form belongs to the My brands tab', () => {
  expect(activeDashboardTab('/user/mybrands/addbrand')?.to).toBe('/user/mybrands/lists');
  expect(activeDashboardTab('/user/mybrands/lists')?.to).toBe('/user/mybrands/lists');
});

test("a brand's token console belongs to the My brands tab; My tokens is its own tab", () => {
  expect(activeDashboardTab('/user/brands/12')?.to).toBe('/user/mybrands/lists');
  expect(activeDashboardTab('/user/brands/12/offers')?.to).toBe('/user/mybrands/lists');
  expect(activeDashboardTab('/user/brandsx')).toBeUndefined();
  expect(activeDashboardTab('/user/tokens')?.to).toBe('/user/tokens');
});

test("every tab's label comes with the shell, so no tab shows its message id first", async () => {
  const { dashboardShellScreen } = await import('./manifest.ts');
  const { SHARED_NAMESPACES } = await import('@brnd/locales/browser');
  const brought = new Set([...dashboardShellScreen.namespaces, ...SHARED_NAMESPACES]);
  const late = DASHBOARD_TABS.map((tab) => tab.labelId.split('.')[0]).filter(
    (namespace) => !brought.has(namespace as string),
  );
  expect(late).toEqual([]);
  // Importing the manifests brings the screens' query modules: slow on a busy machine.
}, 60_000);
