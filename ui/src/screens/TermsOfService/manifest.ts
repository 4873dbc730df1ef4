import { defineScreen } from '../screen-manifest.ts';

/** TermsOfService's route: see ../screen-manifest.ts. */
export const termsOfServiceScreen = defineScreen({
  title: 'termsOfService',
  namespaces: ['terms', 'legal'],
  load: () => import('./TermsOfServiceScreen.tsx').then((module) => module.TermsOfServiceScreen),
});
