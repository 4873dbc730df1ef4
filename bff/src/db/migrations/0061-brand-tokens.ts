import type { Migration } from '../migrate.ts';

/**
 * Token-as-a-service (issue #8, decision 015): brand tokens, the chain transactions that deploy
 * and mint them, gives, holds for e-mails without an account, customer transfers, offers and
 * redemptions, the daily volume counter behind the plan limit, and the supply checks.
 *
 * Amounts are base units (18 decimals) like the ledger, except the daily volume (whole tokens,
 * as the plans count it).
 */
export const brandTokens: Migration = {
  name: '0061-brand-tokens',
  async up({ context: sequelize }) {
    await sequelize.query(`
      -- The subscription; the effective plan may be higher (staking, the contest's prize).
      ALTER TABLE brands ADD COLUMN plan text NOT NULL DEFAULT 'standard'
        CHECK (plan IN ('standard', 'premium', 'enterprise', 'agency'));

      CREATE TABLE brand_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_id bigint NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
        name text NOT NULL,
        ticker text NOT NULL,
        cap numeric(78, 0) NOT NULL CHECK (cap > 0),
        status text NOT NULL DEFAULT 'deploying'
          CHECK (status IN ('deploying', 'active', 'failed')),
        address text UNIQUE,
        chain_id bigint NOT NULL,
        -- The client's id of the issuing request: a retry is the same request.
        request_id uuid NOT NULL UNIQUE,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'active') = (address IS NOT NULL))
      );
      CREATE INDEX brand_tokens_brand_idx ON brand_tokens (brand_id, created_at);

      -- Transactions the treasury (the factory's owner and every token's minter) signs: the same
      -- write order as payouts (recorded, then signed and stored with its hash, then broadcast).
      CREATE TABLE brand_token_sends (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        kind text NOT NULL CHECK (kind IN ('limit', 'deploy', 'mint')),
        to_address text,
        amount numeric(78, 0),
        token_limit integer,
        -- Where a failed mint's tokens go back to (the giver's pool or the customer).
        refund_account text REFERENCES ledger_accounts (id),
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
        CHECK ((raw_transaction IS NULL) = (tx_hash IS NULL)),
        CHECK (kind <> 'mint' OR (to_address IS NOT NULL AND amount > 0 AND refund_account IS NOT NULL)),
        CHECK (kind <> 'limit' OR token_limit > 0)
      );
      CREATE UNIQUE INDEX brand_token_sends_live_deploy_key ON brand_token_sends (token_id)
        WHERE kind = 'deploy' AND status <> 'failed';
      CREATE INDEX brand_token_sends_unfinished_idx ON brand_token_sends (created_at)
        WHERE status IN ('pending', 'signed', 'broadcast');
      CREATE INDEX brand_token_sends_token_idx ON brand_token_sends (token_id, kind);

      -- One upload of a bulk give: its request id is the batch's id.
      CREATE TABLE brand_token_batches (
        id uuid PRIMARY KEY,
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        given_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        rows integer NOT NULL,
        total numeric(78, 0) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE brand_token_gives (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        -- A single give's request id; bulk rows have their batch and line instead.
        request_id uuid UNIQUE,
        batch_id uuid REFERENCES brand_token_batches (id) ON DELETE RESTRICT,
        line integer,
        -- The e-mail (lower case) or the checksummed wallet address.
        recipient text NOT NULL,
        user_id uuid REFERENCES users (id) ON DELETE RESTRICT,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        destination text NOT NULL CHECK (destination IN ('ledger', 'held', 'chain')),
        send_id uuid REFERENCES brand_token_sends (id),
        given_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((request_id IS NULL) <> (batch_id IS NULL)),
        CHECK ((destination = 'chain') = (send_id IS NOT NULL)),
        CHECK ((destination = 'ledger') = (user_id IS NOT NULL))
      );
      CREATE INDEX brand_token_gives_token_idx ON brand_token_gives (token_id, created_at);
      CREATE INDEX brand_token_gives_batch_idx ON brand_token_gives (batch_id, line);

      -- Tokens for an e-mail that has no verified account yet; credited when it has one.
      CREATE TABLE brand_token_holds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        email text NOT NULL CHECK (email = lower(email)),
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        -- Who sent them: the brand's name or the customer's e-mail, for the history.
        sender text NOT NULL,
        claimed_by uuid REFERENCES users (id) ON DELETE RESTRICT,
        claimed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((claimed_by IS NULL) = (claimed_at IS NULL))
      );
      CREATE INDEX brand_token_holds_open_idx ON brand_token_holds (email) WHERE claimed_at IS NULL;

      CREATE TABLE brand_token_transfers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        request_id uuid NOT NULL UNIQUE,
        from_user uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        -- user: another account; held: an e-mail without one; chain: a wallet (claim included).
        destination text NOT NULL CHECK (destination IN ('ledger', 'held', 'chain')),
        is_claim boolean NOT NULL DEFAULT false,
        recipient text NOT NULL,
        to_user uuid REFERENCES users (id) ON DELETE RESTRICT,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        send_id uuid REFERENCES brand_token_sends (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((destination = 'chain') = (send_id IS NOT NULL))
      );
      CREATE INDEX brand_token_transfers_token_idx ON brand_token_transfers (token_id, created_at);

      CREATE TABLE brand_token_offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        price numeric(78, 0) NOT NULL CHECK (price > 0),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX brand_token_offers_token_idx ON brand_token_offers (token_id, created_at);

      CREATE TABLE brand_token_redemptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        offer_id uuid NOT NULL REFERENCES brand_token_offers (id) ON DELETE RESTRICT,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        request_id uuid NOT NULL UNIQUE,
        code text NOT NULL UNIQUE,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX brand_token_redemptions_user_idx ON brand_token_redemptions (user_id, created_at);
      CREATE INDEX brand_token_redemptions_offer_idx ON brand_token_redemptions (offer_id, created_at);

      -- Whole tokens a brand gave on one Warsaw day: updated with its limit in one statement, so
      -- racing gives can never pass the plan's daily volume together.
      CREATE TABLE brand_daily_volume (
        brand_id bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
        day date NOT NULL,
        tokens bigint NOT NULL CHECK (tokens >= 0),
        PRIMARY KEY (brand_id, day)
      );

      -- Differences between a token's on-chain supply and what the platform minted, for an
      -- operator to look into; the check job appends a row for each one it finds.
      CREATE TABLE brand_token_supply_checks (
        id bigserial PRIMARY KEY,
        token_id uuid NOT NULL REFERENCES brand_tokens (id) ON DELETE RESTRICT,
        chain_supply numeric(78, 0) NOT NULL,
        minted numeric(78, 0) NOT NULL,
        in_flight numeric(78, 0) NOT NULL,
        difference numeric(78, 0) NOT NULL,
        checked_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX brand_token_supply_checks_token_idx
        ON brand_token_supply_checks (token_id, checked_at DESC);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE brand_token_supply_checks, brand_daily_volume, brand_token_redemptions,
        brand_token_offers, brand_token_transfers, brand_token_holds, brand_token_gives,
        brand_token_batches, brand_token_sends, brand_tokens;
      ALTER TABLE brands DROP COLUMN plan;
    `);
  },
};
