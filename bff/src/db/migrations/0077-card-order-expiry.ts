import type { Migration } from '../migrate.ts';

/**
 * A card order the provider never answered within its payment window becomes `expired`
 * (docs/decisions/027) instead of "pending" for ever; a late `paid` callback still credits it.
 */
export const cardOrderExpiry: Migration = {
  name: '0077-card-order-expiry',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE card_orders DROP CONSTRAINT card_orders_status_check,
        ADD CONSTRAINT card_orders_status_check
          CHECK (status IN ('pending', 'paid', 'failed', 'expired'));
      CREATE INDEX card_orders_pending_idx ON card_orders (created_at) WHERE status = 'pending';
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP INDEX card_orders_pending_idx;
      UPDATE card_orders SET status = 'failed' WHERE status = 'expired';
      ALTER TABLE card_orders DROP CONSTRAINT card_orders_status_check,
        ADD CONSTRAINT card_orders_status_check
          CHECK (status IN ('pending', 'paid', 'failed'));
    `);
  },
};
