import type { Migration } from '../migrate.ts';

/**
 * Buybacks from a wallet of their own, each backed by its recorded purchase (decision 063): the
 * transaction that delivered the bought BRND to the buyback wallet, what it delivered, and the
 * wallet that burns it. One purchase backs one buyback. Rows from before this migration were
 * burned from the treasury and keep these columns empty.
 */
export const buybackPurchases: Migration = {
  name: '0150-buyback-purchases',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE buybacks
        ADD COLUMN wallet text,
        ADD COLUMN purchase_tx_hash text CONSTRAINT buybacks_purchase_tx_hash_key UNIQUE
          CHECK (purchase_tx_hash ~ '^0x[0-9a-f]{64}$'),
        ADD COLUMN purchased_amount numeric(78, 0),
        ADD CONSTRAINT buybacks_purchase_covers_burn
          CHECK ((purchase_tx_hash IS NULL) = (purchased_amount IS NULL)
            AND (purchased_amount IS NULL OR purchased_amount >= amount)
            AND (purchase_tx_hash IS NULL) = (wallet IS NULL));
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE buybacks DROP CONSTRAINT buybacks_purchase_covers_burn,
        DROP COLUMN purchased_amount, DROP COLUMN purchase_tx_hash, DROP COLUMN wallet;
    `);
  },
};
