import { fromOwnOrigin, SAFE_METHODS } from '@brnd/contracts/api/cross-site';
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { endpoints, type EndpointId, type Endpoints } from '@brnd/contracts/api/index';
import { cardProviderInit, cardProviderTransaction } from '@brnd/contracts/api/card-provider';
import { eventStreamList } from '@brnd/contracts/api/events';
import type { Endpoint } from '@brnd/contracts/api/endpoint';
import { declaredErrorKind } from '@brnd/contracts/api/error-catalogue';
import { busy } from '@brnd/contracts/api/shared-errors';
import type { ErrorResponse } from '@brnd/contracts/api/errors';
import { parseEndpointInput } from '@brnd/contracts/api/validation';
import { SESSION_LIFETIME_MS, SESSION_TOKEN_COOKIE } from '@brnd/contracts/domain/constants';
import { canonicalJson, IDEMPOTENCY_KEY_HEADER } from '@brnd/contracts/api/idempotency';
import { DEMO_SITE_CONFIG } from '@brnd/contracts/domain/demo-site';
import type { Language } from '@brnd/contracts/domain/constants';
import { LANGUAGE_HEADER } from '@brnd/contracts/api/language';
import {
  adminContestResolvers,
  adminVerificationResolvers,
  resubmitBrandResolver,
  withVerificationReasons,
} from './admin-operations.ts';
import { blogArticlesFixture } from './blog.ts';
import { brandTokenResolvers } from './brand-tokens.ts';
import { createFake, FakeError, type Fake, type FakeUser } from './fake.ts';
import { englishText } from './messages.ts';
import { checkUploadLimit } from './upload-limits.ts';
import { documentFormResolvers } from './verification-documents.ts';
import { attachmentDisposition, type FileResponse } from '@brnd/contracts/api/files';

export { englishText };

/**
 * One MSW handler per contract endpoint, answering from the stateful fake exactly as the bff
 * does: 401 for a missing session, 400 `{ message, messageId, errors }` from the endpoint's own
 * schemas, the fake's refusals with their status, and bodies that satisfy the response schema.
 * Paths match on any origin, so the same list serves the browser, Storybook and Node.
 */

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface ResolverContext<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The signed-in user; reading it without a session is a 401. */
  readonly user: FakeUser;
  /** The signed-in user, or null for a visitor. */
  viewer: FakeUser | null;
  token: string | undefined;
  /** The caller's address as the bff sees it behind a proxy (X-Forwarded-For), for throttles. */
  clientAddress: string;
  /** Headers added to the answer (the session cookie of a web login). */
  responseHeaders: Headers;
  /** The language of the page that made the call (the app's language header). */
  language: Language;
  /** The request says it comes from another site's page (Origin, Sec-Fetch-Site). */
  fromAnotherSite: boolean;
}

export type Resolver<E extends Endpoint> = (
  fake: Fake,
  context: ResolverContext<E>,
) => v.InferInput<E['response']> | Promise<v.InferInput<E['response']>>;

/** Every endpoint of the route table must be answered: a missing one fails the typecheck. */
const resolvers: { [K in EndpointId]: Resolver<Endpoints[K]> } = {
  signup: (fake, { body, clientAddress, language }) => fake.signup(body, clientAddress, language),
  login: (fake, { body, responseHeaders, clientAddress, fromAnotherSite }) => {
    // Another site must not sign the browser in to an account of its choosing, as the bff.
    if (body.session === 'cookie' && fromAnotherSite) throw new FakeError(403, 'errors.crossSite');
    const answer = fake.login(body, clientAddress);
    const { token, ...rest } = answer;
    if (body.session !== 'cookie' || token === undefined) return answer;
    // The web app's session: the token only in the cookie, as the bff answers.
    responseHeaders.append('set-cookie', sessionCookie(token, SESSION_LIFETIME_MS / 1000));
    return rest;
  },
  logout: (fake, { user, token, responseHeaders }) => {
    responseHeaders.append('set-cookie', sessionCookie('', 0));
    return user && token ? fake.logout(token) : { message: 'success' };
  },
  confirmEmail: (fake, { body }) => fake.confirmEmail(body),
  getMobile: (fake, { params }) => fake.getMobile(params),
  changeMobile: (fake, { body }) => fake.changeMobile(body),
  resendCode: (fake, { body }) => fake.resendCode(body),
  confirmMobile: (fake, { body }) => fake.confirmMobile(body),
  forgotPassword: (fake, { body }) => fake.forgotPassword(body),
  checkResetCode: (fake, { params }) => fake.checkResetCode(params),
  resetPassword: (fake, { body }) => fake.resetPassword(body),
  profile: (fake, { user }) => fake.profile(user),
  updateProfile: (fake, { user, body }) => fake.updateProfile(user, body),
  setLanguage: (fake, { user, body }) => fake.setLanguage(user, body.language),
  changePassword: (fake, { user, body }) => fake.changePassword(user, body),
  health: (fake) => fake.health(),
  adminSession: (_fake, { user }) => ({ name: user.name, email: user.email }),
  auditLog: (fake, { query }) => fake.auditLog(query),
  burns: (fake) => fake.burns(),
  adminBuybacks: (fake) => fake.buybacks(),
  recordBuyback: (fake, { user, body }) => fake.recordBuyback(user, body),
  ...adminVerificationResolvers,
  ...adminContestResolvers,
  adminOrders: (fake, { query }) => fake.adminOrders(query),
  adminOrder: (fake, { params }) => fake.adminOrder(params),
  resolveOrder: (fake, { user, params, body }) => fake.resolveOrder(user, params, body),
  adminNotifications: (fake, { query }) => fake.adminNotifications(query),
  resyncOrder: (fake, { user, params }) => fake.resyncOrder(user, params),
  adminPayouts: (fake, { query }) => fake.adminPayouts(query),
  retryPayout: (fake, { user, params }) => fake.retryPayout(user, params),
  adminTreasurySends: (fake, { user }) => fake.adminTreasurySends(user),
  retryTreasurySend: (fake, { user, params }) => fake.retryTreasurySend(user, params),
  adminSale: (fake) => ({ sale: fake.sale(), allocation: fake.saleAllocation }),
  updateSale: (fake, { user, body }) => {
    fake.updateSale(user, body);
    return { sale: fake.sale(), allocation: fake.saleAllocation };
  },
  wallet: (fake, { user }) => fake.wallet(user),
  walletChallenge: (fake, { user, body }) => fake.walletChallenge(user, body),
  updateWallet: (fake, { user, body }) => fake.updateWallet(user, body),
  claimPayout: (fake, { user, body }) => fake.claimPayout(user, body.brnd_tokens),
  payouts: (fake, { user }) => fake.payouts(user),
  activity: (fake, { user, query }) => fake.activity(user, query),
  saleProgress: (fake) => fake.saleProgress(),
  sale: (fake) => fake.sale(),
  orders: (fake, { user, query }) => fake.orders(user, query),
  buyTokens: (fake, { user, body }) => fake.buyTokens(user, body),
  verifyOrder: (fake, { user, params }) => fake.verifyOrder(user, params),
  kantor: (fake, { user, body }) => fake.kantor(user, body),
  visitReferral: (fake, { body }) => fake.visitReferral(body),
  referrals: (fake, { user }) => fake.referrals(user),
  editReferral: (fake, { user, body }) => fake.editReferral(user, body),
  createReferral: (fake, { user, body }) => fake.createReferral(user, body),
  archiveReferral: (fake, { user, body }) => fake.archiveReferral(user, body),
  deleteReferral: (fake, { user, body }) => fake.deleteReferral(user, body),
  vote: (fake, { user, body }) => {
    const { message } = fake.vote(user, body);
    // The voter's new standing, as the bff reads it after the vote.
    const [brand] = fake.brandDetails(user, { brandId: body.brand_id }).brands.rows;
    if (!brand) throw new Error(`vote: brand ${body.brand_id} vanished after its vote`);
    const { id, votes, voted, can_vote } = brand;
    return { message, brand: { id, votes, voted, can_vote }, status: fake.voteStatus(user) };
  },
  addBrand: (fake, { user, body }) => fake.addBrand(user, body),
  createBrand: documentFormResolvers.createBrand,
  topRatedBrands: (fake, { viewer, query }) => fake.topRatedBrands(viewer, query),
  trendingBrands: (fake, { viewer, query }) => fake.trendingBrands(viewer, query),
  newlyAddedBrands: (fake, { viewer, query }) => fake.newlyAddedBrands(viewer, query),
  searchBrands: (fake, { viewer, params }) => fake.searchBrands(viewer, params),
  brandDetails: (fake, { viewer, params }) => fake.brandDetails(viewer, params),
  totalBrands: (fake) => fake.totalBrands(),
  myBrands: (fake, { user }) => ({
    brands: { rows: withVerificationReasons(fake, fake.myBrands(user).brands.rows) },
  }),
  favouriteBrands: (fake, { user }) => fake.favouriteBrands(user),
  voteStatus: (fake, { user }) => fake.voteStatus(user),
  contestWinners: (fake, { query }) => fake.contestWinners(query),
  brandPreview: (fake, { query }) => fake.brandPreview(query),
  registerCompany: documentFormResolvers.registerCompany,
  brandDocuments: documentFormResolvers.brandDocuments,
  uploadBrandDocuments: documentFormResolvers.uploadBrandDocuments,
  resubmitBrand: resubmitBrandResolver,
  newsletter: (fake, { body, clientAddress }) => fake.newsletter(body, clientAddress),
  contact: (fake, { body, clientAddress }) => fake.contact(body, clientAddress),
  blog: () => ({ articles: blogArticlesFixture }),
  site: () => DEMO_SITE_CONFIG,
  ...brandTokenResolvers,
};

/* ---------------------------------------------------------------- answers */

/** An error answer in the contract's shape. */
export function errorResponse(
  status: number,
  messageId: string,
  options: {
    values?: Record<string, string | number>;
    errors?: Record<string, string>;
    retryAfterSeconds?: number;
  } = {},
) {
  const body: ErrorResponse = { message: englishText(messageId, options.values), messageId };
  if (options.errors) body.errors = options.errors;
  if (options.values) body.values = options.values;
  const headers = new Headers();
  if (options.retryAfterSeconds !== undefined) {
    headers.set('retry-after', String(Math.max(1, options.retryAfterSeconds)));
  }
  return HttpResponse.json(body, { status, headers });
}

/** A 400 naming the failing fields, led by the first one's message as the bff answers. */
export function validationErrorResponse(errors: Record<string, string>) {
  const messageId = Object.values(errors)[0] ?? 'errors.validation';
  return errorResponse(400, messageId, { errors });
}

/* ---------------------------------------------------------------- idempotency */

/** Each fake's `Idempotency-Key`s: the body they were first sent with and that first answer. */
const idempotencyKeys = new WeakMap<
  Fake,
  Map<string, { body: string; answer: Promise<unknown> }>
>();

/**
 * As the bff (docs/decisions/027): the same key and body answer the first result (a request
 * racing the first waits for it), another body is a 422, a failed attempt frees the key.
 */
function idempotent(fake: Fake, scope: string, body: unknown, work: () => unknown) {
  let keys = idempotencyKeys.get(fake);
  if (!keys) {
    keys = new Map();
    idempotencyKeys.set(fake, keys);
  }
  const sent = canonicalJson(body);
  const known = keys.get(scope);
  if (known) {
    if (known.body !== sent) throw new FakeError(422, 'orders.errors.idempotencyMismatch');
    return known.answer;
  }
  const answer = Promise.resolve().then(work);
  keys.set(scope, { body: sent, answer });
  answer.catch(() => keys.delete(scope));
  return answer;
}

/* ---------------------------------------------------------------- requests */

/** As the bff reads it: the app's header, else a Polish Accept-Language, else English. */
export function requestLanguage(request: Request): Language {
  const chosen = request.headers.get(LANGUAGE_HEADER);
  if (chosen === 'en' || chosen === 'po') return chosen;
  const accepted = request.headers.get('accept-language')?.trim().toLowerCase() ?? '';
  return accepted.startsWith('pl') ? 'po' : 'en';
}

/** The session token as the bff reads it: the bearer header first, then the session cookie. */
function sessionToken(
  request: Request,
  cookies: Record<string, string>,
): { token: string; byCookie: boolean } | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (match?.[1]) return { token: match[1], byCookie: false };
  const cookie = cookies[SESSION_TOKEN_COOKIE];
  return cookie ? { token: cookie, byCookie: true } : undefined;
}

/**
 * The bff's cross-site refusal (decision 029) for a request riding on the session cookie. A
 * service worker never sees `Origin` or `Sec-Fetch-Site` (the browser adds them after it), so
 * in the browser only requests that carry them are judged; the bff also refuses when neither
 * is sent.
 */
function crossSite(endpoint: Endpoint, request: Request, byCookie: boolean): boolean {
  if (!byCookie || endpoint.auth === 'none' || SAFE_METHODS.has(request.method)) return false;
  const own = fromOwnOrigin((name) => request.headers.get(name), [new URL(request.url).origin]);
  return own === false;
}

/** The bff's session cookie (decision 029); MSW keeps it in its own cookie store. */
function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_TOKEN_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict`;
}

/** Reads the body by its content type, as the bff's body parsers do. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    return request.json().catch(() => ({}));
  }
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, FormDataEntryValue> = {};
    form.forEach((value, key) => {
      fields[key] = value;
    });
    return fields;
  }
  const text = await request.text();
  return Object.fromEntries(new URLSearchParams(text));
}

/** The MSW path for an endpoint: any origin, the contract's `:name` placeholders. */
export function pathOf(endpoint: Endpoint): string {
  return `*${endpoint.path}`;
}

type RouteResolver = Parameters<typeof http.get>[1];

/**
 * Registers a resolver for an endpoint's method and path; its errors are held to the endpoint's
 * catalogue, a scenario's as much as the fake's.
 */
export function route(endpoint: Endpoint, resolver: RouteResolver): HttpHandler {
  const checked: RouteResolver = async (info) => declaredOnly(endpoint, await resolver(info));
  return endpoint.method === 'GET'
    ? http.get(pathOf(endpoint), checked)
    : http.post(pathOf(endpoint), checked);
}

/**
 * Holds the mocks to each endpoint's error catalogue, as the bff (decision 051): an undeclared
 * error is a mock teaching screens an answer the bff never gives, so it fails loudly.
 */
async function declaredOnly<R>(endpoint: Endpoint, response: R): Promise<R> {
  // A 500 and the busy 503 are the failures no endpoint declares; a network error has no status.
  if (!(response instanceof Response) || !endpoint.errors) return response;
  if (response.status < 400 || response.status === 500) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (declaredErrorKind({ ...endpoint.errors, busy }, response.status, body)) return response;
  throw new Error(
    `The mock of ${endpoint.id} answered an error it does not declare: ${response.status} ${JSON.stringify(body)}`,
  );
}

function handlerFor<E extends Endpoint>(fake: Fake, endpoint: E, resolve: Resolver<E>) {
  return route(endpoint, answer);

  async function answer({ request, params, cookies }: Parameters<RouteResolver>[0]) {
    try {
      const presented = sessionToken(request, cookies);
      if (crossSite(endpoint, request, presented?.byCookie ?? false)) {
        return errorResponse(403, 'errors.crossSite');
      }
      const token = presented?.token;
      const viewer = fake.authenticate(token);
      if ((endpoint.auth === 'required' || endpoint.auth === 'admin') && !viewer) {
        return errorResponse(401, 'errors.unauthorized');
      }
      if (endpoint.auth === 'admin' && viewer?.role !== 'admin') {
        return errorResponse(403, 'errors.forbidden');
      }
      const body = endpoint.method === 'GET' ? undefined : await readBody(request);
      checkUploadLimit(endpoint.id, body);
      const parsed = parseEndpointInput(endpoint, {
        params,
        query: Object.fromEntries(new URL(request.url).searchParams),
        body,
        headers: Object.fromEntries(request.headers),
      });
      if (!parsed.success) {
        return errorResponse(400, parsed.failure.messageId, { errors: parsed.failure.errors });
      }
      const responseHeaders = new Headers();
      const context = {
        params: parsed.params,
        query: parsed.query,
        body: parsed.body,
        viewer,
        token,
        clientAddress: request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'local',
        responseHeaders,
        language: requestLanguage(request),
        fromAnotherSite:
          fromOwnOrigin((name) => request.headers.get(name), [new URL(request.url).origin]) ===
          false,
        get user(): FakeUser {
          if (!viewer) throw new FakeError(401, 'errors.unauthorized');
          return viewer;
        },
      } as ResolverContext<E>;
      const key = (parsed.headers as { [IDEMPOTENCY_KEY_HEADER]?: string } | undefined)?.[
        IDEMPOTENCY_KEY_HEADER
      ];
      const answer = await (key && viewer
        ? idempotent(fake, `${viewer.id}:${endpoint.id}:${key}`, parsed.body, () =>
            resolve(fake, context),
          )
        : resolve(fake, context));
      const checked = v.safeParse(endpoint.response, answer);
      if (!checked.success) {
        // A broken mock must fail loudly rather than teach a screen a wrong shape.
        throw new Error(
          `The mock answer of ${endpoint.id} breaks its contract: ${v.summarize(checked.issues)}`,
        );
      }
      if (endpoint.responseType === 'file') {
        const file = checked.output as FileResponse;
        // As the bff's sendFile: a download in its stored type, never sniffed, never cached.
        return new HttpResponse(new Uint8Array(file.bytes), {
          status: endpoint.status,
          headers: {
            'content-type': file.content_type,
            'content-disposition': attachmentDisposition(file.file_name),
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
          },
        });
      }
      return HttpResponse.json(answer as object, {
        status: endpoint.status,
        headers: responseHeaders,
      });
    } catch (error) {
      if (error instanceof FakeError) {
        return errorResponse(error.status, error.messageId, error.details);
      }
      throw error;
    }
  }
}

/** Every handler over one fake: the route table, the card provider and the dev outbox. */
export function createHandlers(fake: Fake): HttpHandler[] {
  const tableHandlers = (Object.keys(resolvers) as EndpointId[]).map((id) =>
    handlerFor(fake, endpoints[id] as Endpoint, resolvers[id] as Resolver<Endpoint>),
  );
  return [
    ...tableHandlers,
    handlerFor(fake, cardProviderInit, (target, { body }) => target.cardProviderInit(body)),
    handlerFor(fake, cardProviderTransaction, (target, { params }) =>
      target.cardProviderTransaction(params),
    ),
    http.get('*/dev/outbox', () => HttpResponse.json(fake.outbox())),
    // The fake changes only when a story acts, so it pushes nothing: its event streams answer as
    // a server whose streams are unavailable, and every screen shows its polling fallback.
    ...eventStreamList.map((stream) =>
      http.get(`*${stream.path}`, () => errorResponse(503, 'errors.server')),
    ),
    // Anything else under /api is a route the contract does not have.
    http.all('*/api/*', () => errorResponse(404, 'errors.notFound')),
  ];
}

/** The shared fake behind `handlers`; Storybook and tests call `fake.reset()` between runs. */
export const fake = createFake();

/** The default handler list: the whole API over the demo seed. */
export const handlers = createHandlers(fake);
