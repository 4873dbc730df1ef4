import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { LATE_FRAME_NAMESPACES, loadMessages } from '@brnd/ui/i18n';
import type { TitleKey } from '@brnd/ui/screens/screen-manifest';

/**
 * Sets the tab title; the last page effect to run wins (the root's runs before the pages').
 * The titles are not in the first page's file (decision 070): until they arrive the title stays
 * what the HTML says (a prerendered page's own), then this sets it. Asking for them in an effect
 * (with the API error messages) waits for a prerendered page's hydration: a namespace coming into
 * use before it would make the Polish page hydrate in English.
 */
export function usePageTitle(key: TitleKey): void {
  const intl = useIntl();
  const id = `titles.${key}`;
  const title = id in intl.messages ? intl.formatMessage({ id }) : undefined;
  useEffect(() => {
    if (title === undefined) void loadMessages(LATE_FRAME_NAMESPACES).catch(() => undefined);
    else document.title = `${title} | BRND`;
  }, [title]);
}
