import type { Migration } from '../migrate.ts';

/**
 * Wallet ownership (decision 042). `wallet_verified_at` is set only when the address was saved
 * with a signature of a challenge we issued; addresses saved before stay unproven (NULL) and
 * neither receive payouts nor count for Premium until signed.
 *
 * `wallet_challenges` keeps the exact message issued, so verification never trusts client text;
 * `used_at` makes each nonce single-use.
 *
 * `staking_premium` binds a staking wallet to the one brand its stake lifts to Premium (the
 * primary key on the wallet and the unique brand make it one-to-one) and records since when the
 * stake has been seen above the threshold: the minimum stake age counts from `seen_since`, and a
 * stake seen below it deletes the row, so a new stake starts its age again. `premium_since` is set
 * when the age is reached: a row deleted with it set is a Premium that lapsed, and the owner is
 * told.
 */
export const walletProofs: Migration = {
  name: '0105-wallet-proofs',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE users ADD COLUMN wallet_verified_at timestamptz;

      CREATE TABLE wallet_challenges (
        nonce text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        address text NOT NULL,
        message text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX wallet_challenges_user ON wallet_challenges (user_id, created_at);

      CREATE TABLE staking_premium (
        wallet text PRIMARY KEY,
        brand_id bigint NOT NULL UNIQUE REFERENCES brands (id) ON DELETE CASCADE,
        seen_since timestamptz NOT NULL DEFAULT now(),
        premium_since timestamptz
      );
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE staking_premium;
      DROP TABLE wallet_challenges;
      ALTER TABLE users DROP COLUMN wallet_verified_at;
    `);
  },
};
