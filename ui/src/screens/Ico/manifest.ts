import { defineScreen } from '../screen-manifest.ts';
import { saleQueryOptions } from '../shared/sale-queries.ts';

/** Ico's route: see ../screen-manifest.ts. */
export const icoScreen = defineScreen({
  title: 'ico',
  // The ICO page also shows the team, whose roles are the company page's words.
  namespaces: ['sale', 'accounts', 'validation', 'company'],
  load: () => import('./IcoScreen.tsx').then((module) => module.IcoScreen),
  queries: (api) => [saleQueryOptions(api)],
});
