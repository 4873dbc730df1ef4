import { expect } from 'vitest';
import { newlyAddedBrands } from '@brnd/contracts/api/brand-listings';
import {
  addBrand,
  brandDetails,
  brandPreview,
  contestWinners,
  favouriteBrands,
  myBrands,
  registerCompany,
  searchBrands,
  totalBrands,
  vote,
  voteStatus,
} from '@brnd/contracts/api/brands';
import {
  BRANDS_REFERRED_PER_DAY,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import { verifiedUser } from './accounts-scenarios.ts';
import { brandRegistrationScenarios } from './brand-registration-scenarios.ts';
import { advanceClock, call, type Scenario, type Values } from './runner.ts';

/** How long after reaching the limit the voter tries again. */
const LATER_HOURS = 5;
const HOUR_MS = 60 * 60_000;

/** Unique per run, so the scenarios can run twice against one server. */
const run = Date.now().toString(36).toUpperCase();

/** A website no one has referred: this run's own e-mail name, numbered. */
const websiteOf = (values: Values, index: number) =>
  `${values.email!.split('@')[0]}-${index}.example.com`;

const company = {
  brandName: 'Amber Works',
  email: 'office@amberworks.example',
  phoneValue: '+48 500 100 200',
  employee_num: '12',
  vat_num: `PL${run.slice(-8).padStart(8, '0')}`,
  billing_address: `ul. Długa ${run}, 80-831 Gdańsk`,
  operating_address: 'ul. Długa 41, 80-831 Gdańsk',
};

const voteAndListingScenarios: Scenario[] = [
  {
    name: 'brands: voting needs a session; a new voter has every vote of the window',
    steps: [
      call(vote, {
        label: 'without a session',
        input: () => ({ body: { brand_id: 1 } }),
        expect: { status: 401 },
      }),
      ...verifiedUser,
      call(voteStatus, {
        as: 'token',
        expect: {
          status: 200,
          body: () => ({ voteLimit: 10, votesLeft: 10, timeInHours: 24, nextVoteAt: null }),
        },
      }),
    ],
  },
  {
    name: 'brands: a voter at the limit is told the hours left, not the whole window',
    steps: [
      ...verifiedUser,
      call(newlyAddedBrands, {
        label: 'brands to vote for',
        input: () => ({ query: { limit: String(VOTES_PER_WINDOW + 1) } }),
        expect: { status: 200 },
        save: (body, values) => {
          body.brands.rows.forEach((brand, index) => (values[`brand${index}`] = String(brand.id)));
        },
      }),
      ...Array.from({ length: VOTES_PER_WINDOW }, (_, index) =>
        call(vote, {
          label: `vote ${index + 1}`,
          as: 'token',
          input: (values) => ({ body: { brand_id: Number(values[`brand${index}`]) } }),
          expect: { status: 200 },
        }),
      ),
      advanceClock(LATER_HOURS * HOUR_MS),
      call(vote, {
        label: `one vote over the limit, ${LATER_HOURS} hours later`,
        as: 'token',
        input: (values) => ({ body: { brand_id: Number(values[`brand${VOTES_PER_WINDOW}`]) } }),
        expect: {
          status: 429,
          kind: 'voteLimit',
          messageId: 'errors.voteLimit',
          retryAfter: true,
          message: `You have used your limit of ${VOTES_PER_WINDOW} votes. You can vote again in ${
            VOTE_WINDOW_HOURS - LATER_HOURS
          } hours.`,
        },
      }),
      call(voteStatus, {
        as: 'token',
        expect: {
          status: 200,
          body: () => ({
            voteLimit: VOTES_PER_WINDOW,
            votesLeft: 0,
            timeInHours: VOTE_WINDOW_HOURS - LATER_HOURS,
          }),
        },
      }),
    ],
  },
  {
    name: 'brands: a vote answers the new standing; each refusal is its declared kind',
    steps: [
      call(voteStatus, {
        label: 'the status without a session',
        expect: { status: 401, kind: 'unauthorized' },
      }),
      ...verifiedUser,
      call(newlyAddedBrands, {
        label: 'a brand to vote for',
        input: () => ({ query: { limit: '1' } }),
        expect: { status: 200 },
        save: (body, values) => {
          values.brand = String(body.brands.rows[0]!.id);
          values.brandVotes = String(body.brands.rows[0]!.votes ?? 0);
        },
      }),
      call(vote, {
        label: 'the session cookie from another site',
        as: 'token',
        fromAnotherSite: true,
        input: (values) => ({ body: { brand_id: Number(values.brand) } }),
        expect: { status: 403, kind: 'crossSite', messageId: 'errors.crossSite' },
      }),
      call(vote, {
        label: 'a brand id that is no number',
        as: 'token',
        input: () => ({ body: { brand_id: 'first' } }),
        expect: { status: 400, kind: 'validation', fields: { brand_id: 'validation.required' } },
      }),
      call(vote, {
        label: 'a brand that does not exist',
        as: 'token',
        input: () => ({ body: { brand_id: 999_999_999 } }),
        expect: { status: 404, kind: 'notFound', messageId: 'errors.notFound' },
      }),
      call(vote, {
        as: 'token',
        input: (values) => ({ body: { brand_id: Number(values.brand) } }),
        expect: {
          status: 200,
          body: (values) => ({
            brand: {
              id: Number(values.brand),
              votes: Number(values.brandVotes) + 1,
              voted: 1,
              can_vote: '1',
            },
            status: {
              voteLimit: VOTES_PER_WINDOW,
              votesLeft: VOTES_PER_WINDOW - 1,
              timeInHours: VOTE_WINDOW_HOURS,
              nextVoteAt: null,
            },
          }),
        },
      }),
      call(vote, {
        label: 'the same brand again',
        as: 'token',
        input: (values) => ({ body: { brand_id: Number(values.brand) } }),
        expect: { status: 409, kind: 'alreadyVoted', messageId: 'errors.alreadyVoted' },
      }),
    ],
  },
  {
    name: 'brands: referring a brand: each website once, BRANDS_REFERRED_PER_DAY a day',
    steps: [
      call(addBrand, {
        label: 'without a session',
        input: (values) => ({ body: { website: websiteOf(values, 0), name: 'Referred 0' } }),
        expect: { status: 401, kind: 'unauthorized' },
      }),
      ...verifiedUser,
      call(addBrand, {
        label: 'the session cookie from another site',
        as: 'token',
        fromAnotherSite: true,
        input: (values) => ({ body: { website: websiteOf(values, 0), name: 'Referred 0' } }),
        expect: { status: 403, kind: 'crossSite' },
      }),
      call(addBrand, {
        label: 'a website that is no domain',
        as: 'token',
        input: () => ({ body: { website: 'not a website', name: 'Referred' } }),
        expect: { status: 400, kind: 'validation', fields: { website: 'validation.website' } },
      }),
      call(addBrand, {
        label: 'referral 1',
        as: 'token',
        input: (values) => ({ body: { website: websiteOf(values, 0), name: 'Referred 0' } }),
        expect: { status: 200 },
      }),
      call(brandPreview, {
        label: 'the preview of a website referred already names its brand',
        as: 'token',
        input: (values) => ({ query: { url: websiteOf(values, 0) } }),
        expect: {
          status: 200,
          body: (values) => ({
            website: websiteOf(values, 0),
            name: 'Referred 0',
            existing: { id: expect.any(Number), name: 'Referred 0' },
          }),
        },
      }),
      call(addBrand, {
        label: 'a website referred already (its try is given back)',
        as: 'token',
        input: (values) => ({ body: { website: websiteOf(values, 0), name: 'Referred again' } }),
        expect: { status: 409, kind: 'brandExists', fields: { website: 'errors.brandExists' } },
      }),
      ...Array.from({ length: BRANDS_REFERRED_PER_DAY - 1 }, (_, index) =>
        call(addBrand, {
          label: `referral ${index + 2}`,
          as: 'token',
          input: (values) => ({
            body: { website: websiteOf(values, index + 1), name: `Referred ${index + 1}` },
          }),
          expect: { status: 200 },
        }),
      ),
      call(addBrand, {
        label: 'one referral over the day',
        as: 'token',
        input: (values) => ({
          body: { website: websiteOf(values, BRANDS_REFERRED_PER_DAY), name: 'One too many' },
        }),
        expect: { status: 429, kind: 'referBrandLimit', retryAfter: true },
      }),
    ],
  },
  {
    name: 'brands: the lists and the preview refuse a bad request and a missing session',
    steps: [
      call(searchBrands, {
        label: 'a search text over 100 characters',
        input: () => ({ params: { text: 'x'.repeat(101) } }),
        expect: { status: 400, kind: 'validation' },
      }),
      call(brandDetails, {
        label: 'a brand id that is no number',
        input: () => ({ params: { brandId: 'first' } }),
        expect: { status: 400, kind: 'validation' },
      }),
      call(contestWinners, {
        label: 'a limit of none',
        input: () => ({ query: { limit: '0' } }),
        expect: { status: 400, kind: 'validation' },
      }),
      call(totalBrands, { expect: { status: 200 } }),
      call(myBrands, {
        label: 'my brands without a session',
        expect: { status: 401, kind: 'unauthorized' },
      }),
      call(favouriteBrands, {
        label: 'favourites without a session',
        expect: { status: 401, kind: 'unauthorized' },
      }),
      call(brandPreview, {
        label: 'a preview without a session',
        input: () => ({ query: { url: 'example.com' } }),
        expect: { status: 401, kind: 'unauthorized' },
      }),
      ...verifiedUser,
      call(brandPreview, {
        label: 'a preview of no website',
        as: 'token',
        input: () => ({ query: { url: 'not a website' } }),
        expect: { status: 400, kind: 'validation', fields: { url: 'validation.website' } },
      }),
    ],
  },
  {
    name: 'brands: a search that matches nothing answers no rows',
    steps: [
      call(searchBrands, {
        input: () => ({ params: { text: 'zzqxjvwk' } }),
        expect: { status: 200, body: () => ({ brands: { rows: [], rowCount: 0 } }) },
      }),
    ],
  },
  {
    name: 'brands: a company registers pending verification; its billing address only once',
    steps: [
      call(registerCompany, {
        label: 'an invalid VAT number',
        input: () => ({ body: { ...company, vat_num: '12' } }),
        expect: { status: 400, fields: { vat_num: 'companies.vatNumber' } },
      }),
      call(registerCompany, {
        input: () => ({ body: company }),
        expect: {
          status: 201,
          body: () => ({
            message: 'success',
            company: { brandName: 'Amber Works', status: 'pending' },
          }),
        },
      }),
      call(registerCompany, {
        label: 'the same billing address again',
        input: () => ({
          body: {
            ...company,
            vat_num: `DE${run.slice(-9).padStart(9, '0')}`,
            billing_address: company.billing_address.toUpperCase(),
          },
        }),
        expect: { status: 409, fields: { billing_address: 'companies.billingAddressExists' } },
      }),
    ],
  },
];

export const brandScenarios: Scenario[] = [
  ...voteAndListingScenarios,
  ...brandRegistrationScenarios,
];
