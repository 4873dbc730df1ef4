import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@brnd/contracts/api/errors';

/** A 4xx will not change by asking again; network and server failures may, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * As long as the server asked (a busy database's 503 sends `Retry-After`), or else TanStack
 * Query's own backoff: 1 s, 2 s, 4 s… up to 30 s.
 */
function retryDelay(failureCount: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return asked !== undefined ? asked * 1000 : Math.min(1000 * 2 ** failureCount, 30_000);
}

/** The app's query cache: what is retried, and when. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay } } });
}
