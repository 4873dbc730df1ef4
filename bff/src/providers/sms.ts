import type { Database } from '../db/database.ts';
import { requestIdHeader } from '../logger.ts';

export interface SmsMessage {
  /** E.164-like: digits with an optional leading plus. */
  to: string;
  text: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Development default: the SMS lands in the outbox table, shown at /dev/outbox. */
export function createOutboxSms(db: Database): SmsProvider {
  return {
    async send(message) {
      await db.models.OutboxMessage.create({ channel: 'sms', subject: '', ...message });
    },
  };
}

export interface HttpSmsOptions {
  url: string;
  apiKey: string;
  sender?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Production adapter for gateways with a JSON API: `POST url` with `{ to, text, from? }` and a
 * bearer key. Any non-2xx answer is an error (the caller decides whether to retry).
 */
export function createHttpSms(options: HttpSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? globalThis.fetch;
  return {
    async send(message) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...requestIdHeader(),
        },
        body: JSON.stringify({
          to: message.to,
          text: message.text,
          ...(options.sender ? { from: options.sender } : {}),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      // Drain the body so the connection can be reused; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw new Error(`SMS gateway answered ${response.status} ${response.statusText}`);
      }
    },
  };
}
