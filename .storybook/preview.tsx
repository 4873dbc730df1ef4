import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { fn } from 'storybook/test';
import { LANGUAGES, type Language } from '@brnd/contracts/domain/constants';
import { fake, handlers } from '@brnd/mocks/handlers';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@brnd/mocks/seed';
import type { Session } from '../ui/src/session.tsx';
import { StoryProviders, createTestQueryClient } from '../ui/src/testing/StoryProviders.tsx';
import { createStoryRecorders, storyRecorders } from '../ui/src/testing/story-recorders.ts';
import '../ui/src/styles.css';

/**
 * `parameters.session`: null or absent is logged out; a Session object starts logged in with it
 * (the API answers it only through a story's own handlers); 'demo' logs the mocks' demo user in
 * to the fake, so the default handlers answer that session's calls.
 */
type SessionParameter = Session | 'demo' | null | undefined;

function startingSession(parameter: SessionParameter): Session | null {
  if (parameter !== 'demo') return parameter ?? null;
  const answer = fake.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
  if (!('token' in answer)) throw new Error('The demo user of the mocks cannot log in');
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
      session={loaded.session as Session | null}
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
      fake.reset();
      return {
        recorders: createStoryRecorders(fn),
        queryClient: createTestQueryClient(),
        session: startingSession(parameters.session as SessionParameter),
      };
    },
  ],
  decorators: [withProviders],
  parameters: {
    layout: 'padded',
    // Any accessibility violation fails the story's test.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
