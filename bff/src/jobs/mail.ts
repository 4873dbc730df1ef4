import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from '../providers/mail.ts';
import { MESSAGE_SEND_EXPIRY_SECONDS, inTransaction, type JobQueue } from './queue.ts';

/**
 * Outgoing mail goes through the job queue: `send` stores the message as a job and a worker hands
 * it to the SMTP server, again with backoff while that server cannot take it. A mail outage then
 * delays verification links, reset links and decisions instead of losing them.
 */
export const MAIL_QUEUE = 'mail-send';

export interface MailRetry {
  /** The first retry's delay; each next one doubles it. */
  retryDelaySeconds: number;
  retryLimit: number;
}

/** 13 tries, each wait about twice the last from 15 s on: a day of outage in all. */
const DEFAULT_RETRY: MailRetry = { retryDelaySeconds: 15, retryLimit: 12 };

export function queuedMailer(queue: JobQueue): Mailer {
  return {
    async send(message, options) {
      await queue.boss.send(
        MAIL_QUEUE,
        message,
        options?.transaction ? { db: inTransaction(options.transaction) } : {},
      );
    },
    // The queue and the SMTP transport are stopped by whoever started them.
    async close() {},
  };
}

export async function startMailWorker(
  queue: JobQueue,
  transport: Mailer,
  logger: Logger,
  retry: MailRetry = DEFAULT_RETRY,
): Promise<void> {
  await queue.boss.createQueue(MAIL_QUEUE, {
    name: MAIL_QUEUE,
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: MESSAGE_SEND_EXPIRY_SECONDS,
  });
  await queue.boss.work<MailMessage>(
    MAIL_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      try {
        await transport.send(job.data);
      } catch (error) {
        // The job fails and pg-boss retries it; the address is the reader's, so it is not logged.
        logger.warn('mail not sent yet; it is retried', { err: error, subject: job.data.subject });
        throw error;
      }
    },
  );
}
