import { IntlMessageFormat } from 'intl-messageformat';
import { messages } from '@brnd/locales/messages';

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
  return String(format.format(values));
}
