import { defineScreen } from '../screen-manifest.ts';
import { payoutsQueryOptions, walletQueryOptions } from '../shared/wallet-queries.ts';

/** Wallet's route: see ../screen-manifest.ts. */
export const walletScreen = defineScreen({
  title: 'wallet',
  namespaces: [],
  load: () => import('./WalletScreen.tsx').then((module) => module.WalletScreen),
  queries: (api) => [walletQueryOptions(api), payoutsQueryOptions(api)],
});
