import type { ErrorResponse } from './error-schema.ts';

/** Apart from its schema (error-schema.ts): the first page throws and reads errors, and validates none. */
export type { ErrorResponse };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
    readonly headers: Headers = new Headers(),
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
