import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { readOutbox } from '../testing/http.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { createSmtpMailer } from './mail.ts';
import { createHttpSms } from './sms.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('mail sent over SMTP to the catcher lands in the outbox, long links intact', async () => {
  const catcher = await startMailCatcher({ db: app.db, logger: createMemoryLogger() });
  const mailer = createSmtpMailer({
    transport: { host: catcher.host, port: catcher.port, secure: false, ignoreTLS: true },
    from: 'BRND <no-reply@brnd.example>',
  });
  try {
    const link = `http://localhost:3000/verify/${'a1B2_c3-'.repeat(6)}`;
    await mailer.send({
      to: 'zoë@example.com',
      subject: 'Potwierdź swój adres e-mail',
      text: `Dzień dobry,\n\n${link}\n\n${'A long line that must be wrapped by the encoder. '.repeat(4)}`,
    });
    const [message] = await readOutbox(app.baseUrl);
    expect(message).toMatchObject({
      channel: 'email',
      to: 'zoë@example.com',
      subject: 'Potwierdź swój adres e-mail',
    });
    expect(message?.text).toContain(`\n${link}\n`);
    expect(message?.text).toContain('Dzień dobry');
  } finally {
    await mailer.close();
    await catcher.close();
  }
});

test('the HTTP SMS adapter posts JSON with the bearer key', async () => {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const gateway = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"sms-1"}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/messages`;
  try {
    const sms = createHttpSms({ url, apiKey: 'k-123', sender: 'BRND' });
    await sms.send({ to: '+48601234567', text: 'Your BRND verification code: 4821' });
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.authorization).toBe('Bearer k-123');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({
      to: '+48601234567',
      text: 'Your BRND verification code: 4821',
      from: 'BRND',
    });
  } finally {
    await new Promise((resolve) => gateway.close(resolve));
  }
});

test('the HTTP SMS adapter fails on a gateway error, without echoing the key', async () => {
  const gateway = createServer((_request, response) => {
    response.writeHead(503).end('busy');
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/messages`;
  try {
    const sms = createHttpSms({ url, apiKey: 'k-secret' });
    const failure = sms.send({ to: '+48601234567', text: 'x' });
    await expect(failure).rejects.toThrow('SMS gateway answered 503');
    await expect(failure).rejects.not.toThrow('k-secret');
  } finally {
    await new Promise((resolve) => gateway.close(resolve));
  }
});
