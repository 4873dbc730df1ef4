/**
 * The clock every story renders at (decision 053). Stories and the mocks compute their dates from
 * `Date.now()` (a sale ending in three days, an order created a minute ago); on the real clock a
 * story showed a different date, countdown and "created at" every second, so no screenshot of it
 * could be compared with yesterday's, in the local visual run or in Chromatic.
 *
 * Importing this module installs the clock: .storybook/preview.tsx imports it first, before the
 * mocks and any story module (their seed data and args are computed at import), and sets it back
 * to STORY_NOW before each story. Time stands still unless
 * a story moves it with `advanceStoryClock`; timers (setTimeout, setInterval) still run, so a
 * countdown re-renders every second and shows the same time until the story moves the clock.
 */

/** 2026-06-15 11:30 in Warsaw: mid-month (the contest is monthly), mid-morning, a Monday. */
export const STORY_NOW = Date.UTC(2026, 5, 15, 9, 30, 0);

const RealDate = Date;
let now = STORY_NOW;

/** `new Date()` and `Date.now()` answer the story clock; every other use of Date is the real one. */
class StoryDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(now);
    // Date's own overloads (a value, a string, or year, month, …) pass through unchanged.
    else super(...(args as [number]));
  }

  static override now(): number {
    return now;
  }
}

globalThis.Date = StoryDate as DateConstructor;

/** Back to STORY_NOW: each story starts at the same instant whatever ran before it. */
export function resetStoryClock(): void {
  now = STORY_NOW;
}

/** Moves the story clock on, e.g. to see a countdown tick. */
export function advanceStoryClock(ms: number): void {
  now += ms;
}
