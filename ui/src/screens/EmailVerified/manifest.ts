import { defineScreen } from '../screen-manifest.ts';

/** EmailVerified's route: see ../screen-manifest.ts. */
export const emailVerifiedScreen = defineScreen({
  title: 'emailVerified',
  namespaces: ['accounts', 'validation'],
  load: () => import('./EmailVerifiedScreen.tsx').then((module) => module.EmailVerifiedScreen),
});
