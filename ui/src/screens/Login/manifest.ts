import { defineScreen } from '../screen-manifest.ts';

/** Login's route: see ../screen-manifest.ts. */
export const loginScreen = defineScreen({
  title: 'login',
  namespaces: ['accounts', 'validation'],
  load: () => import('./LoginScreen.tsx').then((module) => module.LoginScreen),
});
