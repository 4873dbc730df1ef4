import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { INTL_LOCALE } from '@brnd/contracts/domain/constants';
import '@brnd/ui/styles.css';
import { loadStartMessages } from '@brnd/ui/i18n';
import { App, createAppServices } from './App.tsx';
import { readLanguage } from './language.ts';
import { startMockApi } from './mock-mode.ts';
import { loadScreens } from './routes/screen-route.tsx';

/** Lets the browser handle input and paint before the next slice of start-up work. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement) {
  // Evaluating the bundle is one long task already; the app's start-up gets a task of its own.
  await yieldToBrowser();
  // In `dev:mock` the worker must be listening before the first screen asks for data.
  await startMockApi();
  const language = readLanguage();
  // The bff sends public pages prerendered for visitors without a session, in the language of
  // the `lang` cookie (app/prerender.ts). A choice kept only in localStorage renders afresh.
  const prerendered =
    container.firstElementChild !== null && document.documentElement.lang === INTL_LOCALE[language];
  if (!prerendered) container.replaceChildren();

  const services = createAppServices({ language, prerender: prerendered ? 'hydrate' : undefined });
  // English ships with the app; a Polish visitor's messages arrive before the first render. A
  // prerendered page's route code and messages come before it too: hydration must find the page
  // the HTML shows, not a loading one.
  await Promise.all([loadStartMessages(language), prerendered && services.router.load()]);
  services.firstLoad.prerendered = false;

  const app = (
    <StrictMode>
      <App services={services} />
    </StrictMode>
  );
  if (prerendered) {
    // A transition hydrates in slices, between which the browser stays responsive.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
  // The screens' manifests (decision 060) once the page has loaded: the first navigation then
  // waits for its page's code and data only. A failure here is retried by that navigation.
  const prefetch = () => void loadScreens().catch(() => undefined);
  if (document.readyState === 'complete') setTimeout(prefetch, 0);
  else window.addEventListener('load', prefetch, { once: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Not awaited at the top level: a page's lazily loaded code imports this module's chunk, and
// would wait for it to finish evaluating while it waits for that code.
void start(container);
