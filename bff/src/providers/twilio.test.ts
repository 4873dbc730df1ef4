import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { readOutbox } from '../testing/http.ts';
import { createdMessage, invalidToError, signedRequest } from './fixtures/twilio.ts';
import { createTwilioSms, twilioSignature, TwilioError, verifyTwilioSignature } from './twilio.ts';
import { startTwilioSimulator } from './twilio-simulator.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A stand-in for api.twilio.com answering one published fixture. */
async function fixtureServer(status: number, body: unknown) {
  const received: { url: string; headers: IncomingMessage['headers']; form: URLSearchParams }[] =
    [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(text),
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('the Twilio adapter posts the Messages form with basic auth and reads the published answer', async () => {
  const twilio = await fixtureServer(201, createdMessage);
  try {
    const sms = createTwilioSms({
      apiUrl: twilio.url,
      accountSid: createdMessage.account_sid,
      authToken: 'token-1',
      messagingServiceSid: createdMessage.messaging_service_sid,
      statusCallback: 'https://brnd.example/api/providers/sms/status',
    });
    const message = await sms.create({ to: '+48601234567', text: 'Twój kod BRND: 4821' });
    expect(message).toEqual({
      sid: createdMessage.sid,
      status: 'queued',
      to: createdMessage.to,
      error_code: null,
    });
    const [request] = twilio.received;
    expect(request?.url).toBe(`/2010-04-01/Accounts/${createdMessage.account_sid}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${createdMessage.account_sid}:token-1`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+48601234567',
      Body: 'Twój kod BRND: 4821',
      MessagingServiceSid: createdMessage.messaging_service_sid,
      StatusCallback: 'https://brnd.example/api/providers/sms/status',
    });
  } finally {
    await twilio.close();
  }
});

test('a refused number is a permanent error; an outage is retried', async () => {
  const refusing = await fixtureServer(400, invalidToError);
  const down = await fixtureServer(503, { code: 20503, message: 'Service unavailable' });
  try {
    const options = { accountSid: createdMessage.account_sid, authToken: 't', from: 'BRND' };
    const refused = await createTwilioSms({ ...options, apiUrl: refusing.url })
      .send({ to: '+1555', text: 'x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TwilioError);
    expect(refused).toMatchObject({ status: 400, code: 21211, permanent: true });
    const outage = await createTwilioSms({ ...options, apiUrl: down.url })
      .send({ to: '+48601234567', text: 'x' })
      .catch((error: unknown) => error);
    expect(outage).toMatchObject({ status: 503, permanent: false });
  } finally {
    await refusing.close();
    await down.close();
  }
});

test("signatures match Twilio's published example, and nothing else", () => {
  const { authToken, url, params, signature } = signedRequest;
  expect(twilioSignature(authToken, url, params)).toBe(signature);
  expect(verifyTwilioSignature(authToken, signature, url, params)).toBe(true);
  expect(verifyTwilioSignature(authToken, signature, url, { ...params, Digits: '1235' })).toBe(
    false,
  );
  expect(verifyTwilioSignature('other', signature, url, params)).toBe(false);
  expect(verifyTwilioSignature(authToken, undefined, url, params)).toBe(false);
});

test('the simulator answers like Twilio, feeds the outbox and reports signed statuses', async () => {
  const callbacks: { signature: string; form: Record<string, string> }[] = [];
  const receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      callbacks.push({
        signature: String(request.headers['x-twilio-signature']),
        form: Object.fromEntries(new URLSearchParams(text)),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/status`;
  const simulator = await startTwilioSimulator({ db: app.db, logger: createMemoryLogger() });
  try {
    const sms = createTwilioSms({
      apiUrl: simulator.url,
      accountSid: simulator.accountSid,
      authToken: simulator.authToken,
      from: 'BRND',
      statusCallback: callbackUrl,
    });
    const mobile = '+48601999888';
    const message = await sms.create({ to: mobile, text: 'Your BRND verification code: 4821' });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.status).toBe(createdMessage.status);
    const [stored] = (await readOutbox(app.baseUrl)).filter((row) => row.to === mobile);
    expect(stored).toMatchObject({ channel: 'sms', text: 'Your BRND verification code: 4821' });

    await expect
      .poll(() => callbacks.map((callback) => callback.form.MessageStatus))
      .toEqual(['sent', 'delivered']);
    for (const callback of callbacks) {
      expect(callback.form.MessageSid).toBe(message.sid);
      expect(
        verifyTwilioSignature(simulator.authToken, callback.signature, callbackUrl, callback.form),
      ).toBe(true);
    }

    // The simulator refuses what Twilio refuses, in Twilio's error shape.
    const refused = await sms.send({ to: '+1555', text: 'x' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: invalidToError.code, permanent: true });
    const wrongToken = await createTwilioSms({
      apiUrl: simulator.url,
      accountSid: simulator.accountSid,
      authToken: 'wrong',
      from: 'BRND',
    })
      .send({ to: mobile, text: 'x' })
      .catch((error: unknown) => error);
    expect(wrongToken).toMatchObject({ status: 401, permanent: true });
    simulator.setOutage(true);
    const outage = await sms.send({ to: mobile, text: 'x' }).catch((error: unknown) => error);
    expect(outage).toMatchObject({ status: 503, permanent: false });
  } finally {
    await simulator.close();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
