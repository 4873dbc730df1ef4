import { defineScreen } from '../screen-manifest.ts';

/** Referrals's route: see ../screen-manifest.ts. */
export const referralsScreen = defineScreen({
  title: 'referrals',
  namespaces: [],
  load: () => import('./ReferralsScreen.tsx').then((module) => module.ReferralsScreen),
});
