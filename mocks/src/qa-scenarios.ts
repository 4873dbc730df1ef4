import type { HttpHandler } from 'msw';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { endpoints } from '@brnd/contracts/api/index';
import { buyTokens, verifyOrder } from '@brnd/contracts/api/orders';
import {
  alreadyVoted,
  buyTokensSaleEnded,
  emptyLists,
  loginThrottled,
  orderExpiredPartPaid,
  orderPartiallyPaid,
  saleEnded,
  searchNoResult,
  serverError,
  unauthorized,
  voteLimitReached,
  voteStatusLimitReached,
} from './scenarios.ts';

export interface QaScenario {
  /** What QA sees in the panel and what they should expect to break. */
  readonly title: string;
  readonly handlers: () => HttpHandler[];
}

/**
 * The situations QA switches to in `npm run dev:mock` (`?scenario=<name>` or the panel), built
 * from the same scenario handlers the stories use, so the running app and a story show one state
 * the same way. The name is what goes in the URL.
 */
export const qaScenarios = {
  'vote-limit-reached': {
    title: 'Vote limit reached: voting is refused until the window frees a vote',
    handlers: () => [voteLimitReached(), voteStatusLimitReached()],
  },
  'already-voted': {
    title: 'Already voted for this brand in the window',
    handlers: () => [alreadyVoted()],
  },
  'payment-gateway-down': {
    title: 'Payment gateway down: card payments cannot start, orders cannot be created or checked',
    handlers: () => [
      serverError(cardProviderInit),
      serverError(buyTokens),
      serverError(verifyOrder),
    ],
  },
  'order-partially-paid': {
    title: 'Order partially paid: half the quote arrived, the rest is due',
    handlers: () => [orderPartiallyPaid()],
  },
  'order-expired-part-paid': {
    title: 'Order expired after a part payment',
    handlers: () => [orderExpiredPartPaid()],
  },
  'sale-ended': {
    title: 'Token sale ended: countdowns at zero, buying refused',
    handlers: () => [saleEnded(), buyTokensSaleEnded()],
  },
  'session-expired': {
    title: 'Session expired: every call that needs a session answers 401',
    handlers: () =>
      Object.values(endpoints)
        .filter((endpoint) => endpoint.auth === 'required' || endpoint.auth === 'admin')
        .map(unauthorized),
  },
  'login-throttled': {
    title: 'Too many login attempts',
    handlers: () => [loginThrottled()],
  },
  'search-no-result': {
    title: 'Brand search finds nothing',
    handlers: () => [searchNoResult()],
  },
  'empty-account': {
    title: 'Everything empty: no brands, orders, referrals or wallet',
    handlers: () => emptyLists(),
  },
  'server-down': {
    title: 'Server down: every call answers 500',
    handlers: () => Object.values(endpoints).map(serverError),
  },
} as const satisfies Record<string, QaScenario>;

export type QaScenarioName = keyof typeof qaScenarios;

export function isQaScenarioName(name: string): name is QaScenarioName {
  return Object.hasOwn(qaScenarios, name);
}
