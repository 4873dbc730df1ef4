/**
 * Local visual regression (decision 053): after a story has rendered and run its play function,
 * its page is compared with the committed baseline image, in the project's language.
 * Screens at a phone's and a desktop's first viewport, everything else at the desktop's; a story
 * that sets its own viewport (`globals.viewport`) once, at that viewport.
 *
 * This file is a setup file of the storybook-en and storybook-pl projects (vitest.config.ts): it
 * runs in the browser, next to the stories, and registers the capture that the preview's
 * `afterEach` calls (ui/src/testing/story-capture.ts says why it is not a Vitest hook).
 */
// The bundled fonts every screenshot is made with: the product's stack starts with system-ui,
// which is a different font on every machine (fonts.css points the design tokens here).
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/400-italic.css';
import '@fontsource/noto-sans/500.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans/800.css';
import '@fontsource/noto-sans-mono/400.css';
import './fonts.css';
import { expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import { INTL_LOCALE, LANGUAGES } from '@brnd/contracts/domain/constants';
import { registerStoryCapture } from '@brnd/ui/testing/story-capture';
import { screenshotSizes } from './sizes.ts';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Notes a baseline the run compared, so an update can drop the baselines of removed stories. */
    visualBaselineSeen: (name: string) => Promise<void>;
  }
}

registerStoryCapture(async (story) => {
  // Docs pages rendered only for axe opt out, as they do of Chromatic. A story whose play function
  // failed never gets here (Storybook runs its afterEach hooks only after a passing play).
  if (story.parameters.chromatic?.disableSnapshot) return;
  const language = LANGUAGES.find((value) => value === story.globals.locale) ?? 'en';
  const setsOwnViewport = Boolean(story.globals.viewport?.value);
  for (const { name: sizeName, viewport } of screenshotSizes(story.id, setsOwnViewport)) {
    // Vitest keeps [\w-] of a name and folds "--" into "-": the story id's "--" becomes "__",
    // so the file name is the name the update command notes.
    const name = `${INTL_LOCALE[language]}/${story.id.replaceAll('--', '__')}-${sizeName}`;
    if (viewport) await page.viewport(viewport.width, viewport.height);
    await document.fonts.ready;
    try {
      await expect(page.elementLocator(document.documentElement)).toMatchScreenshot(name, {
        screenshotOptions: {
          scale: 'css',
          // The first viewport only: what is below it is another screenshot's business, and a
          // long page would make every image as big as the page.
          style:
            'html { height: 100vh !important; overflow: hidden !important; }' +
            // Whether a focused button shows its ring (:focus-visible) depends on how the
            // stories before it were driven, keyboard or pointer, in the page they share.
            ' :root { --focus-ring: none !important; }' +
            ' :focus-visible { outline-color: transparent !important; }' +
            // What a timer removes (toasts, "Copied."), unless the story is about it: whether it is
            // still there when the capture comes depends on the machine's load, not on the code.
            (story.parameters.visual?.showTransient
              ? ''
              : ' [data-transient] { visibility: hidden !important; }'),
        },
        // Two captures must agree before the comparison; on a loaded 2-core machine one
        // capture of a desktop page can take seconds.
        timeout: 20_000,
      });
    } catch (error) {
      if (error instanceof Error) error.message += reviewHint(name);
      throw error;
    }
    await commands.visualBaselineSeen(name);
  }
});

function reviewHint(name: string): string {
  return (
    `\nBaseline: tests/visual/baselines/${name}.png; what this run saw and the difference (red):` +
    ` test-results/visual/${name}-actual.png, -diff.png.` +
    `\nIf the change is intended: npm run test:visual:update -- <its story file>`
  );
}
