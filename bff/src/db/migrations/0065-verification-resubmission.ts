import type { Migration } from '../migrate.ts';

/**
 * A rejected or revoked brand may be sent for verification again (decision 021): the queue's
 * order and the 2-business-day due time then count from that submission, not from the day the
 * brand was registered. Existing brands were submitted when they were created.
 */
export const verificationResubmission: Migration = {
  name: '0065-verification-resubmission',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE brands ADD COLUMN verification_submitted_at timestamptz;
      UPDATE brands SET verification_submitted_at = created_at;
      ALTER TABLE brands ALTER COLUMN verification_submitted_at SET DEFAULT now(),
        ALTER COLUMN verification_submitted_at SET NOT NULL;
      -- The queue is worked oldest submission first.
      DROP INDEX brands_verification_queue_idx;
      CREATE INDEX brands_verification_queue_idx ON brands (verification_submitted_at, id)
        WHERE verification_status = 'pending';
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP INDEX brands_verification_queue_idx;
      ALTER TABLE brands DROP COLUMN verification_submitted_at;
      CREATE INDEX brands_verification_queue_idx ON brands (created_at, id)
        WHERE verification_status = 'pending';
    `);
  },
};
