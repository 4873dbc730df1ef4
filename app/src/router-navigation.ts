import type { Navigation, NavigateOptions } from '@brnd/ui/navigation';
import type { AppRouter } from './router.tsx';

function definedSearch(search: NavigateOptions['search']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Binds the ui's navigation adapter to TanStack Router, so screens never import the router. */
export function createRouterNavigation(router: AppRouter): Navigation {
  return {
    // Read when a screen asks: the prerender builds these services where there is no window.
    get origin() {
      return window.location.origin;
    },
    navigate(to, options = {}) {
      void router.navigate({
        to,
        search: definedSearch(options.search),
        hash: options.hash,
        replace: options.replace,
      });
    },
    href(to, options = {}) {
      return router.buildLocation({
        to,
        search: definedSearch(options.search),
        hash: options.hash,
      }).href;
    },
    preload(to, options = {}) {
      // A failed preload is no error: the click loads the page again and shows what went wrong.
      router
        .preloadRoute({ to, search: definedSearch(options.search), hash: options.hash })
        .catch(() => undefined);
    },
    assign(url) {
      window.location.assign(url);
    },
  };
}
