import { changeMobile, confirmEmail, signup } from '@brnd/contracts/api/accounts';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { databaseName } from '../db/database.ts';
import { freePort } from '../db/embedded.ts';
import { createMemoryLogger } from '../logger.ts';
import { startMailCatcher, type MailCatcher } from '../providers/mail-catcher.ts';
import { createSmtpMailer } from '../providers/mail.ts';
import { createTwilioSms } from '../providers/twilio.ts';
import { startTwilioSimulator, type TwilioSimulator } from '../providers/twilio-simulator.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, countMessages, emailCode, newUser, storedMobile } from '../testing/http.ts';
import { createDatabaseFromTemplate, dropDatabase } from '../testing/test-database.ts';
import { queuedMailer, startMailWorker } from './mail.ts';
import { startJobQueue, type JobQueue } from './queue.ts';
import { queuedSms, startSmsWorker } from './sms.ts';

/**
 * Issue #19: no message is lost while the mail server or the SMS provider is down, and none is
 * sent twice. The bff runs as in production: messages queued as pg-boss jobs, workers handing
 * them to a real SMTP server (the mail catcher, absent at first) and to Twilio's API (the
 * simulator, answering 503 at first), retried until they come back.
 */

const info = inject('brndTestDatabase');
const FAST_RETRY = { retryDelaySeconds: 1, retryLimit: 6 };
let databaseUrl: string;
let queue: JobQueue;
let app: TestApp;
let smtpPort: number;
let simulator: TwilioSimulator;
let catcher: MailCatcher | undefined;
const workerLog = createMemoryLogger();

beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(info);
  queue = await startJobQueue(databaseUrl, createMemoryLogger());
  app = await startTestApp({ databaseUrl, mailer: queuedMailer(queue), sms: queuedSms(queue) });
  // Nothing listens on this port until the test starts the mail server there.
  smtpPort = await freePort();
  const smtp = createSmtpMailer({
    transport: { host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true },
    from: 'BRND <no-reply@brnd.example>',
  });
  await startMailWorker(queue, smtp, workerLog, FAST_RETRY);
  simulator = await startTwilioSimulator({ db: app.db, logger: createMemoryLogger() });
  const twilio = createTwilioSms({
    apiUrl: simulator.url,
    accountSid: simulator.accountSid,
    authToken: simulator.authToken,
    from: 'BRND',
  });
  await startSmsWorker(queue, twilio, workerLog, FAST_RETRY);
});
afterAll(async () => {
  await queue?.stop();
  await catcher?.close();
  await simulator?.close();
  await app?.close();
  await dropDatabase(info.serverUrl, databaseName(databaseUrl));
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const retried = (what: string) =>
  workerLog.entries.filter((entry) => entry.message === `${what} not sent yet; it is retried`)
    .length;

test('a mail and an SMS sent while SMTP and Twilio are down arrive once each when they are back', async () => {
  const user = newUser();
  const mobile = storedMobile(user.mobile);

  // SMTP down: the sign-up answers as usual, its mail waits in the queue and is tried again.
  expect((await call(app.baseUrl, signup, { body: { ...user } })).status).toBe(201);
  await until(() => retried('mail') >= 2);
  expect(await countMessages(app.baseUrl, user.email, 'email')).toBe(0);

  catcher = await startMailCatcher({ db: app.db, logger: createMemoryLogger(), port: smtpPort });
  await until(async () => (await countMessages(app.baseUrl, user.email, 'email')) > 0);
  const code = await emailCode(app.baseUrl, user.email);
  expect(
    (await call(app.baseUrl, confirmEmail, { body: { verification_code: code } })).status,
  ).toBe(200);

  // Twilio down (503): the code's SMS waits and is tried again.
  simulator.setOutage(true);
  const changed = await call(app.baseUrl, changeMobile, {
    body: { verification_code: code, mobile: user.mobile },
  });
  expect(changed.status).toBe(200);
  await until(() => retried('SMS') >= 2);
  expect(await countMessages(app.baseUrl, mobile, 'sms')).toBe(0);

  simulator.setOutage(false);
  await until(async () => (await countMessages(app.baseUrl, mobile, 'sms')) > 0);

  // Each event's message arrived once: nothing is sent again after it went through.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await countMessages(app.baseUrl, user.email, 'email')).toBe(1);
  expect(await countMessages(app.baseUrl, mobile, 'sms')).toBe(1);
  const [jobs] = await app.db.query<{ waiting: string }>(
    `SELECT count(*) FILTER (WHERE state <> 'completed') AS waiting FROM pgboss.job
     WHERE name IN ('mail-send', 'sms-send')`,
  );
  expect(Number(jobs?.waiting)).toBe(0);
}, 60_000);
