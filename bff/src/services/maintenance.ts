import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  REFUSED_NOTIFICATIONS_KEPT_DAYS,
  SMS_SENDS_KEPT_MS,
} from '@brnd/contracts/domain/constants';
import { REFUSED_DOCUMENTS_KEPT_DAYS, REFUSED_STATUSES } from '@brnd/contracts/domain/verification';
import type { Database } from '../db/database.ts';

/**
 * Deletes rows nobody can use any more: expired rate-limit windows, long-dead sessions and codes,
 * SMS sends older than the SMS bounds read, and the verification documents of brands and
 * companies refused long ago.
 * Idempotent and safe to run from several instances at once.
 */
export async function purgeExpired(db: Database): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE reset_at <= now()');
  await db.query("DELETE FROM sessions WHERE expires_at < now() - interval '30 days'");
  await db.query("DELETE FROM verification_codes WHERE expires_at < now() - interval '30 days'");
  await db.query("DELETE FROM sms_codes WHERE expires_at < now() - interval '1 day'");
  // The SMS bounds (decision 040) read at most the last day of sends.
  await db.query("DELETE FROM sms_sends WHERE sent_at < now() - $1 * interval '1 millisecond'", [
    SMS_SENDS_KEPT_MS,
  ]);
  await db.query(
    "DELETE FROM idempotency_keys WHERE created_at <= now() - $1 * interval '1 millisecond'",
    [IDEMPOTENCY_KEY_LIFETIME_MS],
  );
  // Refused provider notifications (forged, malformed, throttled) are kept a week (decision 027).
  await db.query(
    `DELETE FROM payment_notifications
     WHERE outcome = 'refused' AND received_at < now() - make_interval(days => $1)`,
    [REFUSED_NOTIFICATIONS_KEPT_DAYS],
  );
  await purgeRefusedDocuments(db);
}

/**
 * Deletes the documents of brands and companies refused over REFUSED_DOCUMENTS_KEPT_DAYS ago and
 * uploaded as long ago. FOR SHARE SKIP LOCKED leaves alone an item its owner is sending again or
 * adding papers to at this moment (both hold its row): the next run decides it afresh.
 */
async function purgeRefusedDocuments(db: Database): Promise<void> {
  await db.query(
    `DELETE FROM verification_documents
     WHERE uploaded_at < now() - make_interval(days => $1)
       AND (brand_id IN (
              SELECT id FROM brands
              WHERE verification_status = ANY($2::text[])
                AND verification_decided_at < now() - make_interval(days => $1)
              FOR SHARE SKIP LOCKED)
         OR company_id IN (
              SELECT id FROM companies
              WHERE status = ANY($2::text[])
                AND decided_at < now() - make_interval(days => $1)
              FOR SHARE SKIP LOCKED))`,
    [REFUSED_DOCUMENTS_KEPT_DAYS, REFUSED_STATUSES],
  );
}
