import { messages } from '@brnd/locales/messages';
import { INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';
import { copyIntl } from '../i18n.tsx';

/**
 * The story's own language for play functions, so one play function checks both the English
 * and the Polish story: `const t = storyIntl(globals); canvas.getByRole('button', { name: t('nav.signIn') })`.
 */
export function storyIntl(globals: Record<string, unknown>) {
  const language: Language = globals.locale === 'po' ? 'po' : 'en';
  const locale = INTL_LOCALE[language];
  const intl = copyIntl({
    locale: locale === 'pl' ? 'pl' : 'en',
    messages: { ...messages.en, ...(locale === 'pl' ? messages.pl : {}) },
  });
  // Testing Library's text queries collapse the page's non-breaking spaces to plain ones before
  // comparing, so the expected text is given with plain spaces too (docs/decisions/048).
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values).replaceAll('\u00a0', ' ');
}
