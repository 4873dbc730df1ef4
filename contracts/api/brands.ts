import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  crossSite,
  declareError,
  inputErrors,
  notFound,
  readSessionErrors,
  sessionErrors,
} from './error-catalogue.ts';
import {
  brandDetails,
  contestWinners,
  favouriteBrands,
  newlyAddedBrands,
  searchBrands,
  topRatedBrands,
  trendingBrands,
} from './brand-listings.ts';

import { BrandSchema, IndustrySchema } from './brand-schemas.ts';
import { ReferralCodeSchema } from './referrals.ts';
import {
  AddressLineSchema,
  BrandDescriptionSchema,
  BrandIdSchema,
  BrandLogoSchema,
  BrandNameSchema,
  BillingAddressSchema,
  CompanyNameSchema,
  CountrySchema,
  EmailSchema,
  EmployeesSchema,
  OperatingAddressSchema,
  PhoneSchema,
  VatNumberSchema,
  OptionalLinkSchema,
  PostalCodeSchema,
  TokenTickerSchema,
  VerificationDocumentEntries,
  WebsiteSchema,
} from '../domain/rules.ts';
import {
  UPLOADABLE_DOCUMENTS,
  VERIFICATION_STATUSES,
  type UploadableDocument,
} from '../domain/verification.ts';

/* The reads pages load with their code live in brand-listings.ts (decision 054). */
export { brandDetails, contestWinners, favouriteBrands, searchBrands };
export { ContestWinnerSchema, type ContestWinner } from './brand-schemas.ts';

/**
 * Brands and the monthly vote: voting, search and details, referring and registering a brand,
 * the owner's and the voter's brands. The listings the home page shows are in brand-listings.ts.
 */

/** A brand with this website is listed already; `errors.website` says so under the field. */
export const brandExists = declareError({ status: 409, messageId: 'errors.brandExists' });
/** BRANDS_REFERRED_PER_DAY referred in the last day: `hours` until the next one counts. */
export const referBrandLimit = declareError({
  status: 429,
  messageId: 'errors.referBrandLimit',
  retryAfter: true,
  values: v.object({ limit: v.number(), hours: v.number() }),
});

/** BRANDS_ADDED_PER_DAY registered in the last day: `hours` until the next one counts. */
export const addBrandLimit = declareError({
  status: 429,
  messageId: 'errors.addBrandLimit',
  retryAfter: true,
  values: v.object({ limit: v.number(), hours: v.number() }),
});
/**
 * A file far past any the form takes (UPLOAD_TRANSPORT_MAX_BYTES): refused by the upload's reader
 * before the form's own size rules, which answer a 400 under the field.
 */
export const logoTooLarge = declareError({ status: 413, messageId: 'uploads.logoTooLarge' });
export const documentTooLarge = declareError({
  status: 413,
  messageId: 'uploads.documentTooLarge',
});
/** The logo's bytes are no image the site shows (whatever type the browser declared). */
export const logoType = declareError({ status: 415, messageId: 'uploads.logoType' });
/** An SVG logo with scripts, handlers or outside references. */
export const svgUnsafe = declareError({ status: 415, messageId: 'uploads.svgUnsafe' });
/** A document's bytes are no PDF, PNG or JPEG. */
export const documentType = declareError({ status: 415, messageId: 'uploads.documentType' });
/** The owner's documents and resubmission: another user's brand looks like none. */
export const brandNotFound = declareError({ status: 404, messageId: 'uploads.brandNotFound' });
/** A verified brand takes no more documents. */
export const documentsClosed = declareError({ status: 409, messageId: 'uploads.documentsClosed' });
/** Only a rejected or revoked brand is sent again. */
export const notRefused = declareError({ status: 409, messageId: 'brands.resubmit.notRefused' });
/** A company with this VAT number (or billing address) has registered already. */
export const vatNumberExists = declareError({
  status: 409,
  messageId: 'companies.vatNumberExists',
});
export const billingAddressExists = declareError({
  status: 409,
  messageId: 'companies.billingAddressExists',
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
  errors: { ...sessionErrors, ...inputErrors, brandExists, referBrandLimit },
});

/**
 * The add-brand form of My brands: every brand field, a logo, an optional referral code and the
 * terms' documents the owner has at hand (optional: the operator asks for the missing ones).
 */
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
    ...VerificationDocumentEntries,
  }),
  response: v.object({ message: v.string(), details: BrandSchema }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    addBrandLimit,
    brandExists,
    logoTooLarge,
    documentTooLarge,
    logoType,
    svgUnsafe,
    documentType,
  },
});

export const totalBrands = defineEndpoint({
  id: 'totalBrands',
  method: 'GET',
  path: '/api/brands/total_brands',
  response: v.object({
    stats: v.object({ rows: v.array(v.object({ brands: v.number(), votes: v.number() })) }),
  }),
  errors: {},
});

/**
 * A brand on My brands: `verification_status` is where an operator's verification stands for a
 * brand this user registered (owns); null for a brand they only referred from the voting page.
 * `verification_reason` is why a rejected or revoked brand was refused, null otherwise.
 */
export const MyBrandSchema = v.object({
  ...BrandSchema.entries,
  verification_status: v.nullable(v.picklist(VERIFICATION_STATUSES)),
  verification_reason: v.nullable(v.string()),
});
export type MyBrand = v.InferOutput<typeof MyBrandSchema>;

/** Brands this user created or referred. */
export const myBrands = defineEndpoint({
  id: 'myBrands',
  method: 'GET',
  path: '/api/brands/mybrands',
  auth: 'required',
  response: v.object({ brands: v.object({ rows: v.array(MyBrandSchema) }) }),
  errors: { ...readSessionErrors },
});

/**
 * Where this user stands in the current vote window: the numbers of the limit tooltip
 * ('You have reached your limit of {voteLimit} votes. You have to wait for {timeInHours}h…').
 * `timeInHours` is the wait until the oldest vote of the window expires (rounded up), or the
 * whole window when no vote is used; `nextVoteAt` is that moment, null while votes are left.
 */
export const VoteStatusSchema = v.object({
  voteLimit: v.number(),
  votesLeft: v.number(),
  timeInHours: v.number(),
  nextVoteAt: v.nullable(v.string()),
});
export type VoteStatus = v.InferOutput<typeof VoteStatusSchema>;

export const voteStatus = defineEndpoint({
  id: 'voteStatus',
  method: 'GET',
  path: '/api/brands/vote_status',
  auth: 'required',
  response: VoteStatusSchema,
  errors: { ...readSessionErrors },
});

/** The voted brand as every list shows it to this voter once the vote counts. */
export const VotedBrandSchema = v.pick(BrandSchema, ['id', 'votes', 'voted', 'can_vote']);

/** The brand was voted for within the window (VOTES_PER_BRAND_PER_WINDOW). */
export const alreadyVoted = declareError({ status: 409, messageId: 'errors.alreadyVoted' });
/** Every vote of the window is used: `timeInHours` until the oldest leaves it (voteWait). */
export const voteLimit = declareError({
  status: 429,
  messageId: 'errors.voteLimit',
  retryAfter: true,
  values: v.object({ voteLimit: v.number(), timeInHours: v.number() }),
});

/**
 * One vote per brand and VOTES_PER_WINDOW votes per user in each vote window. Answers the voter's
 * new standing (`status`, as voteStatus) and the voted brand's, so screens derive neither.
 */
export const vote = defineEndpoint({
  id: 'vote',
  method: 'POST',
  path: '/api/brands/vote',
  auth: 'required',
  body: v.object({ brand_id: BrandIdSchema }),
  response: v.object({
    message: v.string(),
    brand: VotedBrandSchema,
    status: VoteStatusSchema,
  }),
  errors: { ...sessionErrors, ...inputErrors, notFound, alreadyVoted, voteLimit },
});

/**
 * The refer-a-brand modal's URL check (called 1 s after typing stops): the server fetches the
 * page's title, description and image itself. `found` is false when the site could not be reached
 * (or is not a public address): `name` then comes from the domain. `existing` names the brand
 * already added with this website (listed or awaiting verification): adding it again would be
 * refused, so the modal says so before anyone clicks Add; the preview is then the stored brand.
 */
export const brandPreview = defineEndpoint({
  id: 'brandPreview',
  method: 'GET',
  path: '/api/brands/preview',
  auth: 'required',
  query: v.object({ url: WebsiteSchema }),
  response: v.object({
    website: v.string(),
    name: v.string(),
    description: v.string(),
    image_url: v.string(),
    found: v.boolean(),
    existing: v.optional(v.nullable(v.object({ id: v.number(), name: v.string() })), null),
  }),
  errors: { ...readSessionErrors, ...inputErrors },
});

/**
 * The new brand account form (/newbrandaccount): a company asks to join and waits for
 * verification (within 2 business days). Works with or without a session; with one, the company
 * belongs to that user. Multipart, so the terms' documents can come along (each optional); a
 * form-urlencoded body without them is still read.
 */
export const registerCompany = defineEndpoint({
  id: 'registerCompany',
  method: 'POST',
  path: '/api/brands/company',
  encoding: 'multipart',
  auth: 'optional',
  status: 201,
  body: v.object({
    brandName: CompanyNameSchema,
    email: EmailSchema,
    phoneValue: PhoneSchema,
    employee_num: EmployeesSchema,
    vat_num: VatNumberSchema,
    billing_address: BillingAddressSchema,
    operating_address: OperatingAddressSchema,
    ...VerificationDocumentEntries,
  }),
  response: v.object({
    message: v.string(),
    company: v.object({
      id: v.number(),
      brandName: v.string(),
      status: v.picklist(VERIFICATION_STATUSES),
    }),
  }),
  errors: {
    crossSite,
    ...inputErrors,
    vatNumberExists,
    billingAddressExists,
    documentTooLarge,
    documentType,
  },
});

/** A verification document the owner has sent for their brand (the bytes stay with operators). */
export const OwnDocumentSchema = v.object({
  document: v.picklist(UPLOADABLE_DOCUMENTS),
  file_name: v.string(),
  size: v.number(),
  /** ISO 8601. */
  uploaded_at: v.string(),
});
export type OwnDocument = v.InferOutput<typeof OwnDocumentSchema>;

const OwnDocumentsSchema = v.object({ documents: v.array(OwnDocumentSchema) });
const OwnBrandParamsSchema = v.object({ brandId: BrandIdSchema });

/**
 * The verification documents an owner sent for a brand they registered, so My brands can offer
 * the missing ones. Another user's brand, or one referred, is 404 `uploads.brandNotFound`.
 */
export const brandDocuments = defineEndpoint({
  id: 'brandDocuments',
  method: 'GET',
  path: '/api/brands/mybrands/:brandId/documents',
  auth: 'required',
  params: OwnBrandParamsSchema,
  response: OwnDocumentsSchema,
  errors: { ...readSessionErrors, ...inputErrors, brandNotFound },
});

/**
 * The owner sends documents missing at registration (each replaces an earlier one of its kind)
 * while the brand waits for verification, or before sending a rejected or revoked brand again
 * (`resubmitBrand`); a verified one is 409 `uploads.documentsClosed`.
 */
export const uploadBrandDocuments = defineEndpoint({
  id: 'uploadBrandDocuments',
  method: 'POST',
  path: '/api/brands/mybrands/:brandId/documents',
  encoding: 'multipart',
  auth: 'required',
  params: OwnBrandParamsSchema,
  body: v.pipe(
    v.object(VerificationDocumentEntries),
    v.check(
      (files) => UPLOADABLE_DOCUMENTS.some((kind: UploadableDocument) => files[kind]),
      'uploads.documentRequired',
    ),
  ),
  response: OwnDocumentsSchema,
  errors: {
    ...sessionErrors,
    ...inputErrors,
    brandNotFound,
    documentsClosed,
    documentTooLarge,
    documentType,
  },
});

/**
 * The owner sends a rejected or revoked brand for verification again (decision 021): it is
 * pending from now, back in the operators' queue with a new due time, the last reason cleared.
 * Another user's brand is 404 `uploads.brandNotFound`; a pending or verified one 409
 * `brands.resubmit.notRefused`. Answers the brand as My brands shows it.
 */
export const resubmitBrand = defineEndpoint({
  id: 'resubmitBrand',
  method: 'POST',
  path: '/api/brands/mybrands/:brandId/resubmit',
  auth: 'required',
  params: OwnBrandParamsSchema,
  response: v.object({ brand: MyBrandSchema }),
  errors: { ...sessionErrors, ...inputErrors, brandNotFound, notRefused },
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
  voteStatus,
  contestWinners,
  brandPreview,
  registerCompany,
  brandDocuments,
  uploadBrandDocuments,
  resubmitBrand,
} as const;
