/**
 * The hook through which the local visual run (decision 053) screenshots each story once it has
 * rendered and played. `.storybook/preview.tsx` calls `captureStory` after every story; only the
 * Vitest story projects register a capture (tests/visual/capture.ts), so in Storybook itself and
 * in Chromatic it does nothing and no test code reaches their bundle.
 *
 * A Storybook hook rather than a Vitest `afterEach` in the setup file: the story files share one
 * page (isolate: false), and Vitest re-runs a setup file per file under a URL made from
 * `Date.now()`, which the story clock holds still, so the setup's hooks reached the first file only.
 */

/** What the capture needs of a story's context. */
export interface CapturedStory {
  id: string;
  parameters: {
    chromatic?: { disableSnapshot?: boolean };
    visual?: { showTransient?: boolean };
  };
  globals: { locale?: unknown; viewport?: { value?: unknown } };
}

type Capture = (story: CapturedStory) => Promise<void>;

let capture: Capture | undefined;

export function registerStoryCapture(next: Capture): void {
  capture = next;
}

export async function captureStory(story: CapturedStory): Promise<void> {
  await capture?.(story);
}
