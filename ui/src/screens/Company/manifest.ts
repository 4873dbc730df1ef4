import { defineScreen } from '../screen-manifest.ts';

/** Company's route: see ../screen-manifest.ts. */
export const companyScreen = defineScreen({
  title: 'company',
  namespaces: ['company', 'legal'],
  load: () => import('./CompanyScreen.tsx').then((module) => module.CompanyScreen),
});
