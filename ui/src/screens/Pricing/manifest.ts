import { defineScreen } from '../screen-manifest.ts';

/** Pricing's route: see ../screen-manifest.ts. */
export const pricingScreen = defineScreen({
  title: 'pricing',
  namespaces: ['pricing'],
  load: () => import('./PricingScreen.tsx').then((module) => module.PricingScreen),
});
