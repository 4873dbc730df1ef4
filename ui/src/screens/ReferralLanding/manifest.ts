import { defineScreen } from '../screen-manifest.ts';

/** ReferralLanding's route: see ../screen-manifest.ts. */
export const referralLandingScreen = defineScreen({
  title: 'referrals',
  namespaces: ['referrals'],
  load: () => import('./ReferralLandingScreen.tsx').then((module) => module.ReferralLandingScreen),
});
