import { IntlMessageFormat } from 'intl-messageformat';
import { withFigures } from '@brnd/contracts/domain/copy-figures';
import { messages } from '@brnd/locales/messages';
import type { Language } from '@brnd/contracts/domain/constants';
import { formatAmount, intlFormatter } from '@brnd/locales/amounts';

const formats = new Map<string, IntlMessageFormat>();

/**
 * The English sentence of a message id with its values: what the server puts in an answer's
 * `message`, and the words of its e-mails and SMS.
 */
export function englishText(id: string, values: Record<string, string | number> = {}): string {
  const source = messages.en[id];
  if (source === undefined) return id;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, 'en');
    formats.set(id, format);
  }
  return String(format.format(withFigures(values)));
}

const localFormats = new Map<string, IntlMessageFormat>();

/** A message in the recipient's language: the words of the fake's e-mails and SMS. */
export function localText(
  language: Language,
  id: string,
  values: Record<string, string | number> = {},
): string {
  const locale = language === 'po' ? 'pl' : 'en';
  const source = messages[locale][id] ?? messages.en[id];
  if (source === undefined) return id;
  const key = `${locale}:${id}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, locale);
    localFormats.set(key, format);
  }
  return String(format.format(withFigures(values)));
}

/** An amount in the recipient's language, as the bff's mails write it (locales/amounts.ts). */
export function localAmount(language: Language, amount: string, unit: string): string {
  return formatAmount(intlFormatter(language === 'po' ? 'pl' : 'en'), amount, unit);
}
