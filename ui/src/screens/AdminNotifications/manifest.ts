import { defineScreen } from '../screen-manifest.ts';

/** AdminNotifications's route: see ../screen-manifest.ts. */
export const adminNotificationsScreen = defineScreen({
  title: 'adminNotifications',
  namespaces: ['finance', 'orders'],
  load: () =>
    import('./AdminNotificationsScreen.tsx').then((module) => module.AdminNotificationsScreen),
});
