import { defineScreen } from '../screen-manifest.ts';

/** Transactions's route: see ../screen-manifest.ts. */
export const transactionsScreen = defineScreen({
  title: 'transactions',
  namespaces: [],
  load: () => import('./TransactionsScreen.tsx').then((module) => module.TransactionsScreen),
});
