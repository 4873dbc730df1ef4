import { queryOptions } from '@tanstack/react-query';
import {
  newlyAddedBrands,
  topRatedBrands,
  trendingBrands,
  contestWinners,
  searchBrands,
  type Brand,
} from '@brnd/contracts/api/brand-listings';
import type { ApiClient } from '@brnd/contracts/api/client';
import { INDUSTRIES, MAX_BRAND_CARDS, type Industry } from '@brnd/contracts/domain/constants';
import { BRANDS_KEY } from '../shared/brand-queries.ts';

/* Route loaders import this module with the app's first code (decision 054): queries only. */

export const SECTIONS = ['toprated', 'trending', 'newlyadded'] as const;
export type Section = (typeof SECTIONS)[number];

const SECTION_ENDPOINTS = {
  toprated: topRatedBrands,
  trending: trendingBrands,
  newlyadded: newlyAddedBrands,
} as const;

/** The industry filter: all brands, or one industry. */
export const INDUSTRY_FILTERS = ['all', ...INDUSTRIES] as const;
export type IndustryFilter = 'all' | Industry;

/** The voting page shows 12 cards first and 6 more per "load more", never over 1000. */
export const FIRST_CARDS = 12;
export const MORE_CARDS = 6;

/**
 * One section's brands in one industry, up to the most the page may show (the server filters,
 * so an industry's brands are all there however far down the overall ranking they sit). The page
 * pages them itself, so "load more" needs no new request.
 */
export function brandSectionQueryOptions(
  api: ApiClient,
  section: Section,
  industry: IndustryFilter,
) {
  return queryOptions({
    queryKey: [BRANDS_KEY, section, industry, MAX_BRAND_CARDS],
    queryFn: async (): Promise<Brand[]> => {
      const query = {
        limit: MAX_BRAND_CARDS,
        ...(industry === 'all' ? {} : { industry }),
      };
      return (await api.call(SECTION_ENDPOINTS[section], { query })).brands.rows;
    },
  });
}

/** The voting page's list as it opens: top rated, every industry. */
export const FIRST_SECTION = { section: 'toprated', industry: 'all' } as const;

/** "Last month's winner": the newest closed contest month. */
export function lastWinnerQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['contest', 'winners', 1],
    queryFn: async () => (await api.call(contestWinners, { query: { limit: 1 } })).winners.rows,
  });
}

export function brandSearchQueryOptions(api: ApiClient, text: string) {
  return queryOptions({
    queryKey: [BRANDS_KEY, 'search', text.trim().toLowerCase()],
    queryFn: async (): Promise<Brand[]> =>
      (await api.call(searchBrands, { params: { text: text.trim() } })).brands.rows,
    staleTime: 30_000,
  });
}

/** The brands of every tag, each once, in the order the tags were added. */
export function mergeResults(results: readonly (readonly Brand[] | undefined)[]): Brand[] {
  const seen = new Set<number>();
  const merged: Brand[] = [];
  for (const rows of results) {
    for (const brand of rows ?? []) {
      if (seen.has(brand.id)) continue;
      seen.add(brand.id);
      merged.push(brand);
    }
  }
  return merged;
}
