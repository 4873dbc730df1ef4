import { delay, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import type { Endpoint } from '@brnd/contracts/api/endpoint';
import {
  changePassword,
  confirmEmail,
  confirmMobile,
  getMobile,
  login,
  resendCode,
  signup,
} from '@brnd/contracts/api/accounts';
import {
  addBrand,
  brandDetails,
  createBrand,
  favouriteBrands,
  myBrands,
  newlyAddedBrands,
  searchBrands,
  topRatedBrands,
  totalBrands,
  trendingBrands,
  vote,
} from '@brnd/contracts/api/brands';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { orders, verifyOrder, type CryptoOrder } from '@brnd/contracts/api/orders';
import { referrals } from '@brnd/contracts/api/referrals';
import { wallet } from '@brnd/contracts/api/wallet';
import {
  ORDER_EXPIRY_MS,
  ORDER_TEXT_STATUS,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
  type OrderStatusCode,
} from '@brnd/contracts/domain/constants';
import { errorResponse, route, validationErrorResponse } from './handlers.ts';
import { NEEDS_PHONE_MESSAGE, randomCode } from './fake.ts';

/**
 * Named situations for stories and tests, as handler overrides. Put them in front of the default
 * handlers (`server.use(...)`, `worker.use(...)`, or a story's `parameters.msw.handlers`); every
 * other endpoint keeps answering from the fake. Each answer satisfies the contract.
 */

/** Answers with this body and the endpoint's success status; the body is checked against the contract. */
export function respondWith<E extends Endpoint>(
  endpoint: E,
  body: v.InferInput<E['response']>,
): HttpHandler {
  v.parse(endpoint.response, body);
  return route(endpoint, () => HttpResponse.json(body as object, { status: endpoint.status }));
}

/* ---------------------------------------------------------------- any endpoint */

/** 500 with the generic server error: the screen's "try again later" state. */
export function serverError(endpoint: Endpoint): HttpHandler {
  return route(endpoint, () => errorResponse(500, 'errors.server'));
}

/** The normal answer, `ms` later: spinners and disabled buttons while a request runs. */
export function slow(endpoint: Endpoint, ms = 1500): HttpHandler {
  return route(endpoint, async () => {
    await delay(ms);
    // Nothing returned: MSW passes the request on to the default handler.
  });
}

/** Never answers: freezes a screen in its loading or submitting state. */
export function pending(endpoint: Endpoint): HttpHandler {
  return route(endpoint, async () => {
    await delay('infinite');
  });
}

/** 400 with these field errors (field → message id); the first one leads, as the bff answers. */
export function validationError(endpoint: Endpoint, errors: Record<string, string>): HttpHandler {
  return route(endpoint, () => validationErrorResponse(errors));
}

/** The request never reaches a server (offline, DNS, CORS): the client's `errors.network`. */
export function networkError(endpoint: Endpoint): HttpHandler {
  return route(endpoint, () => HttpResponse.error());
}

/** 401: the session expired or was revoked (logout elsewhere, password changed). */
export function unauthorized(endpoint: Endpoint): HttpHandler {
  return route(endpoint, () => errorResponse(401, 'errors.unauthorized'));
}

/* ---------------------------------------------------------------- accounts */

/** Login of a user whose phone is not verified: no token, a phone-step code instead. */
export function loginNeedsPhone(
  user = { email: 'phone@brnd.example', mobile: '+48512345678', name: 'Piotr Zieliński' },
): HttpHandler {
  return respondWith(login, { message: NEEDS_PHONE_MESSAGE, code: randomCode(), ...user });
}

/** Login of a user who has not opened the verification e-mail yet. */
export function loginEmailNotVerified(): HttpHandler {
  return route(login, () => errorResponse(403, 'errors.emailNotVerified'));
}

/** Login refused for a wrong e-mail or password. */
export function loginWrongCredentials(): HttpHandler {
  return route(login, () => errorResponse(401, 'errors.invalidCredentials'));
}

/** Too many failed logins for the account: 429 with Retry-After. */
export function loginThrottled(seconds = 900): HttpHandler {
  return route(login, () =>
    errorResponse(429, 'errors.tooManyAttempts', {
      values: { seconds },
      retryAfterSeconds: seconds,
    }),
  );
}

/** Sign-up with an e-mail address that already has an account. */
export function signupEmailExists(): HttpHandler {
  return route(signup, () =>
    errorResponse(409, 'errors.emailExists', { errors: { email: 'errors.emailExists' } }),
  );
}

/** The e-mail verification link is unknown, used up or expired. */
export function confirmEmailFailed(): HttpHandler {
  return route(confirmEmail, () => errorResponse(400, 'errors.linkInvalid'));
}

/** The phone pages' code is no longer valid, so the number cannot be shown. */
export function phoneLinkInvalid(): HttpHandler {
  return route(getMobile, () => errorResponse(400, 'errors.linkInvalid'));
}

/** The four digits do not match the SMS code. */
export function confirmMobileWrongCode(): HttpHandler {
  return route(confirmMobile, () => errorResponse(400, 'errors.verificationFailed'));
}

/** The SMS code expired or took 5 wrong attempts: a new one must be sent. */
export function confirmMobileCodeExpired(): HttpHandler {
  return route(confirmMobile, () => errorResponse(400, 'errors.codeExpired'));
}

/** Too many SMS codes asked for within the hour. */
export function resendLimited(seconds = 3600): HttpHandler {
  return route(resendCode, () =>
    errorResponse(429, 'errors.resendLimit', { retryAfterSeconds: seconds }),
  );
}

/** Password change with a wrong current password. */
export function changePasswordWrongCurrent(): HttpHandler {
  return route(changePassword, () =>
    errorResponse(400, 'errors.wrongCurrentPassword', {
      errors: { currentpassword: 'errors.wrongCurrentPassword' },
    }),
  );
}

/* ---------------------------------------------------------------- orders */

/** A crypto order in the given gateway status: 0..2 waiting, 3 paid, 4 cancelled, 5 refunded, 6 expired. */
export function sampleOrder(
  status: OrderStatusCode,
  uuid = '5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c10',
) {
  const order: CryptoOrder = {
    uuid,
    status,
    value: 250,
    destination_currency: 'BTC',
    destination_amount: '0.02173913',
    blockchain_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    shop_order_id: '100042',
    expires_at: new Date(Date.now() + ORDER_EXPIRY_MS).toISOString(),
    text_status: ORDER_TEXT_STATUS[status],
  };
  return order;
}

/** Checking an order answers this status, whatever uuid is asked for. */
export function orderStatus(status: OrderStatusCode): HttpHandler {
  return route(verifyOrder, ({ params }) =>
    HttpResponse.json({ message: 'success', response: sampleOrder(status, String(params.uuid)) }),
  );
}

/** The crypto order's quote has run out while waiting (status 1, expiry in the past). */
export function orderQuoteExpired(): HttpHandler {
  return route(verifyOrder, ({ params }) =>
    HttpResponse.json({
      message: 'success',
      response: {
        ...sampleOrder(1, String(params.uuid)),
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      },
    }),
  );
}

/** The card provider refuses the initialisation ('Your phone number was invalid'). */
export function cardInitFailed(): HttpHandler {
  return route(cardProviderInit, () =>
    errorResponse(400, 'errors.cardInitFailed', { errors: { phoneNumber: 'validation.phone' } }),
  );
}

/* ---------------------------------------------------------------- brands */

/** The user has used all votes of the window. */
export function voteLimitReached(): HttpHandler {
  return route(vote, () =>
    errorResponse(429, 'errors.voteLimit', {
      values: { voteLimit: VOTES_PER_WINDOW, timeInHours: VOTE_WINDOW_HOURS },
      retryAfterSeconds: VOTE_WINDOW_HOURS * 3600,
    }),
  );
}

/** The user already voted for this brand in the window. */
export function alreadyVoted(): HttpHandler {
  return route(vote, () => errorResponse(409, 'errors.alreadyVoted'));
}

/** A brand with this website was added before. */
export function brandExists(): HttpHandler[] {
  const answer = () =>
    errorResponse(409, 'errors.brandExists', { errors: { website: 'errors.brandExists' } });
  return [route(addBrand, answer), route(createBrand, answer)];
}

/** Search finds nothing: the not-found modal. */
export function searchNoResult(): HttpHandler {
  return respondWith(searchBrands, { brands: { rows: [], rowCount: 0 } });
}

/** The brand page's id matches no brand: 'Cannot display this brand'. */
export function brandNotFound(): HttpHandler {
  return respondWith(brandDetails, { brands: { rows: [] } });
}

/* ---------------------------------------------------------------- empty */

/** A brand-new account and an empty catalogue: every list answers with no rows. */
export function emptyLists(): HttpHandler[] {
  const noBrands = { brands: { rows: [] } };
  return [
    respondWith(orders, { orders: { rows: [], count: 0 } }),
    respondWith(referrals, { orders: { rows: [] } }),
    respondWith(wallet, { wallet: [{ amount: 0, brnd_tokens: 0, walletAddress: null }] }),
    respondWith(topRatedBrands, noBrands),
    respondWith(trendingBrands, noBrands),
    respondWith(newlyAddedBrands, noBrands),
    respondWith(myBrands, noBrands),
    respondWith(favouriteBrands, noBrands),
    respondWith(searchBrands, { brands: { rows: [], rowCount: 0 } }),
    respondWith(totalBrands, { stats: { rows: [{ brands: 0, votes: 0 }] } }),
  ];
}

/** Every scenario in one place, for discovery. */
export const scenarios = {
  respondWith,
  serverError,
  slow,
  pending,
  validationError,
  networkError,
  unauthorized,
  loginNeedsPhone,
  loginEmailNotVerified,
  loginWrongCredentials,
  loginThrottled,
  signupEmailExists,
  confirmEmailFailed,
  phoneLinkInvalid,
  confirmMobileWrongCode,
  confirmMobileCodeExpired,
  resendLimited,
  changePasswordWrongCurrent,
  orderStatus,
  orderQuoteExpired,
  cardInitFailed,
  voteLimitReached,
  alreadyVoted,
  brandExists,
  searchNoResult,
  brandNotFound,
  emptyLists,
} as const;
