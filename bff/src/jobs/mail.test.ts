import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { databaseName } from '../db/database.ts';
import { createMemoryLogger, withRequestId } from '../logger.ts';
import type { MailMessage, Mailer } from '../providers/mail.ts';
import { createDatabaseFromTemplate, dropDatabase } from '../testing/test-database.ts';
import { queuedMailer, startMailWorker } from './mail.ts';
import { startJobQueue } from './queue.ts';

const info = inject('brndTestDatabase');
const FAST_RETRY = { retryDelaySeconds: 1, retryLimit: 5 };
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(info);
});
afterAll(async () => {
  await dropDatabase(info.serverUrl, databaseName(databaseUrl));
});

/** An SMTP server stand-in that refuses the first `failures` messages, then takes them. */
function flakyTransport(failures: number) {
  const delivered: MailMessage[] = [];
  let refused = 0;
  const transport: Mailer = {
    async send(message) {
      if (refused < failures) {
        refused += 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      }
      delivered.push(message);
    },
    async close() {},
  };
  return { transport, delivered, attempts: () => refused + delivered.length };
}

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const message = (subject: string): MailMessage => ({
  to: 'brand@example.com',
  subject,
  text: 'Your brand was verified.',
});

test('a mail the SMTP server refuses is sent again until it takes it, once', async () => {
  const queue = await startJobQueue(databaseUrl, createMemoryLogger());
  try {
    const smtp = flakyTransport(2);
    const logger = createMemoryLogger();
    await startMailWorker(queue, smtp.transport, logger, FAST_RETRY);

    await queuedMailer(queue).send(message('Verified'));

    await until(() => smtp.delivered.length > 0);
    expect(smtp.delivered).toEqual([message('Verified')]);
    expect(smtp.attempts()).toBe(3);
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(2);
    // Nothing is sent twice once it went through.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.delivered).toHaveLength(1);
  } finally {
    await queue.stop();
  }
});

test('a mail not sent before the bff stops is sent by the next one', async () => {
  const down = flakyTransport(Number.POSITIVE_INFINITY);
  const first = await startJobQueue(databaseUrl, createMemoryLogger());
  await startMailWorker(first, down.transport, createMemoryLogger(), FAST_RETRY);
  await queuedMailer(first).send(message('Reset your password'));
  await until(() => down.attempts() > 0);
  await first.stop();

  const second = await startJobQueue(databaseUrl, createMemoryLogger());
  try {
    const up = flakyTransport(0);
    await startMailWorker(second, up.transport, createMemoryLogger(), FAST_RETRY);
    await until(() => up.delivered.length > 0);
    expect(up.delivered).toEqual([message('Reset your password')]);
  } finally {
    await second.stop();
  }
});

test('a stopping bff finishes the mail it is sending before it exits, and nobody sends it again', async () => {
  let release = () => {};
  const delivered: MailMessage[] = [];
  let started = false;
  const slow: Mailer = {
    async send(sent) {
      started = true;
      await new Promise<void>((resolve) => (release = resolve));
      delivered.push(sent);
    },
    async close() {},
  };
  const first = await startJobQueue(databaseUrl, createMemoryLogger());
  await startMailWorker(first, slow, createMemoryLogger(), FAST_RETRY);
  await queuedMailer(first).send(message('Your payout was sent'));
  await until(() => started);

  // SIGTERM arrives mid-send: stopping waits for the job instead of abandoning it.
  let stopped = false;
  const stopping = first.stop().then(() => (stopped = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(delivered).toEqual([message('Your payout was sent')]);

  // The job ended as done: the next instance finds nothing to send again.
  const second = await startJobQueue(databaseUrl, createMemoryLogger());
  try {
    const next = flakyTransport(0);
    await startMailWorker(second, next.transport, createMemoryLogger(), FAST_RETRY);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(next.delivered).toEqual([]);
  } finally {
    await second.stop();
  }
});

test('a mail queued by a request is logged under that request id, and its failures counted', async () => {
  const failed: string[] = [];
  const queue = await startJobQueue(databaseUrl, createMemoryLogger(), (name) => failed.push(name));
  try {
    const smtp = flakyTransport(1);
    const logger = createMemoryLogger();
    await startMailWorker(queue, smtp.transport, logger, FAST_RETRY);

    await withRequestId('req-7f3a2c91', () => queuedMailer(queue).send(message('Welcome')));

    await until(() => smtp.delivered.length > 0);
    // The worker gets the message as queued: the id travels beside it, not inside it.
    expect(smtp.delivered).toEqual([message('Welcome')]);
    expect(logger.entries).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: expect.objectContaining({ requestId: 'req-7f3a2c91' }),
      }),
    ]);
    expect(failed).toEqual(['mail-send']);
  } finally {
    await queue.stop();
  }
});
