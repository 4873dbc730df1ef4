import { defineScreen } from '../screen-manifest.ts';

/** ResetPassword's route: see ../screen-manifest.ts. */
export const resetPasswordScreen = defineScreen({
  title: 'resetPassword',
  namespaces: ['accounts', 'validation'],
  load: () => import('./ResetPasswordScreen.tsx').then((module) => module.ResetPasswordScreen),
});
