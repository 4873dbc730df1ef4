import { messages } from '@brnd/locales/messages';
import { INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';
import { formatAmount, type AmountValue } from '@brnd/locales/amounts';
import { copyIntl } from '../i18n.tsx';

/**
 * The story's own language for play functions, so one play function checks both the English
 * and the Polish story: `const t = storyIntl(globals); canvas.getByText(t('nav.signIn'))`; an accessible name keeps the
 * page's non-breaking spaces: `getByRole('button', { name: t.exact('nav.signIn') })`; an amount
 * as the page writes it: `t.amount('0.5', 'ETH')`.
 */
export function storyIntl(globals: Record<string, unknown>) {
  const language: Language = globals.locale === 'po' ? 'po' : 'en';
  const locale = INTL_LOCALE[language];
  const intl = copyIntl({
    locale: locale === 'pl' ? 'pl' : 'en',
    messages: { ...messages.en, ...(locale === 'pl' ? messages.pl : {}) },
  });
  const exact = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  // Testing Library's text queries collapse the page's non-breaking spaces (docs/decisions/048)
  // to plain ones before comparing, so `t` gives the text with plain spaces; an accessible name
  // or description keeps them, so `name:` and `toHaveAccessible…` take `t.exact`.
  const plain = (id: string, values?: Record<string, string | number>) =>
    exact(id, values).replaceAll('\u00a0', ' ');
  // An amount as the screen shows it (`useAmount`): `amount` for text queries, `exactAmount`
  // inside `t.exact` values.
  const exactAmount = (value: AmountValue, unit: string) => formatAmount(intl, value, unit);
  const amount = (value: AmountValue, unit: string) =>
    exactAmount(value, unit).replaceAll('\u00a0', ' ');
  return Object.assign(plain, { exact, amount, exactAmount });
}
