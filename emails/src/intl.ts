import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { messages, type Locale } from '@brnd/locales/messages';
import { typesetMessages } from '@brnd/locales/typography';
import { formattingWithFigures } from '@brnd/contracts/domain/copy-figures';

export type MailIntl = IntlShape<string>;

const cache = createIntlCache();
const intls = new Map<Locale, MailIntl>();

/**
 * The formatter every template writes with: the locale files' messages (ICU syntax), numbers,
 * dates and plurals by the recipient's language. Polish falls back to English per message.
 * As on the site (docs/decisions/048): messages typeset once (non-breaking spaces), and the rules'
 * figures (`{userReward, number}`) given to every message under the template's own values.
 */
export function mailIntl(locale: Locale): MailIntl {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: 'en',
        messages: typesetMessages({ ...messages.en, ...messages[locale] }, locale),
        timeZone: 'Europe/Warsaw',
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intl = formattingWithFigures(intl);
    intls.set(locale, intl);
  }
  return intl;
}
