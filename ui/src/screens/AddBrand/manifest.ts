import { defineScreen } from '../screen-manifest.ts';

/** AddBrand's route: see ../screen-manifest.ts. */
export const addBrandScreen = defineScreen({
  title: 'addBrand',
  namespaces: ['brands', 'voting', 'validation', 'uploads', 'companies'],
  load: () => import('./AddBrandScreen.tsx').then((module) => module.AddBrandScreen),
});
