const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 3600;

/** A wait as a message's ICU select/plural reads it: `{unit, select, …{count, plural, …}}`. */
export interface WaitDuration {
  unit: 'hour' | 'minute' | 'second';
  count: number;
}

/**
 * A wait in the largest unit that reads naturally, rounded up so nobody retries too early:
 * "30 minutes", not "1,800 seconds". The messages format the count per language.
 */
export function waitDuration(seconds: number): WaitDuration {
  if (seconds >= 2 * HOUR_SECONDS)
    return { unit: 'hour', count: Math.ceil(seconds / HOUR_SECONDS) };
  if (seconds >= 2 * MINUTE_SECONDS) {
    return { unit: 'minute', count: Math.ceil(seconds / MINUTE_SECONDS) };
  }
  return { unit: 'second', count: Math.max(1, Math.ceil(seconds)) };
}
