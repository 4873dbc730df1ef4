import { defineScreen } from '../screen-manifest.ts';

/** The orders list and one order's page: see ../screen-manifest.ts. */
export const adminOrdersScreen = defineScreen({
  title: 'adminOrders',
  namespaces: ['finance'],
  load: () => import('./AdminOrdersScreen.tsx').then((module) => module.AdminOrdersScreen),
});

export const adminOrderScreen = defineScreen({
  title: 'adminOrder',
  namespaces: ['finance', 'orders'],
  load: () => import('./AdminOrderScreen.tsx').then((module) => module.AdminOrderScreen),
});
