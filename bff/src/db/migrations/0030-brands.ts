import type { Migration } from '../migrate.ts';

/**
 * Brands, votes and the monthly contest (decision records 009 and 010).
 *
 * The vote rules live in the database so that any number of bff instances agree:
 * - a vote takes the voter's advisory lock (services/votes.ts) before counting the window, so two
 *   instances cannot both accept the 10th and 11th vote;
 * - an exclusion constraint refuses a second vote for one brand by one user within 24 hours,
 *   whatever the code does;
 * - each vote adds to its brand's tally of the contest month (Europe/Warsaw) in the same
 *   transaction, and remembers when the tally was last reached (the contest's tie-break).
 */
export const brands: Migration = {
  name: '0030-brands',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS btree_gist;

      CREATE TABLE brands (
        id bigserial PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        website text NOT NULL,
        description text NOT NULL DEFAULT '',
        image_url text NOT NULL DEFAULT '',
        industry text CHECK (industry IN ('e-commerce', 'saas', 'gaming', 'tools', 'sports', 'crypto')),
        token_ticker text,
        no_of_employees integer CHECK (no_of_employees >= 0),
        address1 text,
        city text,
        state text,
        postal_code text,
        country text,
        operating_address text,
        referral_code text,
        facebook text,
        twitter text,
        instagram text,
        linkedin text,
        -- The user who registered the brand (its owner, who receives a contest prize).
        owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
        -- The user who referred it from the voting page (not its owner).
        referred_by uuid REFERENCES users (id) ON DELETE SET NULL,
        lifetime_premium boolean NOT NULL DEFAULT false,
        -- Trending rank: log of the sum of exp(lambda * vote time), see services/votes.ts.
        trend_score double precision NOT NULL DEFAULT '-Infinity',
        created_at timestamptz NOT NULL DEFAULT now(),
        search text GENERATED ALWAYS AS (lower(name || ' ' || website)) STORED
      );
      CREATE UNIQUE INDEX brands_website_key ON brands (website);
      CREATE INDEX brands_new_idx ON brands (created_at DESC, id DESC);
      CREATE INDEX brands_industry_new_idx ON brands (industry, created_at DESC, id DESC);
      CREATE INDEX brands_trend_idx ON brands (trend_score DESC, id);
      CREATE INDEX brands_industry_trend_idx ON brands (industry, trend_score DESC, id);
      CREATE INDEX brands_owner_idx ON brands (owner_id) WHERE owner_id IS NOT NULL;
      CREATE INDEX brands_referred_by_idx ON brands (referred_by) WHERE referred_by IS NOT NULL;
      CREATE INDEX brands_search_trgm_idx ON brands USING gin (search gin_trgm_ops);

      CREATE TABLE votes (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        brand_id bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
        cast_at timestamptz NOT NULL,
        -- The contest month, YYYY-MM in Europe/Warsaw.
        month text NOT NULL,
        CONSTRAINT votes_one_per_brand_per_window EXCLUDE USING gist (
          user_id WITH =,
          brand_id WITH =,
          -- In UTC, where adding 24 hours is immutable (no daylight-saving jump).
          tsrange(cast_at AT TIME ZONE 'UTC', (cast_at AT TIME ZONE 'UTC') + interval '24 hours') WITH &&
        )
      );
      CREATE INDEX votes_user_idx ON votes (user_id, cast_at DESC);
      CREATE INDEX votes_brand_idx ON votes (brand_id, cast_at DESC);

      CREATE TABLE brand_month_votes (
        brand_id bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
        month text NOT NULL,
        -- Copied from the brand so a filtered top-rated list reads one index.
        industry text,
        votes integer NOT NULL CHECK (votes > 0),
        -- When the tally reached its current count: the earliest wins a tie.
        reached_at timestamptz NOT NULL,
        PRIMARY KEY (brand_id, month)
      );
      CREATE INDEX brand_month_votes_top_idx
        ON brand_month_votes (month, votes DESC, reached_at, brand_id);
      CREATE INDEX brand_month_votes_industry_top_idx
        ON brand_month_votes (month, industry, votes DESC, reached_at, brand_id);

      CREATE TABLE contest_winners (
        month text PRIMARY KEY,
        brand_id bigint NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
        votes integer NOT NULL,
        prize numeric(78, 0) NOT NULL,
        -- Who received the prize; null when the brand has no registered owner yet.
        owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
        ledger_transaction_id bigint REFERENCES ledger_transactions (id),
        closed_at timestamptz NOT NULL DEFAULT now()
      );

      -- Logos, stored in the database so that every bff instance serves every file.
      CREATE TABLE uploads (
        name text PRIMARY KEY,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      -- New brand account requests, pending verification by an operator.
      CREATE TABLE companies (
        id bigserial PRIMARY KEY,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        brand_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        employees integer NOT NULL CHECK (employees >= 0),
        vat_number text NOT NULL,
        billing_address text NOT NULL,
        operating_address text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX companies_vat_key ON companies (vat_number);
      -- Addresses compare without case, punctuation or repeated spaces.
      CREATE UNIQUE INDEX companies_billing_address_key
        ON companies (trim(regexp_replace(lower(billing_address), '[^[:alnum:]]+', ' ', 'g')));
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE companies, uploads, contest_winners, brand_month_votes, votes, brands;
    `);
  },
};
