import { defineScreen } from '../screen-manifest.ts';

/** Register's route: see ../screen-manifest.ts. */
export const registerScreen = defineScreen({
  title: 'register',
  namespaces: ['accounts', 'validation'],
  load: () => import('./RegisterScreen.tsx').then((module) => module.RegisterScreen),
});
