/** A route's screen, messages and data from the screen's manifest (decisions 054 and 060). */
import { lazyRouteComponent } from '@tanstack/react-router';
import { withMessages } from '@brnd/ui/i18n';
import type { ScreenComponent, ScreenManifest } from '@brnd/ui/screens/screen-manifest';
import type { RouterContext } from './root.tsx';
import type * as ScreensModule from './screens.ts';

type Screens = typeof ScreensModule;

/**
 * The manifests' chunk. Not in the first page's file (decision 060): the routes of all four areas
 * would bring every manifest, its query options and endpoints, and Vite's preload list of every
 * screen's files.
 */
export const loadScreens = (): Promise<Screens> => import('./screens.ts');

/**
 * What the loader reads of the route's match. The params appear in its type only when the
 * manifest's queries read them: the route infers its params' type from its loader's too, and
 * must keep the one its path gives.
 */
type LoaderMatch<Params> = keyof Params extends never
  ? { context: RouterContext }
  : { context: RouterContext; params: Params };

/**
 * `Screen` is the picked manifest's component, its code and messages loaded together; `options`
 * go into `createRoute`: a loader that fetches the code, the messages and the screen's queries at
 * once, and returns the tab title (`RouteTitle` reads it from the match). A route whose screen
 * takes props from the address renders `<Screen …/>` in a component of its own; the loader has
 * the code in by then, so it renders without a pause.
 *
 * The router runs the loader on navigation and, with `defaultPreload: 'intent'`, when a link is
 * hovered or focused, so the page's requests often finish before the click.
 */
export function screenRoute<Screen extends ScreenComponent, Params extends object>(
  pick: (screens: Screens) => ScreenManifest<Screen, Params>,
) {
  const manifest = () => loadScreens().then(pick);
  const Screen = lazyRouteComponent(async () => {
    const { namespaces, load } = await manifest();
    return { default: await withMessages(namespaces, load)() };
  });
  const loader = async (match: LoaderMatch<Params>) => {
    const { context } = match;
    const params = (match as { params?: Params }).params as Params;
    const { title, queries } = await manifest();
    // A prerendered page shows its data's loading state (no API at build time); the hydrating
    // render must match it, so the page fetches once hydrated.
    const data = context.firstLoad.prerendered ? [] : (queries?.(context.apiClient, params) ?? []);
    await Promise.all([
      Screen.preload?.(),
      // A failed query is not the route's error: the screen shows its own error state and retry.
      ...data.map((query) => context.queryClient.ensureQueryData(query).catch(() => undefined)),
    ]);
    return { title };
  };
  return { Screen, options: { loader } };
}
