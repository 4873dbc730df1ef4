import { defineScreen } from '../screen-manifest.ts';

/** ForgotPassword's route: see ../screen-manifest.ts. */
export const forgotPasswordScreen = defineScreen({
  title: 'forgotPassword',
  namespaces: ['accounts', 'validation'],
  load: () => import('./ForgotPasswordScreen.tsx').then((module) => module.ForgotPasswordScreen),
});
