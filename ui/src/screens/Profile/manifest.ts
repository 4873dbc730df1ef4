import { defineScreen } from '../screen-manifest.ts';

/** Profile's route: see ../screen-manifest.ts. */
export const profileScreen = defineScreen({
  title: 'profile',
  namespaces: [],
  load: () => import('./ProfileScreen.tsx').then((module) => module.ProfileScreen),
});
