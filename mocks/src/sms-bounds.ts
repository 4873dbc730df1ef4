import {
  SMS_BUDGET_WINDOW_MS,
  SMS_PER_ACCOUNT_PER_DAY,
  SMS_PER_NUMBER_PER_DAY,
  SMS_RESEND_COOLDOWN_MS,
  SMS_RESENDS_PER_HOUR,
  smsBudgetOf,
  smsDailyBudget,
} from '@brnd/contracts/domain/constants';

/** One SMS code sent, as the bff's `sms_sends` row. */
export interface SmsSend {
  userId: number;
  mobile: string;
  budget: string;
  at: number;
}

export interface SmsRefusal {
  messageId: string;
  retryAfterSeconds: number;
}

const HOUR_MS = 60 * 60_000;

/**
 * The bff's SMS bounds (decision 040), in the same order: cooldown, hourly and daily caps per
 * account, the daily cap per number, the destination's daily budget. Records the send when
 * every bound allows it.
 */
export function claimSmsSend(
  sends: SmsSend[],
  send: Omit<SmsSend, 'budget'>,
): SmsRefusal | undefined {
  const { userId, mobile, at } = send;
  const budget = smsBudgetOf(mobile);
  const within = (windowMs: number, match: (row: SmsSend) => boolean) =>
    sends.filter((row) => match(row) && row.at > at - windowMs);
  const waitFor = (rows: SmsSend[], windowMs: number) =>
    Math.max(1, Math.ceil((Math.min(...rows.map((row) => row.at)) + windowMs - at) / 1000));

  const mine = (row: SmsSend) => row.userId === userId;
  const last = within(SMS_RESEND_COOLDOWN_MS, mine);
  if (last.length > 0) {
    const newest = Math.max(...last.map((row) => row.at));
    return {
      messageId: 'errors.smsCooldown',
      retryAfterSeconds: Math.max(1, Math.ceil((newest + SMS_RESEND_COOLDOWN_MS - at) / 1000)),
    };
  }
  const checks: [SmsSend[], number, number, string][] = [
    [within(HOUR_MS, mine), SMS_RESENDS_PER_HOUR, HOUR_MS, 'errors.resendLimit'],
    [
      within(SMS_BUDGET_WINDOW_MS, mine),
      SMS_PER_ACCOUNT_PER_DAY,
      SMS_BUDGET_WINDOW_MS,
      'errors.smsDailyLimit',
    ],
    [
      within(SMS_BUDGET_WINDOW_MS, (row) => row.mobile === mobile),
      SMS_PER_NUMBER_PER_DAY,
      SMS_BUDGET_WINDOW_MS,
      'errors.smsDailyLimit',
    ],
    [
      within(SMS_BUDGET_WINDOW_MS, (row) => row.budget === budget),
      smsDailyBudget(budget),
      SMS_BUDGET_WINDOW_MS,
      'errors.smsUnavailable',
    ],
  ];
  for (const [rows, limit, windowMs, messageId] of checks) {
    if (rows.length >= limit) return { messageId, retryAfterSeconds: waitFor(rows, windowMs) };
  }
  sends.push({ userId, mobile, budget, at });
  return undefined;
}
