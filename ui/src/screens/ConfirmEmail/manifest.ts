import { defineScreen } from '../screen-manifest.ts';

/** ConfirmEmail's route: see ../screen-manifest.ts. */
export const confirmEmailScreen = defineScreen({
  title: 'confirmEmail',
  namespaces: ['accounts', 'validation'],
  load: () => import('./ConfirmEmailScreen.tsx').then((module) => module.ConfirmEmailScreen),
});
