import type { Endpoint } from '@brnd/contracts/api/endpoint';
import { attachmentDisposition, type FileResponse } from '@brnd/contracts/api/files';
import { endpointList } from '@brnd/contracts/api/index';
import { parseEndpointInput } from '@brnd/contracts/api/validation';
import type Router from '@koa/router';
import type { Context } from 'koa';
import * as v from 'valibot';
import { DomainError } from '../services/errors.ts';
import type { AuthContext, SessionService } from '../services/sessions.ts';
import { declaredErrorKind } from '@brnd/contracts/api/error-catalogue';
import type { Logger } from '../logger.ts';
import { domainErrorBody, ValidationError, validationResponse } from './errors.ts';
import { compileResponseCheck } from './response-check.ts';
import type { SessionCookies } from './session-cookie.ts';

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** The request headers the endpoint declares, parsed. */
  headers: Parsed<E['headers']>;
  /** The signed-in user: always set for `auth: 'required'`, maybe for `'optional'`. */
  auth: AuthContext | null;
  ctx: Context;
}

export type RouteHandler<E extends Endpoint, A = AuthContext | null> = (
  input: Omit<RouteInput<E>, 'auth'> & { auth: A },
) => Promise<v.InferInput<E['response']>>;

export interface Route {
  endpoint: Endpoint;
  handler: RouteHandler<Endpoint>;
}

/** A route for an endpoint without `auth: 'required'`. */
export function route<E extends Endpoint>(endpoint: E, handler: RouteHandler<E>): Route {
  if (endpoint.auth === 'required' || endpoint.auth === 'admin') {
    throw new Error(`${endpoint.id} requires auth: register it with authedRoute()`);
  }
  return { endpoint, handler: handler as unknown as RouteHandler<Endpoint> };
}

/**
 * A route whose handler always has the signed-in user: 401 otherwise, and 403 for an
 * `auth: 'admin'` endpoint when the user is not an operator.
 */
export function authedRoute<E extends Endpoint>(
  endpoint: E,
  handler: RouteHandler<E, AuthContext>,
): Route {
  if (endpoint.auth !== 'required' && endpoint.auth !== 'admin') {
    throw new Error(`${endpoint.id} does not require auth: register it with route()`);
  }
  return { endpoint, handler: handler as unknown as RouteHandler<Endpoint> };
}

/**
 * A file answer: always a download (never shown inline), in its stored type, which the browser
 * must not second-guess, and never kept by a cache on the way.
 */
function sendFile(ctx: Context, file: FileResponse) {
  ctx.set('Content-Type', file.content_type);
  ctx.set('Content-Disposition', attachmentDisposition(file.file_name));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
  ctx.body = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
}

/** How a route's undeclared error is met: development and tests fail, production logs. */
export interface ErrorCatalogueCheck {
  strict: boolean;
  logger: Logger;
}

/** The answer an expected failure becomes, or undefined for an unexpected one (a 500). */
function errorAnswer(error: unknown): { status: number; body: unknown } | undefined {
  if (error instanceof ValidationError) {
    return { status: 400, body: validationResponse(error.failure) };
  }
  if (error instanceof DomainError) return { status: error.status, body: domainErrorBody(error) };
  return undefined;
}

/**
 * Holds an endpoint to its error catalogue (decision 051): an error it does not declare is a
 * bug. Strict, it becomes a 500 whose log names it; otherwise it is logged and answered.
 */
export function checkDeclared(
  endpoint: Endpoint,
  error: unknown,
  check: ErrorCatalogueCheck,
): void {
  if (!endpoint.errors) return;
  const answer = errorAnswer(error);
  if (!answer || declaredErrorKind(endpoint.errors, answer.status, answer.body)) return;
  const problem = `${endpoint.id} answered an error it does not declare: ${answer.status} ${JSON.stringify(answer.body)}`;
  if (check.strict) throw new Error(problem, { cause: error });
  check.logger.error(problem, { endpoint: endpoint.id, status: answer.status });
}

/**
 * Registers routes from their contract endpoints: the endpoint's schemas parse params, query and
 * body; its `auth` decides whether a session (bearer or cookie) is needed; its `status` is the
 * success code;
 * its response schema checks (and trims to the contract) every answer before it leaves, and
 * its error catalogue every error.
 */
export function mountRoutes(
  router: Router,
  routes: Route[],
  sessions: SessionService,
  cookies: SessionCookies,
  errorCheck: ErrorCatalogueCheck,
): void {
  // Every endpoint of the contract's route table is served: a missing one fails the start.
  const mounted = new Set(routes.map((route) => route.endpoint.id));
  const missing = endpointList.filter((endpoint) => !mounted.has(endpoint.id));
  if (missing.length > 0) {
    throw new Error(`no bff route for ${missing.map((endpoint) => endpoint.id).join(', ')}`);
  }
  for (const { endpoint, handler } of routes) {
    const methods = endpoint.method === 'GET' ? ['HEAD', 'GET'] : [endpoint.method];
    // The contract's response schema, compiled once (valibot decides whatever it refuses).
    const checkResponse = compileResponseCheck(endpoint.response);
    // Its errors held to the catalogue in the same async frame (each promise pays the log
    // context's hooks).
    const serve = async (ctx: Context) => {
      try {
        let auth: AuthContext | null = null;
        if (endpoint.auth !== 'none') {
          const presented = cookies.tokenOf(ctx);
          // Before anything else: another site's request must not ride on the browser's cookie.
          if (presented?.byCookie) cookies.refuseCrossSite(ctx);
          auth = presented ? await sessions.authenticate(presented.token) : null;
          // A dead cookie (revoked, expired) is removed, so the browser stops sending it.
          if (presented?.byCookie && !auth) cookies.clear(ctx);
          if (!auth && endpoint.auth !== 'optional') {
            throw new DomainError(401, 'errors.unauthorized');
          }
          if (endpoint.auth === 'admin' && auth?.user.role !== 'admin') {
            throw new DomainError(403, 'errors.forbidden');
          }
        }

        // The same parser as the mocks', so both answer a bad request with the same 400.
        // A part the endpoint does not declare is never read, so it is not copied either.
        const input = parseEndpointInput(endpoint, {
          params: endpoint.params && { ...ctx.params },
          query: endpoint.query && { ...ctx.query },
          body: ctx.request.body,
          headers: endpoint.headers && { ...ctx.headers },
        });
        if (!input.success) throw new ValidationError(input.failure);
        const { params, query, body, headers } = input;

        const result = await handler({
          params,
          query,
          body,
          headers,
          auth,
          ctx,
        } as RouteInput<Endpoint>);
        const checked = checkResponse(result);
        if (!checked.success) {
          throw new Error(
            `${endpoint.id} answered outside its contract: ${v.summarize(checked.issues)}`,
          );
        }
        // A handler may answer with another status (health: 503) through ctx.state.responseStatus.
        const { responseStatus } = ctx.state as { responseStatus?: number };
        ctx.status = responseStatus ?? endpoint.status;
        if (endpoint.responseType === 'file') {
          sendFile(ctx, checked.output as FileResponse);
          return;
        }
        ctx.body = checked.output;
      } catch (error) {
        checkDeclared(endpoint, error, errorCheck);
        throw error;
      }
    };
    // One layer per path (the router tests every layer's pattern on every request).
    router.register(endpoint.path, methods, serve);
  }
}
