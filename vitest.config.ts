import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { Language } from './contracts/domain/constants.ts';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';
import { visualBrowserEnvironment, visualBrowserOptions } from './tests/visual/config.ts';

/**
 * Every story is a test in Chromium: it renders, runs its play function, passes axe. Stories are
 * written once (no Polish twins); each runs once per language, the `locale` global set for the
 * whole project as the toolbar sets it. A story's own `globals` still win.
 */
function storybookProject(name: string, locale: Language): TestProjectInlineConfiguration {
  return {
    plugins: [
      storybookTest({
        configDir: fileURLToPath(new URL('.storybook', import.meta.url)),
        initialGlobals: { locale },
        // ui/src/docs/DocsPages.stories.tsx renders the MDX docs pages for their accessibility check.
        disableAddonDocs: false,
      }),
    ],
    test: {
      name,
      // One page per language for every file: a fresh page per file re-imported the preview,
      // the mocks and the locales (~250 modules) 190 times, 918 s against 238 s (decision 074).
      // Each story still starts clean (fresh fake, query client, session and handlers). A story
      // that never settles once left React's test scope open and every later story timed out
      // after it, so `test:stories` stops at the first failure (--bail=1).
      isolate: false,
      // A file's first story also waits for Vite to transform its imports, and a screen's two
      // screenshots are part of its test.
      testTimeout: 60_000,
      // Registers the screenshots each story is compared with (decision 053).
      setupFiles: ['tests/visual/capture.ts'],
      browser: {
        ...visualBrowserOptions,
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: {
            executablePath: chromiumPath,
            args: chromiumArgs,
            env: { ...process.env, ...visualBrowserEnvironment },
          },
          // No animations (ui/src/styles.css honours reduced motion): a dialog caught mid
          // fade-in is not yet visible, and which story meets it depended on the load.
          // The page holds the test's frame at scale 1 up to 1280 x 900 (the default 1280 x 720
          // shrank the frame, and every screenshot with it). Dates in UTC wherever the run is.
          contextOptions: {
            reducedMotion: 'reduce',
            viewport: { width: 1280, height: 900 },
            timezoneId: 'UTC',
            locale: 'en-US',
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  };
}

/**
 * One Vitest run, six projects:
 * - unit: pure code and components in jsdom (contracts, locales, ui, mocks, app)
 * - chain: the Solidity contracts against a local anvil
 * - storybook-en, storybook-pl: every story as a test in Chromium (interaction + accessibility),
 *   once per language
 * - bff, conformance: against a real PostgreSQL (embedded, or DATABASE_URL)
 */
export default defineConfig({
  test: {
    projects: [
      storybookProject('storybook-en', 'en'),
      storybookProject('storybook-pl', 'po'),
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          // One jsdom per worker for all files: setting one up per file was 63 of the 71 s.
          isolate: false,
          setupFiles: ['tests/unit-setup.ts'],
          include: [
            '{contracts,locales,ui,mocks,app}/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/visual/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'contracts/chain/**'],
        },
      },
      {
        // Solidity contracts against anvil; each test file starts its own chain.
        test: {
          name: 'chain',
          environment: 'node',
          include: ['contracts/chain/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The Koa back end over HTTP, each test app on a fresh copy of a migrated database.
        test: {
          name: 'bff',
          environment: 'node',
          include: ['bff/**/*.test.ts'],
          // Files share loaded modules (Koa, Sequelize): each test app has its own database and
          // nothing is mocked, so isolation would only repeat the imports (2.5x slower).
          isolate: false,
          globalSetup: ['bff/src/testing/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same API scenarios against the MSW handlers and the real bff.
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['tests/conformance/**/*.test.ts'],
          globalSetup: ['bff/src/testing/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
