import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { basicAuth, messagesPath, twilioSignature } from './twilio.ts';

/**
 * A local stand-in for Twilio's Messages API (decision 033), used when no Twilio account is
 * configured: the bff's real Twilio adapter talks to it over HTTP. It checks the basic auth and
 * the fields as Twilio does, answers with a Message resource, puts the SMS in the dev outbox
 * (where a person reads the code), and reports `sent` then `delivered` to the StatusCallback,
 * signed with X-Twilio-Signature like Twilio's own callbacks.
 */
export interface TwilioSimulator {
  url: string;
  accountSid: string;
  authToken: string;
  /** While true, every request answers 503 (an outage for tests of the retry). */
  setOutage(down: boolean): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

function sid(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    }),
  );
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startTwilioSimulator(options: {
  db: Database;
  logger: Logger;
  accountSid?: string;
  authToken?: string;
}): Promise<TwilioSimulator> {
  const accountSid = options.accountSid ?? sid('AC');
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  let outage = false;

  async function report(callback: string, message: Record<string, string>, status: string) {
    const params = { ...message, MessageStatus: status, SmsStatus: status };
    await fetch(callback, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, callback, params),
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(5_000),
    });
  }

  async function create(request: IncomingMessage, response: ServerResponse) {
    if (request.headers.authorization !== basicAuth(accountSid, authToken)) {
      twilioError(response, 401, 20003, 'Authenticate');
      return;
    }
    const form = await readForm(request);
    const to = form.To ?? '';
    if (!E164.test(to)) {
      twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      return;
    }
    if (!form.Body) {
      twilioError(response, 400, 21602, 'Message body is required.');
      return;
    }
    if (!form.From && !form.MessagingServiceSid) {
      twilioError(response, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
      return;
    }
    const messageSid = sid('SM');
    await options.db.models.OutboxMessage.create({
      channel: 'sms',
      to,
      subject: '',
      text: form.Body,
    });
    const now = new Date().toUTCString().replace('GMT', '+0000');
    const path = `/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}`;
    response.writeHead(201, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        sid: messageSid,
        account_sid: accountSid,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        to,
        from: form.From ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        num_media: '0',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        date_created: now,
        date_updated: now,
        date_sent: null,
        uri: `${path}.json`,
        subresource_uris: { media: `${path}/Media.json` },
      }),
    );
    const callback = form.StatusCallback;
    if (callback) {
      const message = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: form.From ?? '',
        MessageSid: messageSid,
        SmsSid: messageSid,
        To: to,
      };
      void (async () => {
        for (const status of ['sent', 'delivered']) await report(callback, message, status);
      })().catch((error: unknown) =>
        options.logger.warn('the SMS simulator could not report a status', { err: error }),
      );
    }
  }

  const server = createServer((request, response) => {
    if (outage) {
      twilioError(response, 503, 20503, 'Service unavailable');
      return;
    }
    if (request.method === 'POST' && request.url === messagesPath(accountSid)) {
      create(request, response).catch((error: unknown) => {
        options.logger.error('the SMS simulator failed', { err: error });
        if (!response.headersSent) twilioError(response, 500, 20500, 'Internal server error');
      });
      return;
    }
    twilioError(response, 404, 20404, 'The requested resource was not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    setOutage(down) {
      outage = down;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
