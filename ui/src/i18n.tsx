import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { messages } from '@brnd/locales/messages';
import { DEFAULT_LANGUAGE, INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** English is the default and the fallback: a key missing in Polish shows the English text. */
export function LanguageProvider({
  language = DEFAULT_LANGUAGE,
  setLanguage,
  children,
}: {
  language?: Language;
  setLanguage(language: Language): void;
  children: ReactNode;
}) {
  const locale = INTL_LOCALE[language];
  const localeMessages = useMemo(
    () => ({ ...messages.en, ...(locale === 'pl' ? messages.pl : {}) }),
    [locale],
  );
  const state = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={state}>
      <IntlProvider locale={locale} defaultLocale="en" messages={localeMessages}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a LanguageProvider');
  return state;
}
