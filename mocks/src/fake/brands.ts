import { SUCCESS } from '@brnd/contracts/api/accounts';
import type { Brand, FavouriteBrand } from '@brnd/contracts/api/brand-listings';
import { voteWait } from '@brnd/contracts/domain/votes';
import {
  BRANDS_ADDED_PER_DAY,
  BRANDS_REFERRED_PER_DAY,
  VOTES_PER_BRAND_PER_WINDOW,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import { addressKey, nameFromDomain, voteStatusFrom, type CompanyRecord } from '../brands.ts';
import {
  type ListingQuery,
  FakeError,
  type UserRecord,
  type BrandRecord,
  contestMonth,
  fileToDataUrl,
} from './records.ts';
import type { FakeCore } from './core.ts';

/** Brands and votes as the bff's services/brands.ts and votes.ts. */
export function fakeBrands(core: FakeCore) {
  const {
    now,
    withinDailyBrandLimit,
    currentVotes,
    windowVotes,
    toBrand,
    trendScore,
    listing,
    listed,
    ensureNewWebsite,
  } = core;
  return {
    vote(user: UserRecord, input: { brand_id: number }) {
      const brand = core.state.brands.find((candidate) => candidate.id === input.brand_id);
      if (!brand) throw new FakeError(404, 'errors.notFound');
      const recent = windowVotes(user.id);
      if (recent.filter((vote) => vote.brandId === brand.id).length >= VOTES_PER_BRAND_PER_WINDOW) {
        throw new FakeError(409, 'errors.alreadyVoted');
      }
      if (recent.length >= VOTES_PER_WINDOW) {
        const wait = voteWait(Math.min(...recent.map((vote) => vote.at)), now());
        throw new FakeError(429, 'errors.voteLimit', {
          values: { voteLimit: VOTES_PER_WINDOW, timeInHours: wait.timeInHours },
          retryAfterSeconds: wait.retryAfterSeconds,
        });
      }
      const month = contestMonth(now());
      if (brand.votesMonth !== month) {
        brand.votesMonth = month;
        brand.votes = null;
      }
      brand.votes = (brand.votes ?? 0) + 1;
      core.state.votes.push({ userId: user.id, brandId: brand.id, at: now() });
      return { message: SUCCESS };
    },

    addBrand(
      user: UserRecord,
      input: { website: string; name: string; description: string; image_url: string },
    ) {
      withinDailyBrandLimit(
        `brand-refer:${user.id}`,
        BRANDS_REFERRED_PER_DAY,
        'errors.referBrandLimit',
        () => ensureNewWebsite(input.website),
      );
      const record: BrandRecord = {
        id: core.state.nextId++,
        name: input.name,
        website: input.website,
        description: input.description,
        image_url: input.image_url,
        votes: null,
        industry: null,
        token_ticker: null,
        no_of_employees: null,
        address1: null,
        city: null,
        state: null,
        postal_code: null,
        country: null,
        operating_address: null,
        referral_code: null,
        facebook: null,
        twitter: null,
        instagram: null,
        linkedin: null,
        createdAt: now(),
        createdBy: user.id,
        ownerId: null,
        verificationStatus: 'pending',
        votesMonth: contestMonth(now()),
        recentVotes: 0,
      };
      core.state.brands.push(record);
      return { message: SUCCESS, details: toBrand(record, user) };
    },

    async createBrand(
      user: UserRecord,
      input: Omit<
        Brand,
        | 'id'
        | 'image_url'
        | 'votes'
        | 'voted'
        | 'can_vote'
        | 'referral_code'
        | 'facebook'
        | 'twitter'
        | 'instagram'
        | 'linkedin'
      > & {
        image: Blob;
        referral_code?: string;
        facebook?: string;
        twitter?: string;
        instagram?: string;
        linkedin?: string;
      },
    ) {
      withinDailyBrandLimit(
        `brand-add:${user.id}`,
        BRANDS_ADDED_PER_DAY,
        'errors.addBrandLimit',
        () => ensureNewWebsite(input.website),
      );
      const { image, referral_code, facebook, twitter, instagram, linkedin, ...fields } = input;
      const record: BrandRecord = {
        ...fields,
        id: core.state.nextId++,
        image_url: await fileToDataUrl(image),
        votes: null,
        referral_code: referral_code ?? null,
        facebook: facebook ?? null,
        twitter: twitter ?? null,
        instagram: instagram ?? null,
        linkedin: linkedin ?? null,
        createdAt: now(),
        createdBy: user.id,
        ownerId: user.id,
        verificationStatus: 'pending',
        referralCode: referral_code,
        votesMonth: contestMonth(now()),
        recentVotes: 0,
      };
      core.state.brands.push(record);
      return { message: SUCCESS, details: toBrand(record, user) };
    },

    topRatedBrands(viewer: UserRecord | null, query: ListingQuery = {}) {
      return listing(
        viewer,
        (a, b) => (currentVotes(b) ?? 0) - (currentVotes(a) ?? 0) || a.name.localeCompare(b.name),
        query,
      );
    },

    trendingBrands(viewer: UserRecord | null, query: ListingQuery = {}) {
      return listing(
        viewer,
        (a, b) => trendScore(b) - trendScore(a) || a.name.localeCompare(b.name),
        query,
      );
    },

    newlyAddedBrands(viewer: UserRecord | null, query: ListingQuery = {}) {
      return listing(viewer, (a, b) => b.createdAt - a.createdAt || b.id - a.id, query);
    },

    searchBrands(viewer: UserRecord | null, params: { text: string }) {
      const text = params.text.toLowerCase();
      const rows = core.state.brands
        .filter((brand) => brand.name.toLowerCase().includes(text) || brand.website.includes(text))
        .filter(listed)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((brand) => toBrand(brand, viewer));
      return { brands: { rows, rowCount: rows.length } };
    },

    brandDetails(viewer: UserRecord | null, params: { brandId: number }) {
      const brand = core.state.brands.find((candidate) => candidate.id === params.brandId);
      return { brands: { rows: brand ? [toBrand(brand, viewer)] : [] } };
    },

    voteStatus(user: UserRecord) {
      return voteStatusFrom(
        windowVotes(user.id).map((vote) => vote.at),
        now(),
      );
    },

    contestWinners(query: { limit?: number } = {}) {
      return { winners: { rows: (core.state.winners ?? []).slice(0, query.limit ?? 12) } };
    },

    /** The mocks reach no network: a brand already added previews as itself (and says so), any other by its domain. */
    brandPreview(query: { url: string }) {
      const known = core.state.brands.find((brand) => brand.website === query.url);
      return {
        website: query.url,
        name: known?.name ?? nameFromDomain(query.url),
        description: known?.description ?? '',
        image_url: known?.image_url ?? '',
        found: Boolean(known),
        existing: known ? { id: known.id, name: known.name } : null,
      };
    },

    registerCompany(
      viewer: UserRecord | null,
      input: Omit<CompanyRecord, 'id' | 'userId' | 'status'>,
    ) {
      const companies = (core.state.companies ??= []);
      if (companies.some((company) => company.vat_num === input.vat_num)) {
        throw new FakeError(409, 'companies.vatNumberExists', {
          errors: { vat_num: 'companies.vatNumberExists' },
        });
      }
      const billing = addressKey(input.billing_address);
      if (companies.some((company) => addressKey(company.billing_address) === billing)) {
        throw new FakeError(409, 'companies.billingAddressExists', {
          errors: { billing_address: 'companies.billingAddressExists' },
        });
      }
      const company: CompanyRecord = {
        ...input,
        id: core.state.nextId++,
        userId: viewer?.id ?? null,
        status: 'pending',
        createdAt: now(),
      };
      companies.push(company);
      return {
        message: SUCCESS,
        company: { id: company.id, brandName: company.brandName, status: company.status },
      };
    },

    totalBrands() {
      const votes = core.state.brands.reduce((sum, brand) => sum + (currentVotes(brand) ?? 0), 0);
      return { stats: { rows: [{ brands: core.state.brands.filter(listed).length, votes }] } };
    },

    myBrands(user: UserRecord) {
      const rows = core.state.brands
        .filter((brand) => brand.createdBy === user.id)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((brand) => {
          const owned = (brand.ownerId === undefined ? brand.createdBy : brand.ownerId) === user.id;
          return {
            ...toBrand(brand, user),
            verification_status: owned ? (brand.verificationStatus ?? 'verified') : null,
          };
        });
      return { brands: { rows } };
    },

    favouriteBrands(user: UserRecord) {
      const counts = new Map<number, number>();
      for (const vote of core.state.votes) {
        if (vote.userId === user.id) counts.set(vote.brandId, (counts.get(vote.brandId) ?? 0) + 1);
      }
      const rows: FavouriteBrand[] = core.state.brands
        .filter((brand) => counts.has(brand.id))
        .map((brand) => ({ ...toBrand(brand, user), myvotes: counts.get(brand.id) ?? 0 }))
        .sort((a, b) => b.myvotes - a.myvotes || a.name.localeCompare(b.name));
      return { brands: { rows } };
    },
  };
}
