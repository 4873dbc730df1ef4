import {
  SMS_BUDGET_WINDOW_MS,
  SMS_PER_ACCOUNT_PER_DAY,
  SMS_PER_NUMBER_PER_DAY,
  SMS_RESEND_COOLDOWN_MS,
  SMS_RESENDS_PER_HOUR,
  smsBudgetOf,
  smsDailyBudget,
} from '@brnd/contracts/domain/constants';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import { tooManyAttempts } from './errors.ts';
import type { Clock } from './votes.ts';

const HOUR_MS = 60 * 60_000;

/**
 * The bounds on SMS codes (decision 040), counted from `sms_sends` in PostgreSQL so every bff
 * instance sees the same sends. The clock is the app's, so tests can move past a cooldown.
 */
export interface SmsBounds {
  /**
   * Records a code for `mobile` inside the transaction that stores it, or throws a 429 with
   * Retry-After naming the bound that refused; a refused send records nothing.
   */
  claim(transaction: Transaction, userId: string, mobile: string): Promise<void>;
}

interface Counts {
  last_by_user: Date | null;
  user_hour: number;
  oldest_user_hour: Date | null;
  user_day: number;
  oldest_user_day: Date | null;
  number_day: number;
  oldest_number_day: Date | null;
  budget_day: number;
  oldest_budget_day: Date | null;
}

export function createSmsBounds({ db, clock }: { db: Database; clock: Clock }): SmsBounds {
  /** Whole seconds until `since + windowMs`, at least 1. */
  const secondsUntil = (now: Date, since: Date | string | null, windowMs: number) => {
    const from = since === null ? now.getTime() : new Date(since).getTime();
    return Math.max(1, Math.ceil((from + windowMs - now.getTime()) / 1000));
  };

  return {
    async claim(transaction, userId, mobile) {
      const now = clock();
      const budget = smsBudgetOf(mobile);
      // One send at a time per destination budget, across instances: no two sends both see
      // the last free slot of a cap.
      await db.query("SELECT pg_advisory_xact_lock(hashtext('sms-budget:' || $1))", [budget], {
        transaction,
      });
      const [counts] = await db.query<Counts>(
        `SELECT
           max(sent_at) FILTER (WHERE user_id = $1) AS last_by_user,
           count(*) FILTER (WHERE user_id = $1 AND sent_at > $4::timestamptz - interval '1 hour')::int
             AS user_hour,
           min(sent_at) FILTER (WHERE user_id = $1 AND sent_at > $4::timestamptz - interval '1 hour')
             AS oldest_user_hour,
           count(*) FILTER (WHERE user_id = $1 AND sent_at > $4::timestamptz - $5 * interval '1 millisecond')::int
             AS user_day,
           min(sent_at) FILTER (WHERE user_id = $1 AND sent_at > $4::timestamptz - $5 * interval '1 millisecond')
             AS oldest_user_day,
           count(*) FILTER (WHERE mobile = $2 AND sent_at > $4::timestamptz - $5 * interval '1 millisecond')::int
             AS number_day,
           min(sent_at) FILTER (WHERE mobile = $2 AND sent_at > $4::timestamptz - $5 * interval '1 millisecond')
             AS oldest_number_day,
           count(*) FILTER (WHERE budget = $3 AND sent_at > $4::timestamptz - $5 * interval '1 millisecond')::int
             AS budget_day,
           min(sent_at) FILTER (WHERE budget = $3 AND sent_at > $4::timestamptz - $5 * interval '1 millisecond')
             AS oldest_budget_day
         FROM sms_sends
         WHERE (user_id = $1 OR mobile = $2 OR budget = $3)
           AND sent_at > $4::timestamptz - $5 * interval '1 millisecond'`,
        [userId, mobile, budget, now.toISOString(), SMS_BUDGET_WINDOW_MS],
        { transaction },
      );
      if (!counts) throw new Error('SMS bounds query returned no row');
      const last = counts.last_by_user;
      if (last && now.getTime() - new Date(last).getTime() < SMS_RESEND_COOLDOWN_MS) {
        throw tooManyAttempts(
          secondsUntil(now, last, SMS_RESEND_COOLDOWN_MS),
          'errors.smsCooldown',
        );
      }
      if (counts.user_hour >= SMS_RESENDS_PER_HOUR) {
        throw tooManyAttempts(
          secondsUntil(now, counts.oldest_user_hour, HOUR_MS),
          'errors.resendLimit',
        );
      }
      if (counts.user_day >= SMS_PER_ACCOUNT_PER_DAY) {
        throw tooManyAttempts(
          secondsUntil(now, counts.oldest_user_day, SMS_BUDGET_WINDOW_MS),
          'errors.smsDailyLimit',
        );
      }
      if (counts.number_day >= SMS_PER_NUMBER_PER_DAY) {
        throw tooManyAttempts(
          secondsUntil(now, counts.oldest_number_day, SMS_BUDGET_WINDOW_MS),
          'errors.smsDailyLimit',
        );
      }
      if (counts.budget_day >= smsDailyBudget(budget)) {
        throw tooManyAttempts(
          secondsUntil(now, counts.oldest_budget_day, SMS_BUDGET_WINDOW_MS),
          'errors.smsUnavailable',
        );
      }
      await db.query(
        'INSERT INTO sms_sends (user_id, mobile, budget, sent_at) VALUES ($1, $2, $3, $4)',
        [userId, mobile, budget, now.toISOString()],
        { transaction },
      );
    },
  };
}
