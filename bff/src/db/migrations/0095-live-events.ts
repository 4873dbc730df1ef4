import type { Migration } from '../migrate.ts';

/**
 * Live updates (decision 035): the database announces changes on the `brnd_events` channel, and
 * every bff replica LISTENs to it and pushes to the event streams it holds. A trigger sees every
 * writer (any replica, a job, an operator), and NOTIFY is delivered only when the transaction
 * commits, so a browser never hears of a change that was rolled back.
 *
 * Payloads are small JSON objects: `{"topic":"order","uuid":…}`, `{"topic":"sale"}`,
 * `{"topic":"votes","brand":…,"month":…,"votes":…}`. Streams read the current state themselves.
 */
export const liveEvents: Migration = {
  name: '0095-live-events',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE FUNCTION brnd_notify_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT'
          OR (OLD.status, OLD.paid_units, OLD.confirmations, OLD.payment_exception)
            IS DISTINCT FROM (NEW.status, NEW.paid_units, NEW.confirmations, NEW.payment_exception)
        THEN
          PERFORM pg_notify('brnd_events',
            json_build_object('topic', 'order', 'uuid', NEW.uuid)::text);
        END IF;
        -- Raised counts paid orders only: the sale changes when an order enters or leaves paid.
        IF (TG_OP = 'INSERT' AND NEW.status = 3)
          OR (TG_OP = 'UPDATE' AND (OLD.status = 3) IS DISTINCT FROM (NEW.status = 3))
        THEN
          PERFORM pg_notify('brnd_events', '{"topic":"sale"}');
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER crypto_orders_notify AFTER INSERT OR UPDATE ON crypto_orders
        FOR EACH ROW EXECUTE FUNCTION brnd_notify_order();

      CREATE FUNCTION brnd_notify_sale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('brnd_events', '{"topic":"sale"}');
        RETURN NULL;
      END $$;
      -- Card orders, operator credits, tiers, stages and the sale's settings all move the figures.
      CREATE TRIGGER card_orders_notify AFTER UPDATE OF status ON card_orders
        FOR EACH ROW WHEN (NEW.status = 'paid' OR OLD.status = 'paid')
        EXECUTE FUNCTION brnd_notify_sale();
      CREATE TRIGGER payment_resolutions_notify AFTER INSERT OR UPDATE OR DELETE
        ON payment_resolutions FOR EACH STATEMENT EXECUTE FUNCTION brnd_notify_sale();
      CREATE TRIGGER sale_config_notify AFTER UPDATE ON sale_config
        FOR EACH STATEMENT EXECUTE FUNCTION brnd_notify_sale();
      CREATE TRIGGER sale_tiers_notify AFTER INSERT OR UPDATE OR DELETE ON sale_tiers
        FOR EACH STATEMENT EXECUTE FUNCTION brnd_notify_sale();
      CREATE TRIGGER sale_stages_notify AFTER INSERT OR UPDATE OR DELETE ON sale_stages
        FOR EACH STATEMENT EXECUTE FUNCTION brnd_notify_sale();

      CREATE FUNCTION brnd_notify_votes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('brnd_events', json_build_object(
          'topic', 'votes', 'brand', NEW.brand_id, 'month', NEW.month, 'votes', NEW.votes)::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER brand_month_votes_notify AFTER INSERT OR UPDATE OF votes ON brand_month_votes
        FOR EACH ROW EXECUTE FUNCTION brnd_notify_votes();
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TRIGGER brand_month_votes_notify ON brand_month_votes;
      DROP TRIGGER sale_stages_notify ON sale_stages;
      DROP TRIGGER sale_tiers_notify ON sale_tiers;
      DROP TRIGGER sale_config_notify ON sale_config;
      DROP TRIGGER payment_resolutions_notify ON payment_resolutions;
      DROP TRIGGER card_orders_notify ON card_orders;
      DROP TRIGGER crypto_orders_notify ON crypto_orders;
      DROP FUNCTION brnd_notify_votes(), brnd_notify_sale(), brnd_notify_order();
    `);
  },
};
