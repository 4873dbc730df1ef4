import { defineScreen } from '../screen-manifest.ts';

/** VerifyEmail's route: see ../screen-manifest.ts. */
export const verifyEmailScreen = defineScreen({
  title: 'verifyEmail',
  namespaces: ['accounts', 'validation'],
  load: () => import('./VerifyEmailScreen.tsx').then((module) => module.VerifyEmailScreen),
});
