import { defineScreen } from '../screen-manifest.ts';

/** AdminBuybacks's route: see ../screen-manifest.ts. */
export const adminBuybacksScreen = defineScreen({
  title: 'buybacks',
  namespaces: ['admin'],
  load: () => import('./AdminBuybacksScreen.tsx').then((module) => module.AdminBuybacksScreen),
});
