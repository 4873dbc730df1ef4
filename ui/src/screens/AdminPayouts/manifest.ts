import { defineScreen } from '../screen-manifest.ts';

/** AdminPayouts's route: see ../screen-manifest.ts. */
export const adminPayoutsScreen = defineScreen({
  title: 'adminPayouts',
  namespaces: ['finance'],
  load: () => import('./AdminPayoutsScreen.tsx').then((module) => module.AdminPayoutsScreen),
});
