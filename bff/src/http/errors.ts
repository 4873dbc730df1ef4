import type { ErrorResponse } from '@brnd/contracts/api/errors';
import { busy } from '@brnd/contracts/api/shared-errors';
import type { ValidationFailure } from '@brnd/contracts/api/validation';
import { BUSY_RETRY_AFTER_SECONDS } from '@brnd/contracts/domain/constants';
import type { Context } from 'koa';
import { ConnectionAcquireTimeoutError } from 'sequelize';
import type { Logger } from '../logger.ts';
import { DomainError } from '../services/errors.ts';
import { english } from '../services/messages.ts';
import { isClientGone } from './request-id.ts';

/** A request part did not match the endpoint's contract schema (contracts/api/validation.ts). */
export class ValidationError extends Error {
  constructor(readonly failure: ValidationFailure) {
    super('Request failed validation');
    this.name = 'ValidationError';
  }
}

export function validationResponse({ messageId, errors }: ValidationFailure): ErrorResponse {
  return { message: english(messageId), messageId, ...(errors ? { errors } : {}) };
}

/** The answer of a service's refusal: its message in English, its id, fields and values. */
export function domainErrorBody(error: DomainError): ErrorResponse {
  const values = Object.fromEntries(
    Object.entries(error.values).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
  return {
    message: english(error.messageId, error.values),
    messageId: error.messageId,
    ...(error.fields ? { errors: error.fields } : {}),
    ...(Object.keys(values).length > 0 ? { values } : {}),
  };
}

/** Errors from Koa and its middleware (bad JSON, body too large) carry a status and `expose`. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

const HTTP_MESSAGE_IDS: Record<number, string> = {
  400: 'errors.validation',
  401: 'errors.unauthorized',
  404: 'errors.notFound',
};

export function errorBody(messageId: string): ErrorResponse {
  return { message: english(messageId), messageId };
}

/**
 * Every failure leaves as `{ message, messageId, errors? }`. Unexpected errors become a 500 with a
 * fixed text and are logged with the request id; a stack trace never reaches the client.
 * Called by the front door (front-door.ts) for whatever a request throws.
 */
export function answerError(ctx: Context, error: unknown, logger: Logger): void {
  if (error instanceof ValidationError) {
    ctx.status = 400;
    ctx.body = validationResponse(error.failure);
    return;
  }
  if (error instanceof DomainError) {
    ctx.status = error.status;
    if (error.retryAfterSeconds !== undefined) {
      ctx.set('Retry-After', String(error.retryAfterSeconds));
    }
    if (error.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
    ctx.body = domainErrorBody(error);
    return;
  }
  const http = (typeof error === 'object' && error !== null ? error : {}) as HttpLikeError;
  const status = http.status ?? http.statusCode ?? 500;
  if (status >= 400 && status < 500 && http.expose) {
    ctx.status = status;
    const messageId = HTTP_MESSAGE_IDS[status] ?? 'errors.validation';
    ctx.body = { message: http.message ?? english(messageId), messageId };
    return;
  }
  if (error instanceof ConnectionAcquireTimeoutError) {
    // Every connection stayed busy for the acquire timeout: a rush (month-end votes), not a
    // fault. The statement never ran; the client, or the proxy in front of the replicas, may
    // ask again (money and vote paths are one transaction or carry an idempotency key).
    logger.warn('no database connection free in time', {
      requestId: ctx.state.requestId,
      method: ctx.method,
      path: ctx.path,
    });
    ctx.status = busy.status;
    ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    ctx.body = errorBody(busy.messageId!);
    return;
  }
  if (isClientGone(error)) {
    // Nobody is left to answer; the status is for the access log only.
    logger.debug('client closed the connection', { method: ctx.method, path: ctx.path });
    ctx.status = 499;
    return;
  }
  logger.error('request failed', {
    requestId: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    err: error,
  });
  ctx.status = 500;
  ctx.body = errorBody('errors.server');
}
