import * as v from 'valibot';
import { INDUSTRIES, MAX_BRAND_CARDS } from '../domain/constants.ts';

/**
 * A brand as listings show it, and the listings' query. Apart from the endpoints
 * (brand-listings.ts), which the first page imports: the production browser validates no answers
 * and so carries none of these (decision 050).
 */

/** The voting page's industry filter; also a field of the add-brand form. */
export const IndustrySchema = v.picklist(INDUSTRIES, 'validation.industry');
/** `limit` of the brand listings: 1 to MAX_BRAND_CARDS. */
export const LimitSchema = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform(Number),
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(MAX_BRAND_CARDS),
);

/** A brand's profile as its owner filled it in: listings and the operators' queue show it alike. */
export const BRAND_PROFILE_ENTRIES = {
  industry: v.nullable(v.string()),
  token_ticker: v.nullable(v.string()),
  no_of_employees: v.nullable(v.number()),
  address1: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  postal_code: v.nullable(v.string()),
  country: v.nullable(v.string()),
  operating_address: v.nullable(v.string()),
};

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
  ...BRAND_PROFILE_ENTRIES,
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

export const BrandRowsSchema = v.object({ brands: v.object({ rows: v.array(BrandSchema) }) });
/** `industry` narrows a listing to one industry of the voting page's filter. */
export const ListingQuerySchema = v.object({
  limit: v.optional(LimitSchema),
  industry: v.optional(IndustrySchema),
});

/** The brand that won a closed contest month (YYYY-MM, Europe/Warsaw). */
export const ContestWinnerSchema = v.object({
  month: v.string(),
  brand_id: v.number(),
  name: v.string(),
  website: v.string(),
  image_url: v.string(),
  /** Votes the brand had that month. */
  votes: v.number(),
  /** BRND credited to the brand's owner. */
  prize: v.number(),
});
export type ContestWinner = v.InferOutput<typeof ContestWinnerSchema>;
