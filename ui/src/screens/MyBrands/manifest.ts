import { defineScreen } from '../screen-manifest.ts';

/** MyBrands's route: see ../screen-manifest.ts. */
export const myBrandsScreen = defineScreen({
  title: 'myBrands',
  namespaces: ['brands', 'voting', 'validation', 'uploads', 'companies'],
  load: () => import('./MyBrandsScreen.tsx').then((module) => module.MyBrandsScreen),
});
