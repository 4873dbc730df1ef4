import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { BrandTokenChain } from '../services/brand-tokens/chain.ts';
import type { SendQueue } from '../services/brand-tokens/service.ts';
import type { JobQueue } from './queue.ts';

/** One brand token chain send (deploy, mint) per job; a throw retries it with backoff. */
export const BRAND_TOKEN_SEND_QUEUE = 'brand-token-send';
/** Every minute: sends whose job ran out of retries or was lost are processed again. */
export const BRAND_TOKEN_RESEND_QUEUE = 'brand-token-resend';
/** Every ten minutes: each token's on-chain supply against the ledger. */
export const BRAND_TOKEN_SUPPLY_QUEUE = 'brand-token-supply-check';
/** Every ten minutes: stakes behind Premium brands, so Premium lapses when a stake drops. */
export const STAKING_PREMIUM_REVIEW_QUEUE = 'staking-premium-review';

interface SendJob {
  sendId: string;
}

/**
 * Jobs are inserted through the caller's database transaction, so a send's job exists exactly
 * when its row (and the ledger posting that paid for it) committed.
 */
export function brandTokenSendQueue(queue: JobQueue, db: Database): SendQueue {
  return {
    async enqueue(sendIds: string[], transaction: Transaction) {
      if (sendIds.length === 0) return;
      await queue.boss.insert(
        sendIds.map((sendId) => ({
          name: BRAND_TOKEN_SEND_QUEUE,
          data: { sendId } satisfies SendJob,
        })),
        {
          db: {
            // pg-boss leaves unset defaults undefined; SQL wants them NULL (it coalesces them).
            executeSql: async (text: string, values: unknown[]) => ({
              rows: await db.query<Record<string, unknown>>(
                text,
                values.map((value) => value ?? null),
                { transaction },
              ),
            }),
          },
        },
      );
    },
  };
}

export async function resendUnfinished(chain: BrandTokenChain, logger: Logger): Promise<void> {
  for (const sendId of await chain.unfinished()) {
    try {
      const status = await chain.process(sendId);
      logger.info('reconciled a brand token send', { sendId, status });
    } catch (error) {
      logger.warn('brand token send not reconciled yet; its job retries', { err: error, sendId });
    }
  }
}

export async function startBrandTokenWorker(
  queue: JobQueue,
  chain: BrandTokenChain,
  logger: Logger,
  reviewStakingPremium: () => Promise<number>,
): Promise<void> {
  const { boss } = queue;
  await boss.createQueue(BRAND_TOKEN_SEND_QUEUE, {
    name: BRAND_TOKEN_SEND_QUEUE,
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });
  await boss.createQueue(BRAND_TOKEN_RESEND_QUEUE, {
    name: BRAND_TOKEN_RESEND_QUEUE,
    policy: 'singleton',
  });
  await boss.createQueue(BRAND_TOKEN_SUPPLY_QUEUE, {
    name: BRAND_TOKEN_SUPPLY_QUEUE,
    policy: 'singleton',
  });
  await boss.createQueue(STAKING_PREMIUM_REVIEW_QUEUE, {
    name: STAKING_PREMIUM_REVIEW_QUEUE,
    policy: 'singleton',
  });
  await boss.work<SendJob>(
    BRAND_TOKEN_SEND_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      const status = await chain.process(job.data.sendId);
      logger.debug('brand token send done', { sendId: job.data.sendId, status });
    },
  );
  await boss.schedule(BRAND_TOKEN_RESEND_QUEUE, '* * * * *');
  await boss.work(BRAND_TOKEN_RESEND_QUEUE, { pollingIntervalSeconds: 30 }, () =>
    resendUnfinished(chain, logger),
  );
  await boss.schedule(BRAND_TOKEN_SUPPLY_QUEUE, '*/10 * * * *');
  await boss.work(BRAND_TOKEN_SUPPLY_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await chain.checkSupply();
  });
  await boss.schedule(STAKING_PREMIUM_REVIEW_QUEUE, '*/10 * * * *');
  await boss.work(STAKING_PREMIUM_REVIEW_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const lapsed = await reviewStakingPremium();
    if (lapsed > 0) logger.info('staking Premium lapsed', { brands: lapsed });
  });
}
