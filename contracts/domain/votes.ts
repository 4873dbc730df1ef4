import { VOTE_WINDOW_MS } from './constants.ts';

const HOUR_MS = 60 * 60_000;

export interface VoteWait {
  /** When the oldest vote of the window leaves it, and a vote is free again. */
  freeAt: number;
  /** Whole hours left, rounded up: the `{timeInHours}` of the limit messages. */
  timeInHours: number;
  /** Seconds left, rounded up: the 429's Retry-After. */
  retryAfterSeconds: number;
}

/**
 * How long a voter at the limit waits, counted from the oldest vote of their window (epoch
 * milliseconds). The bff and the mocks both answer with it, so the 429 and the tooltip agree.
 */
export function voteWait(oldestVoteAt: number, now: number): VoteWait {
  const freeAt = oldestVoteAt + VOTE_WINDOW_MS;
  const left = freeAt - now;
  return {
    freeAt,
    timeInHours: Math.max(1, Math.ceil(left / HOUR_MS)),
    retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)),
  };
}
