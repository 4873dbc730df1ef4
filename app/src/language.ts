import { PAGE_LANGUAGE_PARAM, pageLanguageOf } from '@brnd/contracts/domain/app-pages';
import { readCookie, writeCookie } from './cookies.ts';
import {
  DEFAULT_LANGUAGE,
  INTL_LOCALE,
  LANGUAGES,
  type Language,
} from '@brnd/contracts/domain/constants';

const LANGUAGE_KEY = 'lang';
const ONE_YEAR_DAYS = 365;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readLocalStorage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled (privacy modes); the cookie still works.
    return null;
  }
}

/** The language a link from a mail names (`?lang=pl`), if any. */
function linkLanguage(): Language | undefined {
  const search = globalThis.location?.search;
  return search ? pageLanguageOf(new URLSearchParams(search).get(PAGE_LANGUAGE_PARAM)) : undefined;
}

/**
 * The chosen language: the one a mail's link names (kept as the choice from then on, for a
 * reader opening the mail on another device), else the `lang` cookie, else localStorage, else
 * English.
 */
export function readLanguage(): Language {
  const fromLink = linkLanguage();
  if (fromLink) {
    storeLanguage(fromLink);
    return fromLink;
  }
  const cookie = readCookie(LANGUAGE_KEY);
  if (isLanguage(cookie)) return cookie;
  const stored = readLocalStorage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  writeCookie(LANGUAGE_KEY, language, { expires: ONE_YEAR_DAYS, path: '/', sameSite: 'Lax' });
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // See readLocalStorage.
  }
}

/** Screen readers and the browser's spell checking follow <html lang>. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = INTL_LOCALE[language];
}
