/**
 * The node side of the visual comparison (decision 053), for vitest.config.ts's storybook projects:
 * where baselines and diffs live, the browser's font settings, and the command that notes which
 * baselines a run compared.
 */
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserCommand } from 'vitest/node';
import { PIXEL_THRESHOLD } from './compress.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Committed: one PNG per story, language and size, `<language>/<story id>-<size>.png`. */
export const BASELINE_DIR = here('baselines');
/** Not committed (test-results/ is ignored): what a failed comparison saw, and the difference. */
export const DIFF_DIR = here('../../test-results/visual');

/**
 * The update command sets this to a file; each compared baseline's name is appended, so the
 * baselines of stories that no longer exist can be removed after a full run.
 */
export const SEEN_LOG_VARIABLE = 'VISUAL_BASELINES_SEEN';

const visualBaselineSeen: BrowserCommand<[name: string]> = (_context, name) => {
  const log = process.env[SEEN_LOG_VARIABLE];
  if (log) appendFileSync(log, `${name}\n`);
};

/** `browser.expect` and `browser.commands` of a storybook project. */
export const visualBrowserOptions = {
  expect: {
    toMatchScreenshot: {
      // Stated, not left to the default: compress.ts keeps stored colours within half of it.
      comparatorName: 'pixelmatch' as const,
      comparatorOptions: { threshold: PIXEL_THRESHOLD },
      resolveScreenshotPath: ({ arg, ext }: { arg: string; ext: string }) =>
        `${BASELINE_DIR}/${arg}${ext}`,
      resolveDiffPath: ({ arg, ext }: { arg: string; ext: string }) => `${DIFF_DIR}/${arg}${ext}`,
    },
  },
  commands: { visualBaselineSeen },
};

/**
 * Chromium reads font rendering settings from fontconfig: this file turns text anti-aliasing off
 * and hints fully. Greyscale anti-aliasing put hundreds of shades of every text colour into each
 * image (twice the bytes, and the first thing to differ between two machines).
 */
export const visualBrowserEnvironment = { FONTCONFIG_FILE: here('fonts.conf') };
