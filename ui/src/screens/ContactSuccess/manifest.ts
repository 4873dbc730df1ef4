import { defineScreen } from '../screen-manifest.ts';

/** ContactSuccess's route: see ../screen-manifest.ts. */
export const contactSuccessScreen = defineScreen({
  title: 'contactSuccess',
  namespaces: ['accounts', 'validation'],
  load: () => import('./ContactSuccessScreen.tsx').then((module) => module.ContactSuccessScreen),
});
