import { defineEndpoint } from './endpoint.ts';
import { BrandRowsSchema, ListingQuerySchema } from './brand-schemas.ts';

export type { Brand, FavouriteBrand } from './brand-schemas.ts';

/**
 * A brand as listings show it and the listings of the home and voting pages. They answer visitors
 * too (`auth: 'optional'`); with a token each row also tells whether this user voted for it and
 * may still vote. Apart from brands.ts so the home page does not carry the brand forms' rules.
 */

/** Most votes first; the home page asks for 50. */
export const topRatedBrands = defineEndpoint({
  id: 'topRatedBrands',
  method: 'GET',
  path: '/api/brands/toprated',
  auth: 'optional',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
});

/**
 * Recent votes first, each weighted down by its age (Hacker-News style): a brand climbs with
 * fresh votes and sinks as they age, whatever its all-time count.
 */
export const trendingBrands = defineEndpoint({
  id: 'trendingBrands',
  method: 'GET',
  path: '/api/brands/trending',
  auth: 'optional',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
});

/** Newest first. */
export const newlyAddedBrands = defineEndpoint({
  id: 'newlyAddedBrands',
  method: 'GET',
  path: '/api/brands/newlyadded',
  auth: 'optional',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
});
