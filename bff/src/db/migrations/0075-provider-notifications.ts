import type { Migration } from '../migrate.ts';

/**
 * Provider notifications an operator can read and act on (docs/decisions/026 and 027):
 * - `payment_notifications` keeps, besides the body and our answer, what the notification said
 *   it was (event type, Greenfield's delivery id, whether it was a redelivery) and whether its
 *   signature was valid. A notification that is signed but not about one of our orders (another
 *   invoice of the store) is `ignored`.
 * - Accepted and ignored rows stay forever, as before; refused ones (forged, malformed,
 *   throttled) are the only rows that may be deleted, so the retention job can bound them.
 * - `crypto_orders.gateway_synced_at`: when a BTC order was last read back from the gateway, so
 *   the sweep re-reads open orders whose webhooks may have been lost.
 */
export const providerNotifications: Migration = {
  name: '0075-provider-notifications',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE payment_notifications
        ADD COLUMN event_type text,
        ADD COLUMN delivery_id text,
        ADD COLUMN redelivery boolean NOT NULL DEFAULT false,
        ADD COLUMN signature_valid boolean NOT NULL DEFAULT true,
        DROP CONSTRAINT payment_notifications_outcome_check,
        ADD CONSTRAINT payment_notifications_outcome_check
          CHECK (outcome IN ('accepted', 'refused', 'ignored'));
      ALTER TABLE payment_notifications ALTER COLUMN signature_valid DROP DEFAULT;
      CREATE INDEX payment_notifications_list_idx ON payment_notifications (id DESC);
      CREATE INDEX payment_notifications_refused_idx ON payment_notifications (id)
        WHERE outcome = 'refused';

      DROP TRIGGER payment_notifications_append_only ON payment_notifications;
      CREATE FUNCTION payment_notifications_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND OLD.outcome = 'refused' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'payment_notifications keeps accepted rows (% refused)', TG_OP;
      END $$;
      CREATE TRIGGER payment_notifications_keep
        BEFORE UPDATE OR DELETE ON payment_notifications
        FOR EACH ROW EXECUTE FUNCTION payment_notifications_keep();
      CREATE TRIGGER payment_notifications_no_truncate
        BEFORE TRUNCATE ON payment_notifications
        FOR EACH STATEMENT EXECUTE FUNCTION payment_records_append_only();

      ALTER TABLE crypto_orders ADD COLUMN gateway_synced_at timestamptz;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE crypto_orders DROP COLUMN gateway_synced_at;
      DROP TRIGGER payment_notifications_keep ON payment_notifications;
      DROP TRIGGER payment_notifications_no_truncate ON payment_notifications;
      DROP FUNCTION payment_notifications_keep();
      DELETE FROM payment_notifications WHERE outcome = 'ignored';
      DROP INDEX payment_notifications_list_idx, payment_notifications_refused_idx;
      ALTER TABLE payment_notifications
        DROP COLUMN event_type, DROP COLUMN delivery_id, DROP COLUMN redelivery,
        DROP COLUMN signature_valid,
        DROP CONSTRAINT payment_notifications_outcome_check,
        ADD CONSTRAINT payment_notifications_outcome_check
          CHECK (outcome IN ('accepted', 'refused'));
      CREATE TRIGGER payment_notifications_append_only
        BEFORE UPDATE OR DELETE OR TRUNCATE ON payment_notifications
        FOR EACH STATEMENT EXECUTE FUNCTION payment_records_append_only();
    `);
  },
};
