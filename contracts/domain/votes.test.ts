import { expect, test } from 'vitest';
import { VOTE_WINDOW_HOURS, VOTE_WINDOW_MS } from './constants.ts';
import { voteWait } from './votes.ts';

const HOUR = 60 * 60_000;

test('a voter at the limit waits the hours left until the oldest vote leaves the window', () => {
  const oldest = Date.UTC(2026, 10, 25, 8);
  expect(voteWait(oldest, oldest + 1_000)).toEqual({
    freeAt: oldest + VOTE_WINDOW_MS,
    timeInHours: VOTE_WINDOW_HOURS,
    retryAfterSeconds: VOTE_WINDOW_MS / 1000 - 1,
  });
  expect(voteWait(oldest, oldest + 5 * HOUR).timeInHours).toBe(VOTE_WINDOW_HOURS - 5);
  // Part of an hour counts as an hour, and the last moments still say 1 hour, never 0.
  expect(voteWait(oldest, oldest + 5 * HOUR + 1).timeInHours).toBe(VOTE_WINDOW_HOURS - 5);
  expect(voteWait(oldest, oldest + VOTE_WINDOW_MS - 1)).toMatchObject({
    timeInHours: 1,
    retryAfterSeconds: 1,
  });
});
