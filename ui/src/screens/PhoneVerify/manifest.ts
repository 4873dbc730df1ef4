import { defineScreen } from '../screen-manifest.ts';

/** PhoneVerify's route: see ../screen-manifest.ts. */
export const phoneVerifyScreen = defineScreen({
  title: 'phoneVerify',
  namespaces: ['accounts', 'validation'],
  load: () => import('./PhoneVerifyScreen.tsx').then((module) => module.PhoneVerifyScreen),
});
