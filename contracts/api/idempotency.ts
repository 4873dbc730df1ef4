import * as v from 'valibot';
import { declareError } from './shared-errors.ts';

/**
 * `Idempotency-Key` (Stripe's semantics, docs/decisions/027) on the order-creating endpoints
 * (`buyTokens`, `kantor`): a client-chosen key, one per buy attempt. The same key and body within IDEMPOTENCY_KEY_LIFETIME_MS (contracts/domain/constants) answer the first result, also
 * when the two requests race; the same key with another body answers 422
 * `orders.errors.idempotencyMismatch`. Nothing is created twice. Keys are per user.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'orders.errors.idempotencyKey'),
  v.maxLength(255, 'orders.errors.idempotencyKey'),
  v.regex(/^[\x21-\x7e]+$/, 'orders.errors.idempotencyKey'),
);
export const IdempotentHeadersSchema = v.object({
  [IDEMPOTENCY_KEY_HEADER]: v.optional(IdempotencyKeySchema),
});

/**
 * The body as the key remembers it: JSON with keys sorted, so key order or an absent optional
 * field never makes "another body". The bff hashes it; the mocks compare it.
 */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item && typeof item === 'object') {
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>)
          .filter(([, entry]) => entry !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, entry]) => [key, sorted(entry)]),
      );
    }
    return item;
  };
  return JSON.stringify(sorted(value));
}

/** The same `Idempotency-Key` with another body. */
export const idempotencyMismatch = declareError({
  status: 422,
  messageId: 'orders.errors.idempotencyMismatch',
});
/** The first request with this key is still being answered (two requests raced). */
export const idempotencyInProgress = declareError({
  status: 409,
  messageId: 'orders.errors.idempotencyInProgress',
});
/** The answers of an endpoint that honours `Idempotency-Key` (decision 051). */
export const idempotencyErrors = { idempotencyMismatch, idempotencyInProgress } as const;
