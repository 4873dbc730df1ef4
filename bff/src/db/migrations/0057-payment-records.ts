import type { Migration } from '../migrate.ts';

/**
 * What the console shows about a payment, and the operators' decisions on it
 * (docs/decisions/016):
 * - `payment_notifications`: every gateway webhook and card callback as it arrived, accepted or
 *   refused (bad signature, stale, changed amount…), with the answer we gave.
 * - `eth_deposit_observations`: each change of a deposit address's balance the chain watcher saw,
 *   with the transfers into it found in the blocks since its previous look.
 * - `payment_resolutions`: an operator's decision on a partial, over- or late payment: credit
 *   (one ledger transaction) or refund noted. One decision per order and amount received, so a
 *   double click or two operators racing decide once; more money arriving later is a new case.
 * All three are append-only, like the ledger and the audit log.
 */
export const paymentRecords: Migration = {
  name: '0057-payment-records',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE payment_notifications (
        id bigserial PRIMARY KEY,
        provider text NOT NULL CHECK (provider IN ('gateway', 'card')),
        -- The crypto order's uuid or the card transaction's hash; null when the body names none.
        order_ref text,
        outcome text NOT NULL CHECK (outcome IN ('accepted', 'refused')),
        http_status smallint NOT NULL,
        reason text,
        body text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX payment_notifications_order_idx ON payment_notifications (order_ref, id);

      CREATE TABLE eth_deposit_observations (
        id bigserial PRIMARY KEY,
        order_uuid uuid NOT NULL REFERENCES crypto_orders (uuid) ON DELETE RESTRICT,
        block bigint NOT NULL,
        balance numeric(78, 0) NOT NULL,
        change numeric(78, 0) NOT NULL,
        transactions jsonb NOT NULL DEFAULT '[]',
        observed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX eth_deposit_observations_order_idx ON eth_deposit_observations (order_uuid, id);

      CREATE TABLE payment_resolutions (
        id bigserial PRIMARY KEY,
        order_uuid uuid NOT NULL REFERENCES crypto_orders (uuid) ON DELETE RESTRICT,
        decision text NOT NULL CHECK (decision IN ('credit', 'refund')),
        -- The crypto received (wei, satoshi) the decision was taken on.
        paid_units numeric(78, 0) NOT NULL,
        tokens bigint NOT NULL CHECK (tokens >= 0),
        usd numeric(14, 2) NOT NULL CHECK (usd >= 0),
        reference text,
        note text,
        operator_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        operator_email text NOT NULL,
        ledger_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_uuid, paid_units),
        CHECK ((decision = 'credit') = (ledger_transaction_id IS NOT NULL)),
        CHECK (decision = 'credit' OR reference IS NOT NULL)
      );

      CREATE FUNCTION payment_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
      END $$;
      CREATE TRIGGER payment_notifications_append_only
        BEFORE UPDATE OR DELETE OR TRUNCATE ON payment_notifications
        FOR EACH STATEMENT EXECUTE FUNCTION payment_records_append_only();
      CREATE TRIGGER eth_deposit_observations_append_only
        BEFORE UPDATE OR DELETE OR TRUNCATE ON eth_deposit_observations
        FOR EACH STATEMENT EXECUTE FUNCTION payment_records_append_only();
      CREATE TRIGGER payment_resolutions_append_only
        BEFORE UPDATE OR DELETE OR TRUNCATE ON payment_resolutions
        FOR EACH STATEMENT EXECUTE FUNCTION payment_records_append_only();
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE payment_resolutions, eth_deposit_observations, payment_notifications;
      DROP FUNCTION payment_records_append_only();
    `);
  },
};
