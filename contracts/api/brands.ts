import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './accounts.ts';
import { ReferralCodeSchema } from './referrals.ts';
import {
  AddressLineSchema,
  BrandDescriptionSchema,
  BrandIdSchema,
  BrandLogoSchema,
  BrandNameSchema,
  CountrySchema,
  EmployeesSchema,
  IndustrySchema,
  LimitSchema,
  OptionalLinkSchema,
  PostalCodeSchema,
  TokenTickerSchema,
  WebsiteSchema,
} from '../domain/rules.ts';

/**
 * Brands and the monthly vote. Listings answer for visitors too (`auth: 'optional'`); with a token
 * each row also tells whether this user voted for it and may still vote.
 */

export const BrandSchema = v.object({
  id: v.number(),
  name: v.string(),
  website: v.string(),
  description: v.string(),
  image_url: v.string(),
  /** Votes this month; null counts as 0. */
  votes: v.nullable(v.number()),
  /** 1 when this user voted for the brand within the vote window. */
  voted: v.optional(v.picklist([0, 1]), 0),
  /** '0' when this user has used up the votes of the window. */
  can_vote: v.optional(v.picklist(['1', '0']), '1'),
  industry: v.nullable(v.string()),
  token_ticker: v.nullable(v.string()),
  no_of_employees: v.nullable(v.number()),
  address1: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  postal_code: v.nullable(v.string()),
  country: v.nullable(v.string()),
  operating_address: v.nullable(v.string()),
  referral_code: v.nullable(v.string()),
  facebook: v.nullable(v.string()),
  twitter: v.nullable(v.string()),
  instagram: v.nullable(v.string()),
  linkedin: v.nullable(v.string()),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

/** A brand the user voted for, with how many times. */
export const FavouriteBrandSchema = v.object({ ...BrandSchema.entries, myvotes: v.number() });
export type FavouriteBrand = v.InferOutput<typeof FavouriteBrandSchema>;

const BrandRowsSchema = v.object({ brands: v.object({ rows: v.array(BrandSchema) }) });
const ListingQuerySchema = v.object({ limit: v.optional(LimitSchema) });

/** One vote per brand and VOTES_PER_WINDOW votes per user in each vote window. */
export const vote = defineEndpoint({
  id: 'vote',
  method: 'POST',
  path: '/api/brands/vote',
  auth: 'required',
  body: v.object({ brand_id: BrandIdSchema }),
  response: MessageResponseSchema,
});

/** The voting page's "refer a new brand" modal: a website and the preview found for it. */
export const addBrand = defineEndpoint({
  id: 'addBrand',
  method: 'POST',
  path: '/api/brands/add',
  auth: 'required',
  body: v.object({
    website: WebsiteSchema,
    name: BrandNameSchema,
    description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000)), ''),
    image_url: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000)), ''),
  }),
  response: v.object({ message: v.string(), details: BrandSchema }),
});

/** The add-brand form of My brands: every brand field, a logo and an optional referral code. */
export const createBrand = defineEndpoint({
  id: 'createBrand',
  method: 'POST',
  path: '/api/brands/create',
  encoding: 'multipart',
  auth: 'required',
  body: v.object({
    name: BrandNameSchema,
    website: WebsiteSchema,
    description: BrandDescriptionSchema,
    industry: IndustrySchema,
    token_ticker: TokenTickerSchema,
    no_of_employees: EmployeesSchema,
    address1: AddressLineSchema,
    city: AddressLineSchema,
    state: AddressLineSchema,
    postal_code: PostalCodeSchema,
    country: CountrySchema,
    operating_address: AddressLineSchema,
    facebook: OptionalLinkSchema,
    twitter: OptionalLinkSchema,
    instagram: OptionalLinkSchema,
    linkedin: OptionalLinkSchema,
    image: BrandLogoSchema,
    referral_code: v.optional(ReferralCodeSchema),
  }),
  response: v.object({ message: v.string(), details: BrandSchema }),
});

/** Most votes first; the home page asks for 50. */
export const topRatedBrands = defineEndpoint({
  id: 'topRatedBrands',
  method: 'GET',
  path: '/api/brands/toprated',
  auth: 'optional',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
});

/** Most votes in the last days first. */
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

/** Name or website contains the text, case-insensitively. No match is 200 with no rows. */
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
});

/** An unknown id is 200 with no rows: the page shows 'Cannot display this brand'. */
export const brandDetails = defineEndpoint({
  id: 'brandDetails',
  method: 'GET',
  path: '/api/brands/details/:brandId',
  auth: 'optional',
  params: v.object({ brandId: BrandIdSchema }),
  response: BrandRowsSchema,
});

export const totalBrands = defineEndpoint({
  id: 'totalBrands',
  method: 'GET',
  path: '/api/brands/total_brands',
  response: v.object({
    stats: v.object({ rows: v.array(v.object({ brands: v.number(), votes: v.number() })) }),
  }),
});

/** Brands this user created or referred. */
export const myBrands = defineEndpoint({
  id: 'myBrands',
  method: 'GET',
  path: '/api/brands/mybrands',
  auth: 'required',
  response: BrandRowsSchema,
});

/** Brands this user voted for, most of their votes first (the dashboard shows the top 5). */
export const favouriteBrands = defineEndpoint({
  id: 'favouriteBrands',
  method: 'GET',
  path: '/api/brands/myfav',
  auth: 'required',
  response: v.object({ brands: v.object({ rows: v.array(FavouriteBrandSchema) }) }),
});

export const brandEndpoints = {
  vote,
  addBrand,
  createBrand,
  topRatedBrands,
  trendingBrands,
  newlyAddedBrands,
  searchBrands,
  brandDetails,
  totalBrands,
  myBrands,
  favouriteBrands,
} as const;
