import { CONTEST_TIME_ZONE } from '@brnd/contracts/domain/constants';
import type { Logger } from '../logger.ts';
import type { ContestService } from '../services/contest.ts';
import type { JobQueue } from './queue.ts';

/** Closes the contest month: at 00:05 on the 1st in Warsaw, and every hour after as a retry. */
export const CONTEST_CLOSE_QUEUE = 'contest-close';
const CONTEST_CLOSE_CRON = '5 * 1 * *';

/**
 * One job for every instance (pg-boss keeps a single schedule per queue); closing is idempotent
 * (services/contest.ts), so a run repeated on the 1st, or after a crash, changes nothing.
 */
export async function startContestJob(
  queue: JobQueue,
  contest: ContestService,
  logger: Logger,
): Promise<void> {
  await queue.boss.createQueue(CONTEST_CLOSE_QUEUE, {
    name: CONTEST_CLOSE_QUEUE,
    policy: 'singleton',
  });
  await queue.boss.schedule(CONTEST_CLOSE_QUEUE, CONTEST_CLOSE_CRON, undefined, {
    tz: CONTEST_TIME_ZONE,
  });
  await queue.boss.work(CONTEST_CLOSE_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const closed = await contest.closePreviousMonth();
    if (closed?.closedNow) {
      logger.info('contest month closed', {
        month: closed.month,
        brandId: closed.brandId,
        votes: closed.votes,
      });
    }
  });
}
