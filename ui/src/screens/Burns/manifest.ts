import { defineScreen } from '../screen-manifest.ts';

/** Burns's route: see ../screen-manifest.ts. */
export const burnsScreen = defineScreen({
  title: 'burns',
  namespaces: ['burns'],
  load: () => import('./BurnsScreen.tsx').then((module) => module.BurnsScreen),
});
