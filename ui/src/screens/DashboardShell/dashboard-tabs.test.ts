import { expect, test } from 'vitest';
import { activeDashboardTab, type DashboardTab } from './dashboard-tabs.ts';

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
