import * as v from 'valibot';
import type { Endpoint } from './endpoint.ts';

/**
 * How a request that breaks an endpoint's schemas is answered, shared by the bff and the mocks so
 * both produce the same 400: `messageId` is the first issue's id (the spec shows the server's
 * message as the notification) and `errors` maps each failing field to its first id.
 */

export interface ValidationFailure {
  messageId: string;
  errors?: Record<string, string>;
}

/** `namespace.key`, the namespace in camelCase (`brandTokens.errors.amount`). */
const MESSAGE_ID = /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/;

/**
 * Contract schemas name their messages by locale id; valibot's own messages (a missing field, a
 * wrong type) are prose: an absent value is `validation.required`, anything else
 * `errors.validation`.
 */
export function issueMessageId(issue: v.BaseIssue<unknown>): string {
  if (MESSAGE_ID.test(issue.message)) return issue.message;
  return issue.input === undefined || issue.input === ''
    ? 'validation.required'
    : 'errors.validation';
}

export function validationFailure(issues: readonly v.BaseIssue<unknown>[]): ValidationFailure {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue);
    if (field && !(field in errors)) errors[field] = issueMessageId(issue);
  }
  const first = issues[0];
  const messageId = first ? issueMessageId(first) : 'errors.validation';
  return Object.keys(errors).length > 0 ? { messageId, errors } : { messageId };
}

export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  /** Request headers by lower-case name. */
  headers?: unknown;
}

export type ParsedInput =
  | { success: true; params: unknown; query: unknown; body: unknown; headers: unknown }
  | { success: false; failure: ValidationFailure };

/** Parses each part the endpoint declares; a part it does not declare is ignored. */
export function parseEndpointInput(endpoint: Endpoint, raw: RawInput): ParsedInput {
  const issues: v.BaseIssue<unknown>[] = [];
  const params = parsePart(endpoint.params, raw.params, issues);
  const query = parsePart(endpoint.query, raw.query, issues);
  const body = parsePart(endpoint.body, raw.body, issues);
  const headers = parsePart(endpoint.headers, raw.headers, issues);
  if (issues.length > 0) return { success: false, failure: validationFailure(issues) };
  return { success: true, params, query, body, headers };
}

/** One part's output, or undefined with its issues added (every request runs this: no closure). */
function parsePart(
  schema: v.GenericSchema | undefined,
  value: unknown,
  issues: v.BaseIssue<unknown>[],
): unknown {
  if (!schema) return undefined;
  const result = v.safeParse(schema, value ?? {});
  if (result.success) return result.output;
  issues.push(...result.issues);
  return undefined;
}
