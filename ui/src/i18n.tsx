import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { RawIntlProvider, createIntl, createIntlCache, type IntlConfig } from 'react-intl';
import {
  SHARED_NAMESPACES,
  englishSharedMessages,
  hasNamespace,
  loadNamespace,
  type BrowserMessages,
} from '@brnd/locales/browser';
import type { Locale, Messages } from '@brnd/locales/messages';
import { DEFAULT_LANGUAGE, INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';
import { formattingWithFigures } from '@brnd/contracts/domain/copy-figures';
import { typesetMessages } from '@brnd/locales/typography';

/**
 * Where the messages a page shows come from. The browser's catalog fetches a language's
 * namespaces when they are first needed (docs/decisions/011-page-weight.md); stories and tests
 * pass a catalog that already holds everything.
 */
export interface MessageCatalog {
  /** Changes whenever a namespace arrives or comes into use; a snapshot key for React. */
  version(): number;
  subscribe(listener: () => void): () => void;
  /** Whether every namespace in use is loaded for `locale`. */
  ready(locale: Locale): boolean;
  /** Marks `namespaces` in use and loads every namespace in use for `locale`. */
  load(locale: Locale, namespaces?: readonly string[]): Promise<void>;
  /** English under the locale's own messages: a key missing in Polish shows the English text. */
  messages(locale: Locale): BrowserMessages;
}

/** A catalog that holds every message already (Storybook, jsdom tests, the server's view). */
export function completeCatalog(all: Record<Locale, Messages>): MessageCatalog {
  const merged: Record<Locale, Messages> = { en: all.en, pl: { ...all.en, ...all.pl } };
  return {
    version: () => 0,
    subscribe: () => () => undefined,
    ready: () => true,
    load: async () => undefined,
    messages: (locale) => merged[locale],
  };
}

/**
 * The browser's catalog: English shared namespaces ship with the app; the active language's
 * other namespaces and each page's own namespaces are fetched on first use. A namespace once used
 * stays in use, so a language switch fetches every namespace the visitor has seen before the
 * page changes language: no message id ever shows.
 */
export function createBrowserCatalog(): MessageCatalog {
  const loaded: Record<Locale, BrowserMessages> = { en: { ...englishSharedMessages }, pl: {} };
  const present: Record<Locale, Set<string>> = { en: new Set(SHARED_NAMESPACES), pl: new Set() };
  const pending = new Map<string, Promise<void>>();
  const inUse = new Set<string>(SHARED_NAMESPACES);
  const listeners = new Set<() => void>();
  const merged = new Map<Locale, BrowserMessages>();
  let version = 0;

  const changed = () => {
    version += 1;
    merged.clear();
    for (const listener of listeners) listener();
  };

  const fetchNamespace = (locale: Locale, namespace: string): Promise<void> => {
    const key = `${locale}/${namespace}`;
    let promise = pending.get(key);
    if (!promise) {
      promise = loadNamespace(locale, namespace).then(
        (messages) => {
          Object.assign(loaded[locale], messages);
          present[locale].add(namespace);
          changed();
        },
        (error: unknown) => {
          // A failed fetch (offline for a moment) may be retried by the next request for it.
          pending.delete(key);
          throw error;
        },
      );
      pending.set(key, promise);
    }
    return promise;
  };

  return {
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: (locale) => [...inUse].every((namespace) => present[locale].has(namespace)),
    async load(locale, namespaces = []) {
      const added = namespaces.filter((namespace) => !inUse.has(namespace));
      for (const namespace of added) inUse.add(namespace);
      if (added.length > 0) changed();
      const missing = [...inUse].filter((namespace) => !present[locale].has(namespace));
      await Promise.all(missing.map((namespace) => fetchNamespace(locale, namespace)));
    },
    messages(locale) {
      let messages = merged.get(locale);
      if (!messages) {
        messages = locale === 'en' ? { ...loaded.en } : { ...loaded.en, ...loaded[locale] };
        merged.set(locale, messages);
      }
      return messages;
    },
  };
}

/** The message catalog's name for a language (`po` is Polish, `pl` to Intl). */
function localeOf(language: Language): Locale {
  return INTL_LOCALE[language] === 'pl' ? 'pl' : 'en';
}

/** One per page load: the app's routes and its LanguageProvider share it. */
export const browserCatalog = createBrowserCatalog();

/** The language the browser's LanguageProvider shows or is switching to. */
let activeLocale: Locale = 'en';

/** Loads the messages the first screen needs before the app renders (main.tsx). */
export function loadStartMessages(language: Language): Promise<void> {
  activeLocale = localeOf(language);
  return browserCatalog.load(activeLocale);
}

/**
 * The frame's namespaces the first page does not show (decision 070): tab titles (a prerendered
 * page's HTML has its own) and API error messages. Every screen route loads them with its own
 * namespaces (`withMessages`), and the app once its first page has loaded.
 */
export const LATE_FRAME_NAMESPACES: readonly string[] = ['titles', 'errors'];

/** Marks `namespaces` in use and loads them in the language on screen (or being switched to). */
export function loadMessages(namespaces: readonly string[]): Promise<void> {
  return browserCatalog.load(activeLocale, namespaces);
}

/**
 * Wraps a route's code import so the page's namespaces arrive with its code, in parallel:
 * `lazyRouteComponent(withMessages(['pricing'], () => import('…/PricingScreen')), 'PricingScreen')`.
 */
export function withMessages<T>(namespaces: readonly string[], load: () => Promise<T>) {
  return async (): Promise<T> => {
    const [module] = await Promise.all([
      load(),
      browserCatalog.load(activeLocale, [...namespaces, ...LATE_FRAME_NAMESPACES]),
    ]);
    return module;
  };
}

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageState | null>(null);

/**
 * English is the default and the fallback. A new language shows once every namespace in use has
 * arrived in it; until then the page stays in the language it was in.
 */
export function LanguageProvider({
  language = DEFAULT_LANGUAGE,
  setLanguage,
  catalog = browserCatalog,
  onShown,
  children,
}: {
  language?: Language;
  setLanguage(language: Language): void;
  catalog?: MessageCatalog;
  /** Called when a language is on screen (after its messages arrived): e.g. for `<html lang>`. */
  onShown?(language: Language): void;
  children: ReactNode;
}) {
  const locale = localeOf(language);
  const version = useSyncExternalStore(catalog.subscribe, catalog.version, catalog.version);
  const ready = catalog.ready(locale);
  // The language on screen: the asked-for one once its messages are in.
  const [shownLanguage, setShownLanguage] = useState<Language>(ready ? language : DEFAULT_LANGUAGE);
  if (ready && shownLanguage !== language) setShownLanguage(language);
  const shown = localeOf(shownLanguage);
  useEffect(() => onShown?.(shownLanguage), [onShown, shownLanguage]);

  // Runs again whenever a namespace comes into use (a page, a late message), so one that came
  // in while the switch was loading is fetched in the new language too.
  useEffect(() => {
    if (catalog === browserCatalog) activeLocale = locale;
    if (!ready) {
      catalog.load(locale).catch((error: unknown) => {
        // The page stays readable in the language it shows; the next switch tries again.
        console.warn('Could not load messages', error);
      });
    }
  }, [catalog, locale, ready, version]);

  const onError = useCallback(
    (error: { code?: string; descriptor?: { id?: unknown } }) => {
      const id = error.descriptor?.id;
      const namespace = typeof id === 'string' ? id.split('.')[0] : undefined;
      if (error.code !== 'MISSING_TRANSLATION' || !namespace) {
        if (import.meta.env.DEV) console.error(error);
        return;
      }
      void hasNamespace(namespace).then((known) => {
        if (!known) {
          if (import.meta.env.DEV) console.error(error);
          return;
        }
        // A page whose route did not bring this namespace: fetch it now rather than show ids
        // for good (it shows them for a moment, so wire it with the screen's manifest).
        void catalog.load(shown, [namespace]).catch(() => undefined);
        // The language being switched to needs it too; the effect above fetches it there.
        if (import.meta.env.DEV) console.warn(`"${namespace}" messages came late: ${String(id)}`);
      });
    },
    [catalog, shown],
  );

  const messages = catalog.messages(shown);
  const intl = useMemo(
    () =>
      // Text (tests, stories) or precompiled syntax trees (the app): react-intl takes either.
      copyIntl({ locale: shown, messages, onError }),
    [messages, shown, onError],
  );
  const state = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={state}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LanguageContext.Provider>
  );
}

const intlCache = createIntlCache();

/**
 * The formatter every screen writes with (docs/decisions/048-copy-glossary-lint-typography.md):
 * its messages typeset once for the language (non-breaking spaces), and every message given the
 * rules' figures (`{userReward, number}`) under the caller's own values. Stories' `t` uses it too,
 * so a play function reads exactly what the screen shows.
 */
export function copyIntl(config: {
  locale: Locale;
  messages: BrowserMessages;
  onError?: IntlConfig['onError'];
}) {
  const intl = createIntl(
    {
      locale: config.locale,
      defaultLocale: 'en',
      messages: typesetMessages(config.messages, config.locale) as IntlConfig['messages'],
      ...(config.onError ? { onError: config.onError } : {}),
    },
    intlCache,
  );
  return formattingWithFigures(intl);
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a LanguageProvider');
  return state;
}
