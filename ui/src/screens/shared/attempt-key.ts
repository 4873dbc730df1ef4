import { canonicalJson } from '@brnd/contracts/api/idempotency';

/**
 * One `Idempotency-Key` per buy attempt (docs/decisions/027): sending the same order again (a
 * double click, a retry after a network error) reuses the key, so the server makes one order;
 * another amount or method, or a new attempt after a finished one, gets a new key.
 */
export interface AttemptKeys {
  keyFor(body: unknown): string;
  /** The attempt succeeded: the next order is a new one. */
  finish(): void;
}

function randomKey(): string {
  // getRandomValues works on plain http too, where randomUUID does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createAttemptKeys(newKey: () => string = randomKey): AttemptKeys {
  let current: { body: string; key: string } | undefined;
  return {
    keyFor(body) {
      const sent = canonicalJson(body);
      if (current?.body !== sent) current = { body: sent, key: newKey() };
      return current.key;
    },
    finish() {
      current = undefined;
    },
  };
}
