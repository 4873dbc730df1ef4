import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import type { Language } from '@brnd/contracts/domain/constants';
import { ApiClientProvider } from '@brnd/ui/api';
import { LanguageProvider } from '@brnd/ui/i18n';
import { NavigationProvider } from '@brnd/ui/navigation';
import { SessionProvider, type SessionStore } from '@brnd/ui/session';
import { LazyToaster, ToastProvider } from '@brnd/ui/components/Toast/Toast';
import { createAppApiClient } from './api-client.ts';
import { createCookieSessionStore, type CookieSessionStore } from './cookie-session.ts';
import { applyDocumentLanguage, readLanguage, storeLanguage } from './language.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter, type AppRouter } from './router.tsx';
import { createRouterNavigation } from './router-navigation.ts';

export interface AppServicesOptions {
  /** A memory history for tests and the build's prerender; the browser's address otherwise. */
  history?: RouterHistory;
  /** The first language shown: the visitor's choice unless given. */
  language?: Language;
  /**
   * `build`: the page is being rendered to HTML at build time; `hydrate`: the first render will
   * hydrate such HTML (docs/decisions/011-page-weight.md).
   */
  prerender?: 'build' | 'hydrate';
}

/** Everything the app needs once per page load, created outside React so it is never rebuilt. */
export function createAppServices({
  history,
  language = readLanguage(),
  prerender,
}: AppServicesOptions = {}) {
  const queryClient = createQueryClient();
  const session = createCookieSessionStore();
  // What the page shows now; App keeps it current when the visitor switches.
  const shown = { language };
  const apiClient = createAppApiClient({
    getSession: session.getSession,
    getLanguage: () => shown.language,
    onSessionRevoked() {
      session.signOut();
      // Called on an API answer, long after `router` below exists.
      void router.navigate({
        to: '/login',
        search: { redirect: router.state.location.href },
        replace: true,
      });
    },
  });
  // Loaders get the API client, so a page's data can load alongside its code.
  const firstLoad = { prerendered: prerender !== undefined };
  const router: AppRouter = createAppRouter(
    { queryClient, session, apiClient, firstLoad },
    history,
    {
      prerender: prerender === 'build',
    },
  );
  const navigation = createRouterNavigation(router);
  return { queryClient, session, router, apiClient, navigation, language, shown, firstLoad };
}

export type AppServices = ReturnType<typeof createAppServices>;

function useSessionStore(store: CookieSessionStore, queryClient: QueryClient): SessionStore {
  const session = useSyncExternalStore(store.subscribe, store.getSession, () => null);
  return useMemo(
    () => ({
      session,
      signIn(next) {
        // Whatever the previous user loaded must not show for the next one.
        queryClient.clear();
        store.signIn(next);
      },
      signOut: store.signOut,
    }),
    [session, store, queryClient],
  );
}

export function App({ services }: { services: AppServices }) {
  const { queryClient, session, router, apiClient, navigation, shown } = services;
  const [language, setLanguageState] = useState<Language>(services.language);
  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      shown.language = next;
      setLanguageState(next);
      // Signed in, the flag is also the account's language: its e-mails and SMS follow it.
      if (session.getSession()) {
        // The account endpoints come with the account forms' rules, and the profile's query with
        // the signed-in pages: loaded when first used, not with the first page (decision 050).
        Promise.all([import('@brnd/contracts/api/accounts'), import('@brnd/ui/account-queries')])
          .then(async ([{ setLanguage: endpoint }, { profileQueryOptions }]) => {
            const { user } = await apiClient.call(endpoint, { body: { language: next } });
            queryClient.setQueryData(profileQueryOptions(apiClient).queryKey, user);
          })
          // The page still switches; the profile shows the account's language to set it again.
          .catch(() => undefined);
      }
    },
    [apiClient, queryClient, session, shown],
  );
  const sessionStore = useSessionStore(session, queryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider
        language={language}
        setLanguage={setLanguage}
        // <html lang> changes with the text, once the new language's messages are in.
        onShown={applyDocumentLanguage}
      >
        <ApiClientProvider client={apiClient}>
          <SessionProvider value={sessionStore}>
            <NavigationProvider value={navigation}>
              <ToastProvider Toaster={LazyToaster}>
                <RouterProvider router={router} />
              </ToastProvider>
            </NavigationProvider>
          </SessionProvider>
        </ApiClientProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
