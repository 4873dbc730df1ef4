import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createApiClient } from '@brnd/contracts/api/client';
import { INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';
import { ApiClientProvider } from '../api.tsx';
import { ToastProvider } from '../components/Toast/Toast.tsx';
import { Toaster } from '../components/Toast/Toaster.tsx';
import { messages } from '@brnd/locales/messages';
import { LanguageProvider, completeCatalog } from '../i18n.tsx';
import { NavigationProvider } from '../navigation.tsx';
import { SessionProvider, type Session, type SessionStore } from '../session.tsx';
import type { StoryRecorders } from './story-recorders.ts';

/** Stories and jsdom tests render any screen at once, so every message is there from the start. */
const catalog = completeCatalog(messages);

export function createTestQueryClient(): QueryClient {
  // A failed request must show its error state at once, not after three retries.
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * A story's session: who is signed in, plus the token its in-memory API client sends as a bearer
 * header, as an API client would. (The app's own client sends none: the browser sends the bff's
 * HttpOnly cookie.)
 */
export type StorySession = Session & { token?: string };

export interface StoryProvidersProps {
  language: Language;
  /** The session the story starts with (`parameters.session`); null is logged out. */
  session: StorySession | null;
  recorders: StoryRecorders;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything the app's root gives a screen, in memory: language, session, API client (same
 * origin, so MSW answers), navigation recorder, React Query and the toasts. Storybook's preview
 * and the jsdom render helper both use it.
 */
export function StoryProviders({
  language: initialLanguage,
  session: initialSession,
  recorders,
  queryClient,
  children,
}: StoryProvidersProps) {
  const [language, setLanguage] = useState(initialLanguage);
  const [session, setSession] = useState(initialSession);
  const token = useRef(initialSession?.token);
  const [apiClient] = useState(() => createApiClient({ getToken: () => token.current }));

  useEffect(() => {
    document.documentElement.lang = INTL_LOCALE[language];
  }, [language]);

  const store: SessionStore = {
    session,
    signIn(next) {
      recorders.session.signIn(next);
      setSession(next);
    },
    signOut() {
      recorders.session.signOut();
      token.current = undefined;
      setSession(null);
    },
  };

  return (
    <LanguageProvider language={language} setLanguage={setLanguage} catalog={catalog}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>
          <SessionProvider value={store}>
            <NavigationProvider value={recorders.navigation}>
              <ToastProvider Toaster={Toaster}>{children}</ToastProvider>
            </NavigationProvider>
          </SessionProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
