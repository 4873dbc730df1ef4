// First: every story renders at one fixed instant and draws the same random values (decision 053),
// here and in Chromatic, and the mocks' seed and the stories' args are computed when their
// modules load.
import { resetStoryClock } from '@brnd/ui/testing/story-clock';
import { resetStoryRandom } from '@brnd/ui/testing/story-random';
import { ArgTypes, Description, Primary, Subtitle, Title } from '@storybook/addon-docs/blocks';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { configure, fn } from 'storybook/test';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { LANGUAGES, type Language } from '@brnd/contracts/domain/constants';
import { fake, handlers } from '@brnd/mocks/handlers';
import { DEMO_EMAIL, DEMO_PASSWORD, OPERATOR_EMAIL } from '@brnd/mocks/seed';
import {
  StoryProviders,
  createTestQueryClient,
  type StorySession,
} from '@brnd/ui/testing/StoryProviders';
import { applyPolishArgs } from '@brnd/ui/testing/polish-args';
import { captureStory } from '@brnd/ui/testing/story-capture';
import { createStoryRecorders, storyRecorders } from '@brnd/ui/testing/story-recorders';
import '@brnd/ui/styles.css';
import { chromaticModes } from './modes.ts';

// findBy*/waitFor give up after 1 s by default; a shared 2-core CI machine can take longer to
// render a story and answer its mocks. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

/**
 * `parameters.session`: null or absent is logged out; a Session object starts logged in with it
 * (the API answers it only through a story's own handlers); 'demo' logs the mocks' demo user in
 * to the fake, so the default handlers answer that session's calls; 'operator' does the same for
 * the mocks' operator (the console's endpoints answer them).
 */
type SessionParameter = StorySession | 'demo' | 'operator' | null | undefined;

function startingSession(parameter: SessionParameter): StorySession | null {
  if (parameter !== 'demo' && parameter !== 'operator') return parameter ?? null;
  const email = parameter === 'demo' ? DEMO_EMAIL : OPERATOR_EMAIL;
  const answer = fake.login({ email, password: DEMO_PASSWORD });
  if (!('token' in answer)) throw new Error(`The mocks' ${parameter} user cannot log in`);
  return { token: answer.token, email: answer.email, mobile: answer.mobile, name: answer.name };
}

function toLanguage(value: unknown): Language {
  return LANGUAGES.find((language) => language === value) ?? 'en';
}

const withProviders: Decorator = (Story, context) => {
  const loaded = context.loaded as Record<string, unknown>;
  return (
    <StoryProviders
      // A new toolbar language remounts the providers with it.
      key={String(context.globals.locale)}
      language={toLanguage(context.globals.locale)}
      session={loaded.session as StorySession | null}
      recorders={storyRecorders(loaded)}
      queryClient={loaded.queryClient as ReturnType<typeof createTestQueryClient>}
    >
      <Story />
    </StoryProviders>
  );
};

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'EN' },
          { value: 'po', title: 'PL' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  loaders: [
    mswLoader(async () => {
      // The mocks' handlers answer every call; `parameters.msw.handlers` of a story are put in
      // front of them, so a story's answers win.
      const worker = setupWorker(...handlers);
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
      return worker;
    }),
    // Fresh per story: nothing a story records, caches or changes in the fake leaks into the next.
    ({ parameters }) => {
      resetStoryClock();
      resetStoryRandom();
      fake.reset();
      return {
        recorders: createStoryRecorders(fn),
        queryClient: createTestQueryClient(),
        session: startingSession(parameters.session as SessionParameter),
      };
    },
  ],
  // Runs before the story renders; the same args reach its play function.
  beforeEach: (context) => applyPolishArgs(context),
  // After its play function: the local visual run's screenshots (decision 053); elsewhere nothing.
  afterEach: (context) => captureStory(context),
  decorators: [withProviders],
  parameters: {
    layout: 'padded',
    // Any accessibility violation fails the story's test.
    a11y: { test: 'error' },
    chromatic: { modes: chromaticModes },
    // Storybook's sizes, and the phone the layout test and Chromatic's phone mode use (375 px).
    viewport: {
      options: {
        ...MINIMAL_VIEWPORTS,
        phone: { name: 'Phone', styles: { width: '375px', height: '667px' }, type: 'mobile' },
      },
    },
    // A component's docs page: what it is for, its first story with the code, and its props from
    // the types. Each state is a story of its own in the sidebar; showing them all on one page
    // would also repeat the landmarks every story's providers render (the toasts' region).
    docs: {
      page: () => (
        <>
          <Title />
          <Subtitle />
          <Description />
          <Primary />
          <ArgTypes />
        </>
      ),
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
