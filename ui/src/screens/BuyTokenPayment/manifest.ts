import { defineScreen } from '../screen-manifest.ts';

/** BuyTokenPayment's route: see ../screen-manifest.ts. */
export const buyTokenPaymentScreen = defineScreen({
  title: 'buyToken',
  namespaces: [],
  load: () => import('./BuyTokenPaymentScreen.tsx').then((module) => module.BuyTokenPaymentScreen),
});
