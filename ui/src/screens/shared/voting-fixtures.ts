import type { Brand } from '@brnd/contracts/api/brand-listings';
import type { Industry } from '@brnd/contracts/domain/constants';

/** A plain brand row for stories that need lists the demo data does not have. */
export function brandRow(id: number, overrides: Partial<Brand> = {}): Brand {
  return {
    id,
    name: `Brand ${id}`,
    website: `brand${id}.example`,
    description: `The ${id}th brand of the list.`,
    image_url: `data:image/svg+xml,${encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5b3fd6"/></svg>`,
    )}`,
    votes: 100 - id,
    voted: 0,
    can_vote: '1',
    industry: 'tools' satisfies Industry,
    token_ticker: `B${id}`,
    no_of_employees: 10,
    address1: null,
    city: null,
    state: null,
    postal_code: null,
    country: 'PL',
    operating_address: null,
    referral_code: null,
    facebook: null,
    twitter: null,
    instagram: null,
    linkedin: null,
    ...overrides,
  };
}

export function brandRows(count: number, overrides: Partial<Brand> = {}): Brand[] {
  return Array.from({ length: count }, (_, index) => brandRow(index + 1, overrides));
}
