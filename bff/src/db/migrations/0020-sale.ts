import type { Migration } from '../migrate.ts';

/**
 * The token sale: its configuration as data (one row, plus the stages), crypto orders with
 * their payments, and card orders. See docs/decisions/007 and 008.
 *
 * The database keeps the rules that protect money: one order per deposit address (a sequence
 * hands out the HD index, so parallel orders never share one), one card order per provider
 * transaction, statuses and amounts in range.
 */
export const sale: Migration = {
  name: '0020-sale',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE sale_config (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        active_tier integer CHECK (active_tier BETWEEN 1 AND 5),
        ends_at timestamptz,
        pln_per_usd numeric(12, 4) NOT NULL DEFAULT 4.04 CHECK (pln_per_usd > 0),
        ieo_url text NOT NULL DEFAULT 'https://exchange.example/market/BRND-USDT',
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO sale_config (id) VALUES (true);

      CREATE TABLE sale_stages (
        position integer PRIMARY KEY,
        name text NOT NULL UNIQUE,
        month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
        active boolean NOT NULL DEFAULT false
      );
      INSERT INTO sale_stages (position, name, month) VALUES
        (1, 'Pre ICO', '2020-06'), (2, 'Round I', '2020-07'), (3, 'Round II', '2020-08'),
        (4, 'Hard Cap', '2020-09'), (5, 'Soft Cap', '2020-10');

      -- The HD index of each ETH deposit address: nextval is atomic, so no two orders share one.
      CREATE SEQUENCE deposit_address_index_seq MINVALUE 0 START 0;
      CREATE SEQUENCE shop_order_id_seq START 100000;

      CREATE TABLE crypto_orders (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        currency text NOT NULL CHECK (currency IN ('BTC', 'ETH')),
        status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 6),
        usd numeric(14, 2) NOT NULL CHECK (usd > 0),
        token_price numeric(12, 6) NOT NULL CHECK (token_price > 0),
        tokens bigint NOT NULL CHECK (tokens >= 0),
        -- Smallest units (wei, satoshi) as integers: no float ever holds money.
        expected_units numeric(78, 0) NOT NULL CHECK (expected_units > 0),
        paid_units numeric(78, 0) NOT NULL DEFAULT 0 CHECK (paid_units >= 0),
        deposit_address text NOT NULL UNIQUE,
        deposit_index bigint UNIQUE,
        gateway_invoice_id text UNIQUE,
        checkout_url text,
        payment_uri text NOT NULL,
        shop_order_id bigint NOT NULL UNIQUE DEFAULT nextval('shop_order_id_seq'),
        confirmations integer NOT NULL DEFAULT 0,
        required_confirmations integer NOT NULL,
        -- Block in which the full amount was first seen (ETH).
        seen_block bigint,
        payment_exception text CHECK (payment_exception IN ('partial', 'overpaid', 'late')),
        expires_at timestamptz NOT NULL,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((currency = 'ETH') = (deposit_index IS NOT NULL)),
        CHECK ((status = 3) = (paid_at IS NOT NULL))
      );
      CREATE INDEX crypto_orders_user_idx ON crypto_orders (user_id, created_at DESC);
      -- The watcher's and the expiry job's work list.
      CREATE INDEX crypto_orders_open_idx ON crypto_orders (currency, expires_at) WHERE status < 3;

      CREATE TABLE card_orders (
        cash_tx_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
        pln numeric(14, 2) NOT NULL CHECK (pln >= 25),
        usd numeric(14, 2) NOT NULL CHECK (usd > 0),
        token_price numeric(12, 6) NOT NULL CHECK (token_price > 0),
        tokens bigint NOT NULL CHECK (tokens > 0),
        provider_tokens numeric(30, 6) NOT NULL,
        second_step_url text NOT NULL,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'paid') = (paid_at IS NOT NULL))
      );
      CREATE INDEX card_orders_user_idx ON card_orders (user_id, created_at DESC);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE card_orders, crypto_orders, sale_stages, sale_config;
      DROP SEQUENCE deposit_address_index_seq, shop_order_id_seq;
    `);
  },
};
