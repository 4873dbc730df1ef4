import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryHistory } from '@tanstack/react-router';
import { createIntl, type IntlConfig } from 'react-intl';
import { INTL_LOCALE, type Language } from '@brnd/contracts/domain/constants';
import {
  LATE_FRAME_NAMESPACES,
  browserCatalog,
  loadMessages,
  loadStartMessages,
} from '@brnd/ui/i18n';
import { App, createAppServices } from './App.tsx';
import { titleOf } from './routes/root.tsx';

export interface PrerenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** `<title>`, as the page's title effect sets it. */
  title: string;
  /** `<html lang>`. */
  lang: string;
}

/**
 * A public page as the browser's first render draws it for a visitor without a session, for
 * `prerender.ts` at build time (docs/decisions/011-page-weight.md). There is no API at build
 * time: the page's API data shows its loading state, as it does in the browser until it comes.
 */
export async function renderPage(url: string, language: Language): Promise<PrerenderedPage> {
  await loadStartMessages(language);
  // The page's title is written into its HTML: the titles the browser loads late are needed here.
  await loadMessages(LATE_FRAME_NAMESPACES);
  const services = createAppServices({
    history: createMemoryHistory({ initialEntries: [url] }),
    language,
    prerender: 'build',
  });
  await services.router.load();
  const failed = services.router.state.matches.find((match) => match.status !== 'success');
  if (failed || services.router.state.location.pathname !== url) {
    throw new Error(`${url} cannot be prerendered: ${failed?.status ?? 'redirected'}`);
  }
  const { prelude } = await prerender(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
    // One document, every boundary in place: a large one would otherwise arrive out of order
    // with an inline script to move it, which the CSP does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();

  const lang = INTL_LOCALE[language];
  const titleKey = services.router.state.matches.map(titleOf).findLast(Boolean) ?? 'home';
  const intl = createIntl({
    locale: lang,
    messages: browserCatalog.messages(lang === 'pl' ? 'pl' : 'en') as IntlConfig['messages'],
    onError(error) {
      throw error;
    },
  });
  return { html, title: `${intl.formatMessage({ id: `titles.${titleKey}` })} | BRND`, lang };
}
