/**
 * The sizes a story is captured at (decision 053). Each image is the first viewport at that size,
 * at one device pixel per CSS pixel: enough to see a layout break, small enough to commit.
 */
export interface ScreenshotSize {
  /** Part of the baseline's file name. */
  name: 'phone' | 'desktop' | 'story-viewport';
  /** Absent: the viewport the story set itself (`globals.viewport`), left as it is. */
  viewport?: { width: number; height: number };
}

export const PHONE: ScreenshotSize = { name: 'phone', viewport: { width: 375, height: 667 } };
export const DESKTOP: ScreenshotSize = { name: 'desktop', viewport: { width: 1280, height: 720 } };
const STORY_VIEWPORT: ScreenshotSize = { name: 'story-viewport' };

/**
 * Screens (stories under ui/src/screens, whose ids start `screens-`) at a phone's and a desktop's
 * size; components, e-mails and docs pages at a desktop's; a story that chose its viewport once,
 * at that viewport.
 */
export function screenshotSizes(storyId: string, setsOwnViewport: boolean): ScreenshotSize[] {
  if (setsOwnViewport) return [STORY_VIEWPORT];
  return storyId.startsWith('screens-') ? [PHONE, DESKTOP] : [DESKTOP];
}
