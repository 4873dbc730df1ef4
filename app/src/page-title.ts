import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { TitleKey } from '@brnd/ui/screens/screen-manifest';

/** Sets the tab title; the last page effect to run wins (the root's runs before the pages'). */
export function usePageTitle(key: TitleKey): void {
  const intl = useIntl();
  const title = intl.formatMessage({ id: `titles.${key}` });
  useEffect(() => {
    document.title = `${title} | BRND`;
  }, [title]);
}
