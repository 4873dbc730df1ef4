import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { fn } from 'storybook/test';
import { LANGUAGES, type Language } from '@brnd/contracts/domain/constants';
import type { Session } from '../ui/src/session.tsx';
import { StoryProviders, createTestQueryClient } from '../ui/src/testing/StoryProviders.tsx';
import { createStoryRecorders, storyRecorders } from '../ui/src/testing/story-recorders.ts';
import '../ui/src/styles.css';

// The mocks package's handlers answer every API call unless a story overrides one with
// `parameters.msw.handlers` (those are added in front, so they win).
const defaultHandlers: Parameters<typeof setupWorker> = [];

function toLanguage(value: unknown): Language {
  return LANGUAGES.find((language) => language === value) ?? 'en';
}

const withProviders: Decorator = (Story, context) => {
  const loaded = context.loaded as Record<string, unknown>;
  const session = (context.parameters.session as Session | null | undefined) ?? null;
  return (
    <StoryProviders
      // A new toolbar language remounts the providers with it.
      key={String(context.globals.locale)}
      language={toLanguage(context.globals.locale)}
      session={session}
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
      const worker = setupWorker(...defaultHandlers);
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
      return worker;
    }),
    // Fresh per story: nothing a story records or caches leaks into the next one.
    () => ({ recorders: createStoryRecorders(fn), queryClient: createTestQueryClient() }),
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
