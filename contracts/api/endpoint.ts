import type * as v from 'valibot';
import type { ErrorDeclarations } from './error-kinds.ts';

/** How a request body travels. The spec's API is form-urlencoded unless it says otherwise. */
export type BodyEncoding = 'form' | 'json' | 'multipart' | 'none';

/**
 * `required`: 401 without a valid bearer token; `optional`: the answer is richer with one;
 * `admin`: 401 without a valid token, 403 unless its user is an operator.
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'admin';

/** What a success answers: JSON, or a file's bytes (contracts/api/files.ts; errors stay JSON). */
export type ResponseType = 'json' | 'file';

type AnySchema = v.GenericSchema;

export interface Endpoint<
  TParams extends AnySchema | undefined = AnySchema | undefined,
  TQuery extends AnySchema | undefined = AnySchema | undefined,
  TBody extends AnySchema | undefined = AnySchema | undefined,
  TResponse extends AnySchema = AnySchema,
  THeaders extends AnySchema | undefined = AnySchema | undefined,
  TErrors extends ErrorDeclarations | undefined = ErrorDeclarations | undefined,
> {
  /** Stable identifier, used by mocks' scenarios and the conformance suite. */
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** Path with `:name` placeholders, the syntax shared by MSW and @koa/router. */
  readonly path: string;
  readonly encoding: BodyEncoding;
  readonly responseType: ResponseType;
  readonly auth: AuthMode;
  /** The success status code (the spec's signup answers 201). */
  readonly status: number;
  readonly params: TParams;
  readonly query: TQuery;
  readonly body: TBody;
  /** Request headers the endpoint reads (lower-case names), e.g. `idempotency-key`. */
  readonly headers: THeaders;
  readonly response: TResponse;
  /**
   * Every error answer the endpoint may give, by kind (error-catalogue.ts, decision 051): the bff
   * and the mocks answer no other, the client names each. Undefined: not catalogued yet.
   */
  readonly errors: TErrors;
}

/** Pure: an endpoint no page calls is left out of the bundle. */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<
  const TParams extends AnySchema | undefined = undefined,
  const TQuery extends AnySchema | undefined = undefined,
  const TBody extends AnySchema | undefined = undefined,
  const TResponse extends AnySchema = AnySchema,
  const THeaders extends AnySchema | undefined = undefined,
  const TErrors extends ErrorDeclarations | undefined = undefined,
>(definition: {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  encoding?: BodyEncoding;
  responseType?: ResponseType;
  auth?: AuthMode;
  status?: number;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  headers?: THeaders;
  response: TResponse;
  errors?: TErrors;
}): Endpoint<TParams, TQuery, TBody, TResponse, THeaders, TErrors> {
  return {
    encoding: definition.method === 'GET' ? 'none' : 'form',
    responseType: 'json',
    auth: 'none',
    status: 200,
    ...definition,
    params: definition.params as TParams,
    query: definition.query as TQuery,
    body: definition.body as TBody,
    headers: definition.headers as THeaders,
    errors: definition.errors as TErrors,
  };
}

type InputOf<S> = S extends AnySchema ? v.InferInput<S> : never;
type OutputOf<S> = S extends AnySchema ? v.InferOutput<S> : never;

export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;
export type EndpointHeaders<E extends Endpoint> = InputOf<E['headers']>;
export type EndpointParsedBody<E extends Endpoint> = OutputOf<E['body']>;
export type EndpointResponse<E extends Endpoint> = v.InferOutput<E['response']>;

/** What a caller passes: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends AnySchema
  ? { params: EndpointParams<E> }
  : { params?: never }) &
  (E['query'] extends AnySchema ? { query?: EndpointQuery<E> } : { query?: never }) &
  (E['body'] extends AnySchema ? { body: EndpointBody<E> } : { body?: never }) &
  (E['headers'] extends AnySchema ? { headers?: EndpointHeaders<E> } : { headers?: never });

/** Fills `:name` placeholders, URI-encoding each value. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
