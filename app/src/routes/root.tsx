/** The app's root route, its frame and what every area's routes share. */
import { lazy, Suspense, type ComponentType } from 'react';
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
import type { CookieSessionStore } from '../cookie-session.ts';
import { usePageTitle } from '../page-title.ts';
import type { TitleKey } from '../route-titles.ts';

/**
 * A screen whose code loads when its route is first shown: a visitor of the public pages never
 * downloads the account and dashboard screens.
 */
export function lazyScreen<C extends ComponentType<never>>(load: () => Promise<C>): C {
  const Lazy = lazy(async () => ({ default: (await load()) as unknown as ComponentType<object> }));
  function LazyScreen(props: object) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyScreen as unknown as C;
}

/* Messages beyond the shared ones arrive with the pages that use them (see @brnd/locales/browser). */
export const ACCOUNT_NAMESPACES = ['accounts', 'validation'];

export const USER_AREA_NAMESPACES = [
  ...ACCOUNT_NAMESPACES,
  'dashboard',
  'profile',
  'wallet',
  'transactions',
  'orders',
  'sale',
  'voting',
  'brandTokens',
];

export const SALE_NAMESPACES = ['sale', 'accounts', 'validation'];
/** The ICO page also shows the team, whose roles are the company page's words. */

export const ICO_NAMESPACES = [...SALE_NAMESPACES, 'company'];

export const VOTING_NAMESPACES = ['voting', 'accounts', 'validation'];

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

function RouteTitle() {
  const matches = useMatches();
  const title = matches.findLast((match) => match.staticData.title)?.staticData.title;
  usePageTitle(title ?? 'home');
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

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  usePageTitle('serverError');
  // The user sees the apology; the details belong in the console for whoever debugs it.
  console.error(error);
  return <ServerErrorScreen onRetry={reset} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

/** My brands and the company form bring the brand forms' messages and the server's refusals. */
export const BRAND_FORM_NAMESPACES = ['brands', 'voting', 'validation', 'uploads', 'companies'];

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The browser tab title of the page. */
    title?: TitleKey;
  }
}
