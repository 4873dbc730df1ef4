import { defineScreen } from '../screen-manifest.ts';

/** Success's route: see ../screen-manifest.ts. */
export const successScreen = defineScreen({
  title: 'success',
  namespaces: ['accounts', 'validation'],
  load: () => import('./SuccessScreen.tsx').then((module) => module.SuccessScreen),
});
