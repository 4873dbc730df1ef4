import type { Database } from '../db/database.ts';

/**
 * Deletes rows nobody can use any more: expired rate-limit windows, long-dead sessions and codes.
 * Idempotent and safe to run from several instances at once.
 */
export async function purgeExpired(db: Database): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE reset_at <= now()');
  await db.query("DELETE FROM sessions WHERE expires_at < now() - interval '30 days'");
  await db.query("DELETE FROM verification_codes WHERE expires_at < now() - interval '30 days'");
  await db.query("DELETE FROM sms_codes WHERE expires_at < now() - interval '1 day'");
}
