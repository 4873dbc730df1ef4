import { createHmac, timingSafeEqual } from 'node:crypto';
import { requestIdHeader } from '../logger.ts';
import type { SmsMessage, SmsProvider } from './sms.ts';

/**
 * Twilio's Programmable Messaging REST API (decision 033): `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `Body` and `From` (or
 * `MessagingServiceSid`), HTTP basic auth with the account SID and auth token. Delivery reports
 * come back to `StatusCallback`, signed with `X-Twilio-Signature`.
 */

export const TWILIO_API_URL = 'https://api.twilio.com';

export interface TwilioOptions {
  /** https://api.twilio.com, or the local simulator. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) or an alphanumeric sender ID; or a messaging service instead. */
  from?: string;
  messagingServiceSid?: string;
  /** Where Twilio reports each message's status (our /api/providers/sms/status). */
  statusCallback?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** The Message resource fields we read from an answer. */
export interface TwilioMessage {
  sid: string;
  status: string;
  to: string;
  error_code: number | null;
}

/**
 * Twilio refused the message. `permanent`: asking again cannot help (a 4xx: an invalid number,
 * an unverified sender); the job queue retries only the others (5xx, 429, network).
 */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
  }

  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

export function messagesPath(accountSid: string): string {
  return `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
}

export function basicAuth(accountSid: string, authToken: string): string {
  return `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
}

export function createTwilioSms(options: TwilioOptions): SmsProvider & {
  create(message: SmsMessage): Promise<TwilioMessage>;
} {
  const doFetch = options.fetch ?? globalThis.fetch;
  async function create(message: SmsMessage): Promise<TwilioMessage> {
    const form = new URLSearchParams({ To: message.to, Body: message.text });
    if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
    else if (options.from) form.set('From', options.from);
    if (options.statusCallback) form.set('StatusCallback', options.statusCallback);
    const response = await doFetch(`${options.apiUrl}${messagesPath(options.accountSid)}`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(options.accountSid, options.authToken),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...requestIdHeader(),
      },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<TwilioMessage> & {
      code?: number;
      message?: string;
    };
    if (!response.ok) {
      throw new TwilioError(
        `Twilio answered ${response.status}${body.code ? ` (error ${body.code})` : ''}: ${
          body.message ?? response.statusText
        }`,
        response.status,
        body.code ?? null,
      );
    }
    if (typeof body.sid !== 'string' || typeof body.status !== 'string') {
      throw new TwilioError('Twilio answered without a message sid', response.status, null);
    }
    return {
      sid: body.sid,
      status: body.status,
      to: body.to ?? message.to,
      error_code: body.error_code ?? null,
    };
  }
  return {
    create,
    async send(message) {
      await create(message);
    },
  };
}

/**
 * Twilio's request signature: HMAC-SHA1, keyed with the auth token, of the full URL followed by
 * every POST parameter's name and value, sorted by name, base64-encoded.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
