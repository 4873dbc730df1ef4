import { HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { vote, voteStatus } from '@brnd/contracts/api/brands';
import { VOTE_WINDOW_HOURS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { fake, route } from './handlers.ts';
import { declaredError, respondWith } from './scenarios.ts';

/**
 * The vote's story and QA scenarios (re-exported by scenarios.ts): its answers, which state the
 * voter's new standing, and its declared refusals (decision 051).
 */

/** The user has used all votes of the window. */
export function voteLimitReached(): HttpHandler {
  return declaredError(vote, 'voteLimit', {
    values: { voteLimit: VOTES_PER_WINDOW, timeInHours: VOTE_WINDOW_HOURS },
    retryAfterSeconds: VOTE_WINDOW_HOURS * 3600,
  });
}

/**
 * A vote that counts: the brand with one more vote, and `votesLeft` votes left in the window
 * (none: the next one frees up a whole window from now).
 */
export function voteCounted(
  brand: { id: number; votes: number | null },
  votesLeft = VOTES_PER_WINDOW - 1,
): HttpHandler {
  return respondWith(vote, {
    message: 'success',
    brand: {
      id: brand.id,
      votes: (brand.votes ?? 0) + 1,
      voted: 1,
      can_vote: votesLeft > 0 ? '1' : '0',
    },
    status: {
      voteLimit: VOTES_PER_WINDOW,
      votesLeft,
      timeInHours: VOTE_WINDOW_HOURS,
      nextVoteAt:
        votesLeft > 0 ? null : new Date(Date.now() + VOTE_WINDOW_HOURS * 3_600_000).toISOString(),
    },
  });
}

/**
 * The vote that uses up the window, for whichever brand of the shared fake's lists is voted:
 * its answer tells the screen every other brand is out of votes.
 */
export function lastVoteOfTheWindow(): HttpHandler {
  return route(vote, async ({ request }) => {
    const brandId = Number(new URLSearchParams(await request.text()).get('brand_id'));
    const [brand] = fake.brandDetails(null, { brandId }).brands.rows;
    const answer: v.InferInput<typeof vote.response> = {
      message: 'success',
      brand: { id: brandId, votes: (brand?.votes ?? 0) + 1, voted: 1, can_vote: '0' },
      status: {
        voteLimit: VOTES_PER_WINDOW,
        votesLeft: 0,
        timeInHours: VOTE_WINDOW_HOURS,
        nextVoteAt: new Date(Date.now() + VOTE_WINDOW_HOURS * 3_600_000).toISOString(),
      },
    };
    return HttpResponse.json(v.parse(vote.response, answer));
  });
}

/** The user already voted for this brand in the window. */
export function alreadyVoted(): HttpHandler {
  return declaredError(vote, 'alreadyVoted');
}

/** The vote window is used up: the tooltip's numbers, `hoursLeft` until a vote frees up. */
export function voteStatusLimitReached(hoursLeft = VOTE_WINDOW_HOURS): HttpHandler {
  return respondWith(voteStatus, {
    voteLimit: VOTES_PER_WINDOW,
    votesLeft: 0,
    timeInHours: hoursLeft,
    nextVoteAt: new Date(Date.now() + hoursLeft * 3_600_000).toISOString(),
  });
}
