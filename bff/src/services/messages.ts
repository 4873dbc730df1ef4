import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { messages, type Locale } from '@brnd/locales/messages';
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
  return String(format.format(values));
}

/** What an answer's `message` carries: the English text of a message id. */
export function english(id: string, values?: Record<string, PrimitiveType>): string {
  return formatMessage('en', id, values);
}
