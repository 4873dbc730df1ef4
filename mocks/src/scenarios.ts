import { BUSY_RETRY_AFTER_SECONDS } from '@brnd/contracts/domain/constants';
import { waitDuration } from '@brnd/contracts/domain/durations';
import { delay, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import type { Endpoint } from '@brnd/contracts/api/endpoint';
import type { ErrorDeclarations } from '@brnd/contracts/api/error-kinds';
import { busy } from '@brnd/contracts/api/shared-errors';
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
  newlyAddedBrands,
  topRatedBrands,
  trendingBrands,
} from '@brnd/contracts/api/brand-listings';
import {
  addBrand,
  brandDetails,
  brandPreview,
  contestWinners,
  createBrand,
  registerCompany,
  favouriteBrands,
  myBrands,
  searchBrands,
  totalBrands,
} from '@brnd/contracts/api/brands';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import {
  buyTokens,
  kantor,
  orders,
  verifyOrder,
  type CryptoOrder,
} from '@brnd/contracts/api/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@brnd/contracts/api/idempotency';
import { sale as saleEndpoint } from '@brnd/contracts/api/sale';
import { referrals } from '@brnd/contracts/api/referrals';
import { updateWallet, wallet } from '@brnd/contracts/api/wallet';
import {
  ORDER_EXPIRY_MS,
  type CryptoPayMethod,
  type OrderStatusCode,
  MAX_OPEN_ORDERS_PER_METHOD,
} from '@brnd/contracts/domain/constants';
import { errorResponse, route, validationErrorResponse } from './handlers.ts';
import {
  alreadyVoted,
  lastVoteOfTheWindow,
  voteCounted,
  voteLimitReached,
  voteStatusLimitReached,
} from './vote-scenarios.ts';
import { NEEDS_PHONE_MESSAGE, randomCode } from './fake.ts';
import {
  cryptoOrderView,
  halfOf,
  liveSaleSettings,
  quoteCryptoAmount,
  saleView,
  type MockCryptoPayment,
  type MockOrderDecision,
  type SaleSettings,
} from './sale.ts';

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

type KindOf<E> = E extends { errors: infer D extends ErrorDeclarations } ? keyof D & string : never;

/**
 * One of the endpoint's declared errors (decision 051), with the values and field messages it
 * carries; the kind is checked by the typecheck, the body by the handlers' catalogue check.
 */
export function declaredError<E extends Endpoint, K extends KindOf<E>>(
  endpoint: E,
  kind: K,
  options: Parameters<typeof errorResponse>[2] = {},
): HttpHandler {
  const declaration = (endpoint.errors as ErrorDeclarations)[kind]!;
  const messageId = declaration.messageId ?? 'errors.validation';
  return route(endpoint, () => errorResponse(declaration.status, messageId, options));
}

/** 500 with the generic server error: the screen's "try again later" state. */
export function serverError(endpoint: Endpoint): HttpHandler {
  return route(endpoint, () => errorResponse(500, 'errors.server'));
}

/** 503 with Retry-After: the bff found no database connection free (a month-end rush). */
export function serverBusy(endpoint: Endpoint): HttpHandler {
  return route(endpoint, () =>
    errorResponse(busy.status, busy.messageId!, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS }),
  );
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
      values: { seconds, ...waitDuration(seconds) },
      retryAfterSeconds: seconds,
    }),
  );
}

/**
 * Too many sign-ups from this client address or for this e-mail: 429 with Retry-After. (A
 * registered address is answered like a new one, so there is no "exists" refusal to mock.)
 */
export function signupThrottled(seconds = 3600): HttpHandler {
  return route(signup, () =>
    errorResponse(429, 'errors.tooManyAttempts', {
      values: { seconds, ...waitDuration(seconds) },
      retryAfterSeconds: seconds,
    }),
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
  return declaredError(resendCode, 'resendLimit', {
    values: { seconds, ...waitDuration(seconds) },
    retryAfterSeconds: seconds,
  });
}

/** A new code asked for inside the resend cooldown: the page counts the seconds down. */
export function resendCooldown(seconds = 42): HttpHandler {
  return route(resendCode, () =>
    errorResponse(429, 'errors.smsCooldown', {
      values: { seconds, ...waitDuration(seconds) },
      retryAfterSeconds: seconds,
    }),
  );
}

/** The right code for a number another account has already verified (decision 040). */
export function confirmMobilePhoneTaken(): HttpHandler {
  return route(confirmMobile, () => errorResponse(409, 'errors.phoneTaken'));
}

/** Password change with a wrong current password. */
export function changePasswordWrongCurrent(): HttpHandler {
  return route(changePassword, () =>
    errorResponse(400, 'errors.wrongCurrentPassword', {
      errors: { currentpassword: 'errors.wrongCurrentPassword' },
    }),
  );
}

/* ---------------------------------------------------------------- wallet */

/** Saving a wallet with a challenge that expired or was used already (decision 042). */
export function walletChallengeExpired(): HttpHandler {
  return route(updateWallet, () => errorResponse(409, 'wallet.errors.challengeExpired'));
}

/* ---------------------------------------------------------------- orders */

/**
 * A crypto order in the given gateway status: 0 new, 1 waiting, 2 confirming, 3 paid, 4
 * cancelled, 5 refunded, 6 expired. `overrides` sets anything else (method, payment, expiry).
 */
export function sampleOrder(
  status: OrderStatusCode,
  uuid = '5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c10',
  overrides: {
    method?: CryptoPayMethod;
    payment?: Partial<MockCryptoPayment>;
    decision?: MockOrderDecision | null;
  } = {},
): CryptoOrder {
  const method = overrides.method ?? 'BTC';
  const now = Date.now();
  return cryptoOrderView({
    uuid,
    method,
    value: 250,
    price: 0.0025,
    createdAt: now,
    decision: overrides.decision ?? null,
    payment: {
      status,
      destinationAmount: quoteCryptoAmount(method, 250),
      address:
        method === 'BTC'
          ? 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'
          : '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      shopOrderId: '100042',
      expiresAt: now + ORDER_EXPIRY_MS,
      ...(status === 2 ? { confirmations: 1 } : {}),
      ...(status === 3 ? { paidAmount: quoteCryptoAmount(method, 250), confirmations: 6 } : {}),
      ...overrides.payment,
    },
  });
}

function answerOrder(make: (uuid: string) => CryptoOrder): HttpHandler {
  return route(verifyOrder, ({ params }) =>
    HttpResponse.json({ message: 'success', response: make(String(params.uuid)) }),
  );
}

/** Checking an order answers this status, whatever uuid is asked for. */
export function orderStatus(status: OrderStatusCode, method: CryptoPayMethod = 'BTC'): HttpHandler {
  return answerOrder((uuid) => sampleOrder(status, uuid, { method }));
}

/**
 * Status 0 on the first check(s), then `later` (default 1): the step 2 screen must not show
 * status 0 as data until a later check brings a status above 0.
 */
export function orderStatusZeroThen(later: OrderStatusCode = 1, zeroChecks = 1): HttpHandler {
  let checks = 0;
  return answerOrder((uuid) => sampleOrder(checks++ < zeroChecks ? 0 : later, uuid));
}

/** The crypto order's quote has run out while waiting (status 1, expiry in the past). */
export function orderQuoteExpired(): HttpHandler {
  return answerOrder((uuid) =>
    sampleOrder(1, uuid, { payment: { expiresAt: Date.now() - 60_000 } }),
  );
}

/** Half the quote arrived: the order keeps waiting (status 1) and shows paid and due amounts. */
export function orderPartiallyPaid(method: CryptoPayMethod = 'ETH'): HttpHandler {
  return answerOrder((uuid) => {
    const quoted = quoteCryptoAmount(method, 250);
    return sampleOrder(1, uuid, {
      method,
      payment: { paidAmount: halfOf(quoted), confirmations: 3, exception: 'partial' },
    });
  });
}

/** Money arrived after the quote expired: status 6, recorded as late, nothing credited. */
export function orderPaidLate(method: CryptoPayMethod = 'ETH'): HttpHandler {
  return answerOrder((uuid) =>
    sampleOrder(6, uuid, {
      method,
      payment: {
        expiresAt: Date.now() - 10 * 60_000,
        paidAmount: quoteCryptoAmount(method, 250),
        exception: 'late',
      },
    }),
  );
}

/** More than the quote arrived: paid (status 3) for its value, the excess recorded. */
export function orderOverpaid(method: CryptoPayMethod = 'BTC'): HttpHandler {
  return answerOrder((uuid) =>
    sampleOrder(3, uuid, {
      method,
      payment: { paidAmount: quoteCryptoAmount(method, 300), exception: 'overpaid' },
    }),
  );
}

/** Every check fails (the server or the network is down): the page keeps trying. */
export function orderVerifyFailed(): HttpHandler {
  return serverError(verifyOrder);
}

/** No such order in this account (unknown, or another user's). */
export function orderNotFound(): HttpHandler {
  return route(verifyOrder, () => errorResponse(404, 'errors.notFound'));
}

const DECIDED_AT = () => new Date(Date.now() - 60 * 60_000).toISOString();

/**
 * Half the quote arrived and the order expired (status 6, `partial`): the money waits for an
 * operator's decision; with `decision`, the operator has credited it or noted a refund.
 */
export function orderExpiredPartPaid(
  method: CryptoPayMethod = 'ETH',
  decision: 'credit' | 'refund' | null = null,
): HttpHandler {
  return answerOrder((uuid) => {
    const paidAmount = halfOf(quoteCryptoAmount(method, 250));
    return sampleOrder(6, uuid, {
      method,
      payment: {
        expiresAt: Date.now() - 30 * 60_000,
        paidAmount,
        seenAt: Date.now() - 40 * 60_000,
        exception: 'partial',
      },
      ...(decision
        ? {
            decision: {
              decision,
              paid_amount: paidAmount,
              brnd_tokens: decision === 'credit' ? 50_000 : 0,
              reference: decision === 'refund' ? 'RF-2041' : null,
              decided_at: DECIDED_AT(),
            },
          }
        : {}),
    });
  });
}

/** Buying refused because the sale has ended. */
export function buyTokensSaleEnded(): HttpHandler {
  return route(buyTokens, () => errorResponse(409, 'orders.errors.saleEnded'));
}

/**
 * Buying refused: the user already has MAX_OPEN_ORDERS_PER_METHOD unpaid orders of the method.
 * `seen` collects each request's Idempotency-Key, for stories that check the page sends one.
 */
export function buyTokensTooManyOpen(seen: (string | null)[] = []): HttpHandler {
  return route(buyTokens, ({ request }) => {
    seen.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    return errorResponse(409, 'orders.errors.tooManyOpenOrders', {
      values: { limit: MAX_OPEN_ORDERS_PER_METHOD },
    });
  });
}

/** A second card attempt within 30 seconds. */
export function cardRetryTooSoon(seconds = 30): HttpHandler {
  return declaredError(kantor, 'cardRetry', {
    values: { seconds, ...waitDuration(seconds) },
    retryAfterSeconds: seconds,
  });
}

/* ---------------------------------------------------------------- sale */

/** The sale as configured by the demo seed, with these changes (raised from paid orders: 0). */
function saleWith(changes: Partial<SaleSettings>, raised = 50_100): HttpHandler {
  return route(saleEndpoint, () => {
    const origin = typeof location === 'undefined' ? 'http://localhost:3000' : location.origin;
    const settings = { ...liveSaleSettings(Date.now(), origin), ...changes };
    return HttpResponse.json(saleView(settings, raised));
  });
}

/** A running sale (Tier III, 30 days left, 50,100 USD raised). */
export function saleLive(): HttpHandler {
  return saleWith({});
}

/** The sale with tier `activeTier` active and `raised` USD from the platform's paid orders. */
export function saleInTier(activeTier: number, raised: number): HttpHandler {
  return saleWith({ activeTier }, raised);
}

/** The sale's end has passed: countdowns show zero. */
export function saleEnded(): HttpHandler {
  return saleWith({ endsAt: Date.now() - 60_000 });
}

/** No tier active: the price falls back to 0.003 USD per BRND. */
export function saleUnconfigured(): HttpHandler {
  return saleWith({ activeTier: null, endsAt: null }, 0);
}

/** The card provider refuses the initialisation ('Your phone number was invalid'). */
export function cardInitFailed(): HttpHandler {
  return route(cardProviderInit, () =>
    errorResponse(400, 'errors.cardInitFailed', { errors: { phoneNumber: 'validation.phone' } }),
  );
}

/* ---------------------------------------------------------------- brands */

// The vote's answers and refusals: vote-scenarios.ts.
export { alreadyVoted, lastVoteOfTheWindow, voteCounted, voteLimitReached, voteStatusLimitReached };

/** No contest month has closed yet: no "last month's winner". */
export function noContestWinner(): HttpHandler {
  return respondWith(contestWinners, { winners: { rows: [] } });
}

/** The referred site cannot be reached: the name comes from its domain. */
export function previewUnreachable(): HttpHandler {
  return route(brandPreview, ({ request }) => {
    const url = new URL(request.url).searchParams.get('url') ?? '';
    const website = url.replace(/^https?:\/\//, '').replace(/^www\./, '');
    const word = website.split('.')[0] ?? website;
    const body = {
      website,
      name: word.charAt(0).toUpperCase() + word.slice(1),
      description: '',
      image_url: '',
      found: false,
    };
    v.parse(brandPreview.response, body);
    return HttpResponse.json(body);
  });
}

/** The company's billing address is registered already (companies.billingAddressExists). */
export function billingAddressExists(): HttpHandler {
  return declaredError(registerCompany, 'billingAddressExists', {
    errors: { billing_address: 'companies.billingAddressExists' },
  });
}

/** The server refuses the uploaded logo after reading its bytes. */
export function logoRejected(
  kind: 'logoType' | 'logoTooLarge' | 'svgUnsafe' = 'logoType',
): HttpHandler {
  return declaredError(createBrand, kind, {
    errors: { image: createBrand.errors[kind].messageId! },
  });
}

/** An industry with no brands: every listing of the voting page answers with no rows. */
export function emptyIndustry(): HttpHandler[] {
  const noBrands = { brands: { rows: [] } };
  return [
    respondWith(topRatedBrands, noBrands),
    respondWith(trendingBrands, noBrands),
    respondWith(newlyAddedBrands, noBrands),
  ];
}

/** A brand with this website was added before. */
export function brandExists(): HttpHandler[] {
  const fields = { errors: { website: 'errors.brandExists' } };
  return [
    declaredError(addBrand, 'brandExists', fields),
    declaredError(createBrand, 'brandExists', fields),
  ];
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
    respondWith(wallet, {
      wallet: [{ amount: 0, brnd_tokens: 0, walletAddress: null, walletVerified: false }],
    }),
    respondWith(topRatedBrands, noBrands),
    respondWith(trendingBrands, noBrands),
    respondWith(newlyAddedBrands, noBrands),
    respondWith(myBrands, noBrands),
    respondWith(favouriteBrands, noBrands),
    respondWith(searchBrands, { brands: { rows: [], rowCount: 0 } }),
    respondWith(totalBrands, { stats: { rows: [{ brands: 0, votes: 0 }] } }),
    respondWith(contestWinners, { winners: { rows: [] } }),
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
  signupThrottled,
  confirmEmailFailed,
  phoneLinkInvalid,
  confirmMobileWrongCode,
  confirmMobileCodeExpired,
  resendLimited,
  resendCooldown,
  confirmMobilePhoneTaken,
  changePasswordWrongCurrent,
  orderStatus,
  orderStatusZeroThen,
  orderQuoteExpired,
  orderPartiallyPaid,
  orderPaidLate,
  orderOverpaid,
  orderVerifyFailed,
  orderNotFound,
  orderExpiredPartPaid,
  buyTokensSaleEnded,
  cardRetryTooSoon,
  cardInitFailed,
  saleLive,
  saleEnded,
  saleUnconfigured,
  voteLimitReached,
  alreadyVoted,
  brandExists,
  searchNoResult,
  brandNotFound,
  voteStatusLimitReached,
  noContestWinner,
  previewUnreachable,
  billingAddressExists,
  logoRejected,
  emptyIndustry,
  emptyLists,
} as const;
