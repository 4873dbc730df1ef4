import { defineScreen } from '../screen-manifest.ts';
import { blogQueryOptions } from '../shared/blog-queries.ts';

/** Blog's route: see ../screen-manifest.ts. */
export const blogScreen = defineScreen({
  title: 'blog',
  namespaces: ['blog'],
  load: () => import('./BlogScreen.tsx').then((module) => module.BlogScreen),
  queries: (api) => [blogQueryOptions(api)],
});
