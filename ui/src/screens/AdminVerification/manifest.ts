import { defineScreen } from '../screen-manifest.ts';

/** AdminVerification's route: see ../screen-manifest.ts. */
export const adminVerificationScreen = defineScreen({
  title: 'verification',
  namespaces: ['adminVerification'],
  load: () =>
    import('./AdminVerificationScreen.tsx').then((module) => module.AdminVerificationScreen),
});
