import { defineScreen } from '../screen-manifest.ts';

/** BuyToken's route: see ../screen-manifest.ts. */
export const buyTokenScreen = defineScreen({
  title: 'buyToken',
  namespaces: [],
  load: () => import('./BuyTokenScreen.tsx').then((module) => module.BuyTokenScreen),
});
