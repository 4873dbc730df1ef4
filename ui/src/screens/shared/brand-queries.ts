import { queryOptions } from '@tanstack/react-query';
import { type Brand } from '@brnd/contracts/api/brand-listings';
import { brandDetails } from '@brnd/contracts/api/brands';
import type { ApiClient } from '@brnd/contracts/api/client';
import { BRANDS_KEY } from './brand-votes.ts';

/** One brand, or null when the id matches none ('Cannot display this brand'). */
export function brandDetailsQueryOptions(api: ApiClient, brandId: number) {
  return queryOptions({
    queryKey: [BRANDS_KEY, 'details', brandId],
    queryFn: async (): Promise<Brand | null> =>
      (await api.call(brandDetails, { params: { brandId } })).brands.rows[0] ?? null,
  });
}
