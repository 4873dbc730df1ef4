import type { Migration } from '../migrate.ts';

/**
 * The quarterly buyback-and-burn. Each quarter at most one; the database holds the terms' cap
 * (at most 20 % of that quarter's subscription profit). The BRND bought back is burned by the
 * treasury on chain, with the same sign-once columns as payouts (see chain/treasury-sender.ts).
 */
export const buybacks: Migration = {
  name: '0051-buybacks',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE buybacks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quarter text NOT NULL UNIQUE CHECK (quarter ~ '^[0-9]{4}-Q[1-4]$'),
        subscription_profit_usd numeric(20, 2) NOT NULL CHECK (subscription_profit_usd > 0),
        buyback_usd numeric(20, 2) NOT NULL
          CHECK (buyback_usd > 0 AND buyback_usd * 5 <= subscription_profit_usd),
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        operator_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'signed', 'broadcast', 'confirmed', 'failed')),
        chain_id bigint NOT NULL,
        genesis_hash text,
        nonce bigint,
        raw_transaction text,
        tx_hash text UNIQUE,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((raw_transaction IS NULL) = (tx_hash IS NULL))
      );
      CREATE INDEX buybacks_unfinished_idx ON buybacks (status)
        WHERE status IN ('pending', 'signed', 'broadcast');
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE buybacks');
  },
};
