import { queryOptions } from '@tanstack/react-query';
import { topRatedBrands } from '@brnd/contracts/api/top-rated-brands';
import type { ApiClient } from '@brnd/contracts/api/client';
import { HOME_TOP_RATED_LIMIT } from '@brnd/contracts/domain/constants';

/**
 * The home page's strip of top-voted brands. Its endpoint declares no error but a refused query
 * (decision 051), so any failure is the strip's error state.
 */
export function topVotedQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['brands', 'toprated', HOME_TOP_RATED_LIMIT],
    queryFn: async () => {
      const answer = await api.call(topRatedBrands, { query: { limit: HOME_TOP_RATED_LIMIT } });
      return answer.brands.rows;
    },
  });
}
