import { createIntl } from 'react-intl';
import { messages } from '@brnd/locales/messages';
import { INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';

/**
 * The story's own language for play functions, so one play function checks both the English
 * and the Polish story: `const t = storyIntl(globals); canvas.getByRole('button', { name: t('nav.signIn') })`.
 */
export function storyIntl(globals: Record<string, unknown>) {
  const language: Language = globals.locale === 'po' ? 'po' : 'en';
  const locale = INTL_LOCALE[language];
  const intl = createIntl({
    locale,
    defaultLocale: 'en',
    messages: { ...messages.en, ...(locale === 'pl' ? messages.pl : {}) },
  });
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
}
