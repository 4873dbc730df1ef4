import { defineScreen } from '../screen-manifest.ts';

/** Faq's route: see ../screen-manifest.ts. */
export const faqScreen = defineScreen({
  title: 'faq',
  namespaces: ['faq', 'legal'],
  load: () => import('./FaqScreen.tsx').then((module) => module.FaqScreen),
});
