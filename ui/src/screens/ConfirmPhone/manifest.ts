import { defineScreen } from '../screen-manifest.ts';

/** ConfirmPhone's route: see ../screen-manifest.ts. */
export const confirmPhoneScreen = defineScreen({
  title: 'confirmPhone',
  namespaces: ['accounts', 'validation'],
  load: () => import('./ConfirmPhoneScreen.tsx').then((module) => module.ConfirmPhoneScreen),
});
