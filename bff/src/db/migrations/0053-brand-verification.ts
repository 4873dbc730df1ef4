import type { Migration } from '../migrate.ts';

/**
 * Operators verify brands (issue #9) before their owners may use the brand console (issue #8).
 * Listings and votes do not wait for it: a brand referred from the voting page is votable at once.
 */
export const brandVerification: Migration = {
  name: '0053-brand-verification',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE brands
        ADD COLUMN verification_status text NOT NULL DEFAULT 'pending'
          CHECK (verification_status IN ('pending', 'verified', 'rejected')),
        ADD COLUMN verification_reason text,
        ADD COLUMN verified_at timestamptz;
      -- Brands from before verification existed were accepted as they are.
      UPDATE brands SET verification_status = 'verified', verified_at = now();
      CREATE INDEX brands_verification_queue_idx ON brands (created_at, id)
        WHERE verification_status = 'pending';
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE brands
        DROP COLUMN verification_status, DROP COLUMN verification_reason, DROP COLUMN verified_at;
    `);
  },
};
