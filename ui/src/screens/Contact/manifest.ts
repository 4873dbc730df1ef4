import { defineScreen } from '../screen-manifest.ts';

/** Contact's route: see ../screen-manifest.ts. */
export const contactScreen = defineScreen({
  title: 'contact',
  namespaces: ['contact', 'validation'],
  load: () => import('./ContactScreen.tsx').then((module) => module.ContactScreen),
});
