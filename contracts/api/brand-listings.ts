import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
// Not error-catalogue.ts, which brings valibot: the production build keeps `errors` (decision 050).
import { inputErrors, readSessionErrors } from './shared-errors.ts';
import {
  BrandRowsSchema,
  BrandSchema,
  ContestWinnerSchema,
  FavouriteBrandSchema,
  LimitSchema,
  ListingQuerySchema,
} from './brand-schemas.ts';
import { BrandIdSchema } from '../domain/rules.ts';

export type { Brand, ContestWinner, FavouriteBrand } from './brand-schemas.ts';

/**
 * A brand as listings show it and the listings of the home and voting pages. They answer visitors
 * too (`auth: 'optional'`); with a token each row also tells whether this user voted for it and
 * may still vote. Apart from brands.ts so the home page does not carry the brand forms' rules;
 * the home page's own listing is in top-rated-brands.ts, so these stay out of its first file.
 */

export { topRatedBrands } from './top-rated-brands.ts';

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
  errors: { ...inputErrors },
});

/** Newest first. */
export const newlyAddedBrands = defineEndpoint({
  id: 'newlyAddedBrands',
  method: 'GET',
  path: '/api/brands/newlyadded',
  auth: 'optional',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
  errors: { ...inputErrors },
});

/* The reads the voting, brand and dashboard pages load with their code (their route loaders). */

/**
 * Name or website matches the text, case-insensitively and tolerant of small typos (trigram
 * similarity), best match first. Serves the suggestions as the user types. No match is 200 with
 * no rows.
 */
export const searchBrands = defineEndpoint({
  id: 'searchBrands',
  method: 'GET',
  path: '/api/brands/search/:text',
  auth: 'optional',
  params: v.object({
    text: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(100)),
  }),
  response: v.object({
    brands: v.object({ rows: v.array(BrandSchema), rowCount: v.number() }),
  }),
  errors: { ...inputErrors },
});

/** An unknown id is 200 with no rows: the page shows 'Cannot display this brand'. */
export const brandDetails = defineEndpoint({
  id: 'brandDetails',
  method: 'GET',
  path: '/api/brands/details/:brandId',
  auth: 'optional',
  params: v.object({ brandId: BrandIdSchema }),
  response: BrandRowsSchema,
  errors: { ...inputErrors },
});

/** Brands this user voted for, most of their votes first (the dashboard shows the top 5). */
export const favouriteBrands = defineEndpoint({
  id: 'favouriteBrands',
  method: 'GET',
  path: '/api/brands/myfav',
  auth: 'required',
  response: v.object({ brands: v.object({ rows: v.array(FavouriteBrandSchema) }) }),
  errors: { ...readSessionErrors },
});

/** Closed contest months, newest first: the voting page shows the first as last month's winner. */
export const contestWinners = defineEndpoint({
  id: 'contestWinners',
  method: 'GET',
  path: '/api/brands/winners',
  query: v.object({ limit: v.optional(LimitSchema) }),
  response: v.object({ winners: v.object({ rows: v.array(ContestWinnerSchema) }) }),
  errors: { ...inputErrors },
});
