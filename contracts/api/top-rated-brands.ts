import { defineEndpoint } from './endpoint.ts';
// Not error-catalogue.ts: these declarations stay in the first page's build, valibot must not.
import { inputErrors } from './shared-errors.ts';
import { BrandRowsSchema, ListingQuerySchema } from './brand-schemas.ts';

/**
 * Most votes first; the home page asks for 50. The one listing the home page reads, in a module
 * of its own: a bundle keeps a module whole, so the other listings (brand-listings.ts, which
 * re-exports this one) stay out of the first page's file.
 */
export const topRatedBrands = defineEndpoint({
  id: 'topRatedBrands',
  method: 'GET',
  path: '/api/brands/toprated',
  auth: 'optional',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
  errors: { ...inputErrors },
});
