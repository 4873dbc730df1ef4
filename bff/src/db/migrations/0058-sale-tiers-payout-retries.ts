import type { Migration } from '../migrate.ts';

/**
 * Operators edit the sale's tiers (amount and price), so the tiers become data, starting from the
 * spec's table (5 × 80,000,000 BRND at 0.0015 … 0.0035 USD). A payout may retry one failed
 * payout, at most once (`retry_of` is unique): see docs/decisions/016.
 */
export const saleTiersPayoutRetries: Migration = {
  name: '0058-sale-tiers-payout-retries',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE sale_tiers (
        id integer PRIMARY KEY CHECK (id BETWEEN 1 AND 5),
        tokens bigint NOT NULL CHECK (tokens > 0),
        price numeric(12, 6) NOT NULL CHECK (price > 0)
      );
      INSERT INTO sale_tiers (id, tokens, price) VALUES
        (1, 80000000, 0.0015), (2, 80000000, 0.0020), (3, 80000000, 0.0025),
        (4, 80000000, 0.0030), (5, 80000000, 0.0035);

      ALTER TABLE payouts ADD COLUMN retry_of uuid UNIQUE REFERENCES payouts (id) ON DELETE RESTRICT;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE payouts DROP COLUMN retry_of;
      DROP TABLE sale_tiers;
    `);
  },
};
