import type { IntlShape } from 'react-intl';
import { ApiError } from '@brnd/contracts/api/errors';
import { waitDuration } from '@brnd/contracts/domain/durations';

/** Locale ids a field can carry: `validation.email`, or a server id such as `errors.emailExists`. */
export type FieldErrors = Record<string, string>;

function hasMessage(intl: IntlShape, id: string): boolean {
  return Object.prototype.hasOwnProperty.call(intl.messages, id);
}

/**
 * What the user reads when a call fails: the locale message the server named when we know it,
 * otherwise the server's own (English) text. A 429 says how long to wait.
 */
export function apiErrorText(
  error: unknown,
  intl: IntlShape,
  /** For placeholders the screen fills (a vote limit's hours, say); the answer's `values` too. */
  values?: Record<string, string | number>,
): string {
  if (!(error instanceof ApiError)) return intl.formatMessage({ id: 'errors.server' });
  const { messageId, message } = error.body;
  // A throttle with its own explanation (too many SMS codes) keeps it; a generic one counts down.
  if (error.status === 429 && (!messageId || messageId === 'errors.tooManyAttempts')) {
    const seconds = error.retryAfterSeconds;
    return seconds === undefined
      ? intl.formatMessage({ id: 'errors.tooManyAttemptsLater' })
      : intl.formatMessage({ id: 'errors.tooManyAttempts' }, { ...waitDuration(seconds) });
  }
  if (messageId && hasMessage(intl, messageId)) {
    // The server's values (a limit it names) first; the screen's own fill in or override.
    return intl.formatMessage({ id: messageId }, { ...error.body.values, ...values });
  }
  return message;
}

/** The locale id a failed call carries, for screens that react to one failure in particular. */
export function apiErrorId(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body.messageId : undefined;
}

/**
 * Statuses whose answer names the fields at fault: 400 for the rules, 413 and 415 for an upload
 * refused by its size or its bytes.
 */
const FIELD_ERROR_STATUSES = new Set([400, 413, 415]);

/** Per-field messages of a refusal, keyed by the request's field names. */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || !FIELD_ERROR_STATUSES.has(error.status)) return undefined;
  const errors = error.body.errors;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}
