import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { messages, type Locale } from '@brnd/locales/messages';

export type MailIntl = IntlShape<string>;

const cache = createIntlCache();
const intls = new Map<Locale, MailIntl>();

/**
 * The formatter every template writes with: the locale files' messages (ICU syntax), numbers,
 * dates and plurals by the recipient's language. Polish falls back to English per message.
 */
export function mailIntl(locale: Locale): MailIntl {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: 'en',
        messages: { ...messages.en, ...messages[locale] },
        timeZone: 'Europe/Warsaw',
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}
