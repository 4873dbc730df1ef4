import type { Migration } from '../migrate.ts';

/**
 * When money for a crypto order last arrived, so the buyer is told what arrived and when
 * (docs/decisions/038). Orders that already hold money take their last update as that time.
 */
export const paymentSeenAt: Migration = {
  name: '0078-payment-seen-at',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE crypto_orders ADD COLUMN payment_seen_at timestamptz;
      UPDATE crypto_orders SET payment_seen_at = updated_at WHERE paid_units > 0;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('ALTER TABLE crypto_orders DROP COLUMN payment_seen_at');
  },
};
