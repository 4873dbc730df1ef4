import * as v from 'valibot';
import type { ErrorResponse } from './error-schema.ts';
import { errorKindOf, type ErrorDeclaration, type ErrorDeclarations } from './error-kinds.ts';

export { errorKindOf, type ErrorDeclaration, type ErrorDeclarations };

/**
 * The error catalogue (decision 051): every error answer an endpoint may give is declared on the
 * endpoint (`errors: { ...sessionErrors, alreadyVoted, voteLimit }`), each a status, the message
 * id that names it on the wire and the schema of its values. The bff and the mocks refuse to
 * answer an error their endpoint does not declare, the client names the kind of each error it
 * receives (`isEndpointError`), and the conformance suite reaches every declared error.
 */

type AnySchema = v.GenericSchema;

/* @__NO_SIDE_EFFECTS__ */
export function declareError<const TValues extends AnySchema | undefined = undefined>(definition: {
  status: number;
  messageId?: string;
  values?: TValues;
  retryAfter?: boolean;
}): ErrorDeclaration<TValues> {
  return {
    messageId: definition.messageId,
    values: definition.values as TValues,
    retryAfter: definition.retryAfter ?? false,
    status: definition.status,
  };
}

/** The body of one declared error, its `values` typed. */
export type DeclaredErrorBody<D extends ErrorDeclaration> = Omit<ErrorResponse, 'values'> &
  (D['values'] extends AnySchema ? { values: v.InferOutput<D['values']> } : { values?: never });

/* ------------------------------------------------------------------ the answers many share */

/** A request part broke the endpoint's schemas; `errors` maps each field to its message id. */
export const validation = declareError({ status: 400 });
/** No valid session (bearer token or cookie) for an endpoint that needs one. */
export const unauthorized = declareError({ status: 401, messageId: 'errors.unauthorized' });
/** A session riding on the cookie from another site (decision 029); never a safe method. */
export const crossSite = declareError({ status: 403, messageId: 'errors.crossSite' });
/** Signed in, but not an operator. */
export const forbidden = declareError({ status: 403, messageId: 'errors.forbidden' });
/** The id in the path (or body) names nothing this caller may see. */
export const notFound = declareError({ status: 404, messageId: 'errors.notFound' });
/** An attempt throttle (logins, codes): come back after `seconds`. */
export const tooManyAttempts = declareError({
  status: 429,
  messageId: 'errors.tooManyAttempts',
  retryAfter: true,
  values: v.object({ seconds: v.number() }),
});

/** A POST with `auth: 'required'`: no session, or a session from another site. */
export const sessionErrors = { unauthorized, crossSite } as const;
/** A GET with `auth: 'required'` (safe methods are never refused as cross-site). */
export const readSessionErrors = { unauthorized } as const;
/** An operator's POST. */
export const operatorErrors = { unauthorized, crossSite, forbidden } as const;
/** A call with params, query or a body. */
export const inputErrors = { validation } as const;

/* ------------------------------------------------------------------ matching an answer */

function bodySchemaOf(declaration: ErrorDeclaration) {
  return v.object({
    message: v.string(),
    messageId: v.string(),
    errors: v.optional(v.record(v.string(), v.string())),
    values:
      declaration.values ?? v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  });
}

/**
 * The kind of an error answer among `declarations`, its body checked whole (values included):
 * what the bff, the mocks and the conformance suite hold answers to. Undefined when no
 * declaration matches: the answer is undeclared.
 */
export function declaredErrorKind(
  declarations: ErrorDeclarations,
  status: number,
  body: unknown,
): string | undefined {
  const messageId = (body as { messageId?: unknown } | null)?.messageId;
  const kind = errorKindOf(
    declarations,
    status,
    typeof messageId === 'string' ? messageId : undefined,
  );
  if (kind === undefined) return undefined;
  return v.is(bodySchemaOf(declarations[kind]!), body) ? kind : undefined;
}
