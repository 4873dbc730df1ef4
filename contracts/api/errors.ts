import type { DeclaredErrorBody } from './error-catalogue.ts';
import type { ErrorDeclarations } from './error-kinds.ts';
import type { ErrorResponse } from './error-schema.ts';

/** Apart from its schema (error-schema.ts): the first page throws and reads errors, and validates none. */
export type { ErrorResponse };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
    readonly headers: Headers = new Headers(),
    /**
     * Which of its endpoint's declared errors this is (error-catalogue.ts), with the endpoint's
     * id; undefined for a failure no endpoint declares (the network, a 500).
     */
    readonly declared?: { endpointId: string; kind: string },
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  /** Seconds to wait, from Retry-After on a 429. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers.get('retry-after'));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }
}

type KindsOf<E> = E extends { errors: infer D extends ErrorDeclarations }
  ? keyof D & string
  : never;

/** An ApiError narrowed to one declared error of an endpoint: its body's `values` typed. */
export type EndpointError<
  E extends { errors: ErrorDeclarations | undefined },
  K extends KindsOf<E>,
> = ApiError & {
  declared: { endpointId: string; kind: K };
  body: E extends { errors: infer D extends ErrorDeclarations } ? DeclaredErrorBody<D[K]> : never;
};

/**
 * Whether `error` is the `kind` error of `endpoint`, as the client named it from the endpoint's
 * catalogue: screens match kinds, never status codes or message strings.
 */
export function isEndpointError<
  E extends { id: string; errors: ErrorDeclarations | undefined },
  K extends KindsOf<E>,
>(error: unknown, endpoint: E, kind: K): error is EndpointError<E, K> {
  return (
    error instanceof ApiError &&
    error.declared?.endpointId === endpoint.id &&
    error.declared.kind === kind
  );
}
