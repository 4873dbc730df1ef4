import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { loadMessages } from '@brnd/ui/i18n';
import type { TitleKey } from '@brnd/ui/screens/screen-manifest';

/**
 * Sets the tab title; the last page effect to run wins (the root's runs before the pages').
 * The titles are not in the first page's file (decision 070): until they arrive the title stays
 * what the HTML says (a prerendered page's own), then this sets it.
 */
export function usePageTitle(key: TitleKey): void {
  const intl = useIntl();
  const id = `titles.${key}`;
  const title = id in intl.messages ? intl.formatMessage({ id }) : undefined;
  useEffect(() => {
    if (title === undefined) void loadMessages(['titles']).catch(() => undefined);
    else document.title = `${title} | BRND`;
  }, [title]);
}
