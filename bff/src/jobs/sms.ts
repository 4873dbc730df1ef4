import type { Logger } from '../logger.ts';
import type { SmsMessage, SmsProvider } from '../providers/sms.ts';
import { MESSAGE_SEND_EXPIRY_SECONDS, type JobQueue } from './queue.ts';

/**
 * Outgoing SMS go through the job queue like mail (decision 022): `send` stores the message as a
 * job and a worker hands it to the provider, again with backoff while the provider cannot take
 * it. A refusal that asking again cannot change (an invalid number) ends the job instead.
 */
export const SMS_QUEUE = 'sms-send';

/** Codes live for minutes: an hour of retries, each wait about twice the last from 5 s on. */
const RETRY = { retryDelaySeconds: 5, retryLimit: 9 };

export function queuedSms(queue: JobQueue): SmsProvider {
  return {
    async send(message) {
      await queue.boss.send(SMS_QUEUE, message);
    },
  };
}

export async function startSmsWorker(
  queue: JobQueue,
  provider: SmsProvider,
  logger: Logger,
  retry = RETRY,
): Promise<void> {
  await queue.boss.createQueue(SMS_QUEUE, {
    name: SMS_QUEUE,
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: MESSAGE_SEND_EXPIRY_SECONDS,
  });
  await queue.boss.work<SmsMessage>(
    SMS_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      try {
        await provider.send(job.data);
      } catch (error) {
        if ((error as { permanent?: boolean }).permanent) {
          // The number is the reader's, so it is not logged.
          logger.error('SMS refused by the provider; not retried', { err: error });
          return;
        }
        logger.warn('SMS not sent yet; it is retried', { err: error });
        throw error;
      }
    },
  );
}
