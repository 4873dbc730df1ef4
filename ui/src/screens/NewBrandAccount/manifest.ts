import { defineScreen } from '../screen-manifest.ts';

/** NewBrandAccount's route: see ../screen-manifest.ts. */
export const newBrandAccountScreen = defineScreen({
  title: 'newBrandAccount',
  // The brand forms' messages and the server's refusals.
  namespaces: ['brands', 'voting', 'validation', 'uploads', 'companies'],
  load: () => import('./NewBrandAccountScreen.tsx').then((module) => module.NewBrandAccountScreen),
});
