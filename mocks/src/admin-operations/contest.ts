import {
  CONTEST_STANDINGS_LIMIT,
  type adminContestEndpoints,
  type ClosedMonth,
} from '@brnd/contracts/api/admin-contest';
import { CONTEST_PRIZE_BRND } from '@brnd/contracts/domain/constants';
import { contestMonthOf, previousMonth } from '../brands.ts';
import { FakeError, type Fake } from '../fake.ts';
import type { Resolver } from '../handlers.ts';
import { DAY, type Desk, deskOf } from './desk.ts';

/* ---------------------------------------------------------------- contest */

export interface Tally {
  month: string;
  brandId: number;
  votes: number;
  reachedAt: number;
}

export interface ContestState {
  /** Tallies of ended months (the fake's brands count only the running month's votes). */
  pastTallies: Tally[];
  /** What the bff's contest_winners row adds to a winner: when, and who was credited. */
  closed: Record<string, { closedAt: number; ownerEmail: string | null }>;
}

/** Two months ago is left open (ended, with votes, not closed): the console can close it. */
export function seedContest(fake: Fake, desk: Desk): ContestState {
  const now = fake.now();
  const lastMonth = previousMonth(contestMonthOf(now));
  const openMonth = previousMonth(lastMonth);
  const byName = (name: string) => desk.brands.find((brand) => brand.name === name);
  const reached = now - 40 * DAY;
  const pastTallies = (
    [
      ['Vistula Runners', 1412, 0],
      ['Pixel Forge', 1388, 1],
      ['Coinvault', 903, 2],
    ] as const
  ).flatMap(([name, votes, order]) => {
    const brand = byName(name);
    return brand
      ? [{ month: openMonth, brandId: brand.id, votes, reachedAt: reached + order }]
      : [];
  });
  const closed: ContestState['closed'] = {};
  for (const winner of desk.winners) {
    const brand = desk.brands.find((candidate) => candidate.id === winner.brand_id);
    const owner = desk.users.find((user) => user.id === brand?.ownerId);
    closed[winner.month] = { closedAt: now - 2 * DAY, ownerEmail: owner?.email ?? null };
  }
  return { pastTallies, closed };
}

export function contestOf(fake: Fake, desk: Desk): ContestState {
  deskOf(fake);
  return fake.extension('contest', () => seedContest(fake, desk));
}

export function monthTallies(desk: Desk, contest: ContestState, month: string): Tally[] {
  const tallies = new Map<number, Tally>();
  for (const tally of contest.pastTallies) {
    if (tally.month === month) tallies.set(tally.brandId, { ...tally });
  }
  for (const vote of [...desk.votes].sort((a, b) => a.at - b.at)) {
    if (contestMonthOf(vote.at) !== month) continue;
    const tally = tallies.get(vote.brandId) ?? {
      month,
      brandId: vote.brandId,
      votes: 0,
      reachedAt: 0,
    };
    tally.votes += 1;
    tally.reachedAt = vote.at;
    tallies.set(vote.brandId, tally);
  }
  return [...tallies.values()];
}

export function closedMonth(
  desk: Desk,
  contest: ContestState,
  month: string,
): ClosedMonth | undefined {
  const winner = desk.winners.find((candidate) => candidate.month === month);
  if (!winner) return undefined;
  const meta = contest.closed[month];
  const ownerEmail = meta?.ownerEmail ?? null;
  return {
    month: winner.month,
    brand_id: winner.brand_id,
    name: winner.name,
    website: winner.website,
    image_url: winner.image_url,
    votes: winner.votes,
    prize: ownerEmail ? winner.prize : 0,
    owner_email: ownerEmail,
    closed_at: new Date(meta?.closedAt ?? 0).toISOString(),
  };
}

export type ContestEndpoints = typeof adminContestEndpoints;

export const adminContestResolvers: {
  [K in keyof ContestEndpoints]: Resolver<ContestEndpoints[K]>;
} = {
  adminContest: (fake) => {
    const desk = deskOf(fake);
    const contest = contestOf(fake, desk);
    const month = contestMonthOf(fake.now());
    const standings = desk.brands
      .map((brand) => ({ brand, votes: desk.currentVotes(brand) ?? 0 }))
      .filter(({ votes }) => votes > 0)
      .sort((a, b) => b.votes - a.votes || a.brand.id - b.brand.id)
      .slice(0, CONTEST_STANDINGS_LIMIT)
      .map(({ brand, votes }, index) => ({
        rank: index + 1,
        brand_id: brand.id,
        name: brand.name,
        website: brand.website,
        image_url: brand.image_url,
        votes,
      }));
    const ended = new Set([
      ...contest.pastTallies.map((tally) => tally.month),
      ...desk.votes.map((vote) => contestMonthOf(vote.at)),
    ]);
    const open = [...ended]
      .filter((candidate) => candidate < month && !desk.winners.some((w) => w.month === candidate))
      .sort();
    return {
      month,
      standings,
      winners: [...desk.winners]
        .sort((a, b) => b.month.localeCompare(a.month))
        .map((winner) => closedMonth(desk, contest, winner.month) as ClosedMonth),
      open_months: open,
    };
  },

  closeContestMonth: (fake, { user, body }) => {
    const desk = deskOf(fake);
    const contest = contestOf(fake, desk);
    const { month } = body;
    if (month >= contestMonthOf(fake.now())) {
      throw new FakeError(409, 'adminContest.errors.notEnded', { values: { month } });
    }
    const already = closedMonth(desk, contest, month);
    if (already) return { winner: already, closed_now: false };
    const [top] = monthTallies(desk, contest, month).sort(
      (a, b) => b.votes - a.votes || a.reachedAt - b.reachedAt || a.brandId - b.brandId,
    );
    const brand = top && desk.brands.find((candidate) => candidate.id === top.brandId);
    if (!top || !brand) {
      throw new FakeError(409, 'adminContest.errors.noVotes', { values: { month } });
    }
    const owner = desk.users.find((candidate) => candidate.id === brand.ownerId);
    if (owner) owner.wallet.brnd_tokens += CONTEST_PRIZE_BRND;
    desk.winners.push({
      month,
      brand_id: brand.id,
      name: brand.name,
      website: brand.website,
      image_url: brand.image_url,
      votes: top.votes,
      prize: CONTEST_PRIZE_BRND,
    });
    desk.winners.sort((a, b) => b.month.localeCompare(a.month));
    contest.closed[month] = { closedAt: fake.now(), ownerEmail: owner?.email ?? null };
    desk.recordAudit(user, 'contest.close', month, { brand_id: brand.id, votes: top.votes });
    return { winner: closedMonth(desk, contest, month) as ClosedMonth, closed_now: true };
  },
};
