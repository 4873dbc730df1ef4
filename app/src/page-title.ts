import { useEffect } from 'react';
import { useLanguage } from '@brnd/ui/i18n';
import { documentTitle, type TitleKey } from './route-titles.ts';

/** Sets the tab title; the last page effect to run wins (the root's runs before the pages'). */
export function usePageTitle(key: TitleKey): void {
  const { language } = useLanguage();
  useEffect(() => {
    document.title = documentTitle(key, language);
  }, [key, language]);
}
