import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';

/**
 * Development only (never in production): the messages the platform would have sent, so a person
 * or a test can follow the e-mail links and SMS codes. Served by the bff and by the mocks alike;
 * not part of `endpoints`.
 */

export const OutboxMessageSchema = v.object({
  channel: v.picklist(['email', 'sms']),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  /** E-mails: the HTML part (null for SMS and text-only mail). */
  html: v.optional(v.nullable(v.string()), null),
  /** ISO 8601. */
  createdAt: v.string(),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>;

/** Newest first. */
export const devOutbox = defineEndpoint({
  id: 'devOutbox',
  method: 'GET',
  path: '/dev/outbox',
  response: v.array(OutboxMessageSchema),
});

/** The e-mail verification link is `<APP_URL>/verify/<code>`. */
export function verificationCodeFrom(text: string): string | undefined {
  return /\/verify\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
}

/** The reset link is `<APP_URL>/resetpassword/<code>`. */
export function resetCodeFrom(text: string): string | undefined {
  return /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
}

/** The SMS code is the only 4-digit number in the text. */
export function smsCodeFrom(text: string): string | undefined {
  return /(?<![0-9])([0-9]{4})(?![0-9])/.exec(text)?.[1];
}

export const devEndpoints = { devOutbox } as const;
