import { expect, type APIRequestContext } from '@playwright/test';

/** One message captured by the dev outbox (`GET /dev/outbox`, newest first). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

function isFor(message: OutboxMessage, to: string): boolean {
  if (message.channel === 'email') return message.to.toLowerCase().includes(to.toLowerCase());
  const digits = (value: string) => value.replace(/[^0-9]/g, '');
  return digits(message.to) === digits(to);
}

/**
 * The newest message to `to` on `channel` whose text matches `pattern`. Mail travels through SMTP,
 * so it can land a moment after the API has answered: keep looking for a while.
 */
async function newestMatch(
  request: APIRequestContext,
  channel: OutboxMessage['channel'],
  to: string,
  pattern: RegExp,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const message of await readOutbox(request)) {
      if (message.channel !== channel || !isFor(message, to)) continue;
      const match = message.text.match(pattern);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`No ${channel} to ${to} matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path of the e-mail verification link, e.g. `/verify/<code>`. */
export function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  return newestMatch(request, 'email', email, /\/verify\/[A-Za-z0-9_-]+/);
}

/** The path of the password reset link, e.g. `/resetpassword/<code>`. */
export function resetLink(request: APIRequestContext, email: string): Promise<string> {
  return newestMatch(request, 'email', email, /\/resetpassword\/[A-Za-z0-9_-]+/);
}

/** The 4-digit SMS code: the only 4-digit number in the text. */
export function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  return newestMatch(request, 'sms', mobile, /(?<!\d)\d{4}(?!\d)/);
}

/** The first match of `pattern` in the newest e-mail to `email` that has one. */
export function emailMatch(
  request: APIRequestContext,
  email: string,
  pattern: RegExp,
): Promise<string> {
  return newestMatch(request, 'email', email, pattern);
}
