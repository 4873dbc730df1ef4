import { defineScreen } from '../screen-manifest.ts';

/** BuySuccess's route: see ../screen-manifest.ts. */
export const buySuccessScreen = defineScreen({
  title: 'buySuccess',
  namespaces: ['sale', 'accounts', 'validation'],
  load: () => import('./BuySuccessScreen.tsx').then((module) => module.BuySuccessScreen),
});
