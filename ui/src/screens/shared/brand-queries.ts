import { queryOptions } from '@tanstack/react-query';
import {
  brandDetails,
  favouriteBrands,
  type Brand,
  type FavouriteBrand,
} from '@brnd/contracts/api/brand-listings';
import type { ApiClient } from '@brnd/contracts/api/client';

/*
 * Route loaders import these with the app's first code (decision 054): this module and the
 * contract modules it reads stay free of hooks, components and field rules.
 */

/** Every brand query lives under this key, so one vote can update every list that shows it. */
export const BRANDS_KEY = 'brands';

/** One brand, or null when the id matches none ('Cannot display this brand'). */
export function brandDetailsQueryOptions(api: ApiClient, brandId: number) {
  return queryOptions({
    queryKey: [BRANDS_KEY, 'details', brandId],
    queryFn: async (): Promise<Brand | null> =>
      (await api.call(brandDetails, { params: { brandId } })).brands.rows[0] ?? null,
  });
}

export function favouriteBrandsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [BRANDS_KEY, 'favourites'],
    queryFn: async (): Promise<FavouriteBrand[]> => (await api.call(favouriteBrands)).brands.rows,
  });
}
