import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from './search.ts';
import {
  ErrorPage,
  NotFoundPage,
  PendingPage,
  rootRoute,
  type RouterContext,
} from './routes/root.tsx';
import { publicRoutes } from './routes/public.tsx';
import { accountRoutes } from './routes/accounts.tsx';
import { userRoutes } from './routes/user.tsx';
import { adminRoutes } from './routes/admin.tsx';

/** The routes of each area live in ./routes; this assembles them into the router. */
export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  ...accountRoutes,
  userRoutes,
  adminRoutes,
]);

export function createAppRouter(
  context: RouterContext,
  history?: RouterHistory,
  { prerender = false }: { prerender?: boolean } = {},
) {
  return createRouter({
    routeTree,
    context,
    history,
    parseSearch,
    stringifySearch,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    defaultPendingComponent: PendingPage,
    // A link the visitor points at or focuses starts its page's code, messages and data
    // (decision 054); Query decides whether cached data is fresh, not the router's own cache.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // The build's prerender runs the browser's code path in Node, so its markup is what the
    // browser hydrates; Node has no window whose scroll to restore.
    ...(prerender
      ? { isServer: false, origin: 'http://localhost', scrollRestoration: false }
      : { scrollRestoration: true }),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
