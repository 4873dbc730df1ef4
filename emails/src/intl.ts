import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { messages, type Locale } from '@brnd/locales/messages';
import { typesetMessages } from '@brnd/locales/typography';
import { withFigures } from '@brnd/contracts/domain/copy-figures';

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
    const format = intl.formatMessage;
    const formatMessage = ((
      descriptor: Parameters<typeof format>[0],
      values?: Record<string, unknown>,
      options?: Parameters<typeof format>[2],
    ) =>
      format(
        descriptor,
        withFigures(values) as Parameters<typeof format>[1],
        options,
      )) as typeof format;
    intl = Object.assign(intl, { formatMessage, $t: formatMessage });
    intls.set(locale, intl);
  }
  return intl;
}
