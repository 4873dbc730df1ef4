import { queryOptions } from '@tanstack/react-query';
import { topRatedBrands } from '@brnd/contracts/api/brand-listings';
import type { ApiClient } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import { HOME_TOP_RATED_LIMIT } from '@brnd/contracts/domain/constants';

/**
 * The home page's strip of top-voted brands. A server that does not serve brands yet (404) has
 * none to show: that is an empty strip, not a broken page.
 */
export function topVotedQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['brands', 'toprated', HOME_TOP_RATED_LIMIT],
    queryFn: async () => {
      try {
        const answer = await api.call(topRatedBrands, { query: { limit: HOME_TOP_RATED_LIMIT } });
        return answer.brands.rows;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}
