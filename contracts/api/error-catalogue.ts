import * as v from 'valibot';
import type { ErrorResponse } from './error-schema.ts';
import { errorKindOf, type ErrorDeclaration, type ErrorDeclarations } from './error-kinds.ts';
import { declareError } from './shared-errors.ts';

export { errorKindOf, type ErrorDeclaration, type ErrorDeclarations };
/* The shared answers without values, apart so the first page's endpoints stay free of valibot. */
export {
  crossSite,
  declareError,
  forbidden,
  inputErrors,
  linkInvalid,
  notFound,
  operatorErrors,
  operatorReadErrors,
  readSessionErrors,
  sessionErrors,
  unauthorized,
  validation,
  wrongCurrentPassword,
} from './shared-errors.ts';

/**
 * The error catalogue (decision 051): every error answer an endpoint may give is declared on the
 * endpoint (`errors: { ...sessionErrors, alreadyVoted, voteLimit }`), each a status, the message
 * id that names it on the wire and the schema of its values. The bff and the mocks refuse to
 * answer an error their endpoint does not declare, the client names the kind of each error it
 * receives (`isEndpointError`), and the conformance suite reaches every declared error.
 */

type AnySchema = v.GenericSchema;

/** The body of one declared error, its `values` typed. */
export type DeclaredErrorBody<D extends ErrorDeclaration> = Omit<ErrorResponse, 'values'> &
  (D['values'] extends AnySchema ? { values: v.InferOutput<D['values']> } : { values?: never });

/* ------------------------------------------------------------------ the shared answers with values */

/** An attempt throttle (logins, codes): come back after `seconds`. */
export const tooManyAttempts = declareError({
  status: 429,
  messageId: 'errors.tooManyAttempts',
  retryAfter: true,
  values: v.object({ seconds: v.number() }),
});

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
