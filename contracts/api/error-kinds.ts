import type * as v from 'valibot';

/**
 * The error catalogue's shapes and the client's naming of an error (decision 051), without
 * valibot: the production browser's transport names kinds but validates nothing (decision 050).
 */

export interface ErrorDeclaration<
  TValues extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  readonly status: number;
  /** The answer's `messageId`; undefined: any (a 400 carries its first field's own message). */
  readonly messageId: string | undefined;
  /** What `values` holds; undefined: the answer has none. */
  readonly values: TValues;
  /** The answer carries `Retry-After`. */
  readonly retryAfter: boolean;
}

/** An endpoint's declared errors, by kind. */
export type ErrorDeclarations = Readonly<Record<string, ErrorDeclaration>>;

/**
 * The kind an error answer is among an endpoint's declarations: the first of its status whose
 * message id is the answer's (or that takes any). The message id names the error on the wire.
 */
export function errorKindOf(
  declarations: ErrorDeclarations,
  status: number,
  messageId: string | undefined,
): string | undefined {
  for (const [kind, declaration] of Object.entries(declarations)) {
    if (declaration.status !== status) continue;
    if (declaration.messageId === undefined || declaration.messageId === messageId) return kind;
  }
  return undefined;
}
