import { defineScreen } from '../screen-manifest.ts';

/** AdminSale's route: see ../screen-manifest.ts. */
export const adminSaleScreen = defineScreen({
  title: 'adminSale',
  namespaces: ['finance', 'sale'],
  load: () => import('./AdminSaleScreen.tsx').then((module) => module.AdminSaleScreen),
});
