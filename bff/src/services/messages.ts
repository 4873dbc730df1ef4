import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { withFigures } from '@brnd/contracts/domain/copy-figures';
import { messages, type Locale } from '@brnd/locales/messages';
import { LANGUAGE_HEADER } from '@brnd/contracts/api/language';
import type { Language } from '../db/models.ts';

/** The spec's language key `po` is Polish; the locale files use `pl`. */
export function localeOf(language: Language): Locale {
  return language === 'po' ? 'pl' : 'en';
}

/** The user's language from Accept-Language: Polish when preferred, English otherwise. */
export function languageFromHeader(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('pl') || first.startsWith('po') ? 'po' : 'en';
}

/**
 * The language of the page that made a request: the app's own header (the language the person
 * chose on the site), else the browser's Accept-Language. Messages the request causes for
 * someone without an account are written in it.
 */
export function requestLanguage(headers: {
  get(name: string): string | undefined | null;
}): Language {
  const chosen = headers.get(LANGUAGE_HEADER)?.trim();
  if (chosen === 'en' || chosen === 'po') return chosen;
  return languageFromHeader(headers.get('accept-language') ?? undefined);
}

const cache = new Map<string, IntlMessageFormat>();

/** Formats a locale message (ICU syntax), falling back to English, then to the id itself. */
export function formatMessage(
  locale: Locale,
  id: string,
  values: Record<string, PrimitiveType> = {},
): string {
  const source = messages[locale][id] ?? messages.en[id];
  if (source === undefined) return id;
  const key = `${locale}:${id}`;
  let format = cache.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, locale);
    cache.set(key, format);
  }
  return String(format.format(withFigures(values)));
}

/** What an answer's `message` carries: the English text of a message id. */
export function english(id: string, values?: Record<string, PrimitiveType>): string {
  return formatMessage('en', id, values);
}
