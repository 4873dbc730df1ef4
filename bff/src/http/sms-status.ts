import Router from '@koa/router';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { verifyTwilioSignature } from '../providers/twilio.ts';

export const SMS_STATUS_PATH = '/api/providers/sms/status';

/** Later reports never move a message back: queued < sending < sent < delivered/undelivered/failed. */
const RANK: Record<string, number> = {
  accepted: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
};

/**
 * Twilio's status callbacks (decision 033). Only a request signed with our auth token over the
 * URL Twilio was given counts; anything else is 403 and changes nothing.
 */
export function smsStatusRouter(options: {
  db: Database;
  logger: Logger;
  authToken: string;
  /** The StatusCallback URL exactly as sent to Twilio. */
  callbackUrl: string;
}): Router {
  const router = new Router();
  router.post(SMS_STATUS_PATH, async (ctx) => {
    const params = Object.fromEntries(
      Object.entries((ctx.request.body ?? {}) as Record<string, unknown>).map(([key, value]) => [
        key,
        String(value),
      ]),
    );
    const signature = ctx.get('x-twilio-signature') || undefined;
    if (!verifyTwilioSignature(options.authToken, signature, options.callbackUrl, params)) {
      ctx.status = 403;
      ctx.body = { message: 'The signature does not match.' };
      return;
    }
    const sid = params.MessageSid;
    const status = params.MessageStatus;
    if (!sid || !status || RANK[status] === undefined) {
      ctx.status = 400;
      ctx.body = { message: 'MessageSid and a known MessageStatus are required.' };
      return;
    }
    await options.db.query(
      `INSERT INTO sms_deliveries (message_sid, status, error_code) VALUES ($1, $2, $3)
       ON CONFLICT (message_sid) DO UPDATE SET status = $2, error_code = $3, updated_at = now()
       WHERE (CASE sms_deliveries.status ${Object.entries(RANK)
         .map(([name, rank]) => `WHEN '${name}' THEN ${rank}`)
         .join(' ')} ELSE 0 END) <= $4`,
      [sid, status, params.ErrorCode ?? null, RANK[status]],
    );
    if (status === 'failed' || status === 'undelivered') {
      options.logger.warn('an SMS did not reach its phone', { sid, errorCode: params.ErrorCode });
    }
    ctx.status = 204;
  });
  return router;
}
