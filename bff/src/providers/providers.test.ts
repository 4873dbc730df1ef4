import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { readOutbox } from '../testing/http.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { createSmtpMailer } from './mail.ts';

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
