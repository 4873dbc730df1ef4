import type { PrimitiveType } from 'intl-messageformat';
import { waitDuration } from '@brnd/contracts/domain/durations';

/**
 * An expected failure of a service: HTTP status plus the locale id the interface shows.
 * Services throw it; the HTTP layer turns it into `{ message, messageId, errors? }`.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly messageId: string;
  readonly values: Record<string, PrimitiveType>;
  /** Field name → message id, for errors that belong to one form field. */
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    messageId: string,
    options: {
      values?: Record<string, PrimitiveType>;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(messageId);
    this.name = 'DomainError';
    this.status = status;
    this.messageId = messageId;
    this.values = options.values ?? {};
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function tooManyAttempts(retryAfterSeconds: number, messageId = 'errors.tooManyAttempts') {
  return new DomainError(429, messageId, {
    retryAfterSeconds,
    values: { seconds: retryAfterSeconds, ...waitDuration(retryAfterSeconds) },
  });
}
