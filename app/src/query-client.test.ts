import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError } from '@brnd/contracts/api/errors';
import { createQueryClient } from './query-client.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const busy = () =>
  new ApiError(
    503,
    {
      message: "We're very busy right now. Please try again in a moment.",
      messageId: 'errors.busy',
    },
    new Headers({ 'retry-after': '5' }),
  );

/** Runs a query whose answers come from `answers` in turn; returns when each call was made. */
function runQuery(answers: (() => unknown)[]) {
  const calls: number[] = [];
  const started = Date.now();
  const result = createQueryClient().fetchQuery({
    queryKey: ['q'],
    queryFn: async () => {
      calls.push(Date.now() - started);
      const answer = answers[calls.length - 1]!;
      return answer();
    },
  });
  // Whatever the outcome, the test reads it after the clock has moved.
  result.catch(() => {});
  return { calls, result };
}

test("a busy server's 503 is asked again after the seconds its Retry-After names", async () => {
  const { calls, result } = runQuery([
    () => Promise.reject(busy()),
    () => Promise.reject(busy()),
    () => 'served',
  ]);
  await vi.advanceTimersByTimeAsync(4_999);
  expect(calls).toEqual([0]);
  await vi.advanceTimersByTimeAsync(1);
  expect(calls).toEqual([0, 5_000]);
  await vi.advanceTimersByTimeAsync(5_000);
  await expect(result).resolves.toBe('served');
  expect(calls).toEqual([0, 5_000, 10_000]);
});

test('a failure without Retry-After backs off 1 s, then 2 s, and gives up after three tries', async () => {
  const failure = () => Promise.reject(new ApiError(500, { message: 'Something went wrong' }));
  const { calls, result } = runQuery([failure, failure, failure, () => 'never asked']);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(calls).toEqual([0, 1_000, 3_000]);
  await expect(result).rejects.toMatchObject({ status: 500 });
});

test('a 4xx is not asked again', async () => {
  const invalid = () => Promise.reject(new ApiError(400, { message: 'Please correct the form.' }));
  const { calls, result } = runQuery([invalid, () => 'never asked']);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(calls).toEqual([0]);
  await expect(result).rejects.toMatchObject({ status: 400 });
});
