/** The app's root route, its frame and what every area's routes share. */
import {
  createRootRouteWithContext,
  Outlet,
  useMatches,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { SiteLayout } from '@brnd/ui/screens/SiteLayout/SiteLayout';
import { NotFoundScreen } from '@brnd/ui/screens/NotFound/NotFoundScreen';
import { ServerErrorScreen } from '@brnd/ui/screens/ServerError/ServerErrorScreen';
import { Spinner } from '@brnd/ui/components/Spinner/Spinner';
import type { CookieSessionStore } from '../cookie-session.ts';
import { usePageTitle } from '../page-title.ts';
import type { TitleKey } from '@brnd/ui/screens/screen-manifest';

export interface RouterContext {
  queryClient: QueryClient;
  session: CookieSessionStore;
  /** For loaders that fetch a page's data alongside its code. */
  apiClient: ApiClient;
  /**
   * `prerendered` is true while the first page is rendered to HTML at build time or hydrated
   * from that HTML: it shows the loading state of the page's API data (there is no API at build
   * time) and the first render must match it, so loaders leave the fetch to the page then.
   */
  firstLoad: { prerendered: boolean };
}

/**
 * A page's tab title: a screen route's loader returns its manifest's (decision 060), the routes
 * without a manifest state theirs in `staticData`.
 */
export function titleOf(match: {
  staticData: { title?: TitleKey };
  loaderData?: unknown;
}): TitleKey | undefined {
  return match.staticData.title ?? (match.loaderData as { title?: TitleKey } | undefined)?.title;
}

function RouteTitle() {
  const matches = useMatches();
  usePageTitle(matches.map(titleOf).findLast(Boolean) ?? 'home');
  return null;
}

function RootLayout() {
  return (
    <>
      {/* Before the pages, so a page that sets its own title (404, error) runs after it. */}
      <RouteTitle />
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </>
  );
}

export function NotFoundPage() {
  usePageTitle('notFound');
  return <NotFoundScreen />;
}

/** A navigation whose code or data takes a while (the router waits 1 s before showing it). */
export function PendingPage() {
  return <Spinner size="large" />;
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  usePageTitle('serverError');
  // The user sees the apology; the details belong in the console for whoever debugs it.
  console.error(error);
  return <ServerErrorScreen onRetry={reset} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The browser tab title of the page. */
    title?: TitleKey;
  }
}
