import type { ContestWinner, VoteStatus } from '@brnd/contracts/api/brands';
import {
  CONTEST_PRIZE_BRND,
  CONTEST_TIME_ZONE,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import type { VerificationStatus } from '@brnd/contracts/domain/verification';
import { voteWait } from '@brnd/contracts/domain/votes';

/**
 * The mocks' side of the brand contest that the fake's core state does not hold: the vote
 * window's numbers, the history of closed months, the refer-a-brand preview and the company
 * (new brand account) registrations. The rules match the bff's services/votes.ts,
 * services/contest.ts, services/link-preview.ts and services/brands.ts.
 */

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONTEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The contest month (YYYY-MM, Warsaw time) of an instant. */
export function contestMonthOf(at: number): string {
  return monthFormat.format(new Date(at));
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** The limit tooltip's numbers from the times of the user's votes in the current window. */
export function voteStatusFrom(windowVoteTimes: number[], now: number): VoteStatus {
  const votesLeft = Math.max(0, VOTES_PER_WINDOW - windowVoteTimes.length);
  if (votesLeft > 0 || windowVoteTimes.length === 0) {
    return {
      voteLimit: VOTES_PER_WINDOW,
      votesLeft,
      timeInHours: VOTE_WINDOW_HOURS,
      nextVoteAt: null,
    };
  }
  const wait = voteWait(Math.min(...windowVoteTimes), now);
  return {
    voteLimit: VOTES_PER_WINDOW,
    votesLeft,
    timeInHours: wait.timeInHours,
    nextVoteAt: new Date(wait.freeAt).toISOString(),
  };
}

/** A brand's name from its website when the page cannot be read: `my-shop.co.uk` → `My Shop`. */
export function nameFromDomain(website: string): string {
  const host = website.split('/')[0] ?? website;
  const labels = host.split('.');
  const main =
    labels.length > 2 && (labels.at(-2)?.length ?? 0) <= 3 ? labels.at(-3) : labels.at(-2);
  return (main ?? host)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export interface WinnerBrand {
  id: number;
  name: string;
  website: string;
  image_url: string;
}

/** Last month's winner for the demo: the given brand with a plausible count. */
export function seededWinners(brand: WinnerBrand | undefined, now: number): ContestWinner[] {
  if (!brand) return [];
  return [
    {
      month: previousMonth(contestMonthOf(now)),
      brand_id: brand.id,
      name: brand.name,
      website: brand.website,
      image_url: brand.image_url,
      votes: 2173,
      prize: CONTEST_PRIZE_BRND,
    },
  ];
}

export interface CompanyRecord {
  id: number;
  userId: number | null;
  brandName: string;
  email: string;
  phoneValue: string;
  employee_num: number;
  vat_num: string;
  billing_address: string;
  operating_address: string;
  status: VerificationStatus;
  /** Missing in states saved before it existed. */
  createdAt?: number;
}

/** Addresses compare without case, punctuation or repeated spaces, as the bff's unique index. */
export function addressKey(address: string): string {
  return address
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
