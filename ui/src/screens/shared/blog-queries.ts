import { queryOptions } from '@tanstack/react-query';
import { blog } from '@brnd/contracts/api/blog';
import type { ApiClient } from '@brnd/contracts/api/client';

/** The feed changes rarely and the bff caches it: one fetch per visit is enough. */
export function blogQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['blog'],
    queryFn: () => api.call(blog),
    staleTime: 5 * 60_000,
  });
}
