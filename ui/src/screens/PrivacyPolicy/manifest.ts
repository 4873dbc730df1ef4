import { defineScreen } from '../screen-manifest.ts';

/** PrivacyPolicy's route: see ../screen-manifest.ts. */
export const privacyPolicyScreen = defineScreen({
  title: 'privacyPolicy',
  namespaces: ['privacy', 'legal'],
  load: () => import('./PrivacyPolicyScreen.tsx').then((module) => module.PrivacyPolicyScreen),
});
