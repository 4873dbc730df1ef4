import type { Migration } from '../migrate.ts';

/**
 * An operator may withdraw a verification (decision 021): `revoked` joins the statuses of brands
 * and companies. The reason is kept where a rejection's is, and who revoked it and when in the
 * decision columns of 0055; the audit log keeps every step.
 */
export const verificationRevocation: Migration = {
  name: '0064-verification-revocation',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE brands DROP CONSTRAINT brands_verification_status_check,
        ADD CONSTRAINT brands_verification_status_check
          CHECK (verification_status IN ('pending', 'verified', 'rejected', 'revoked'));
      ALTER TABLE companies DROP CONSTRAINT companies_status_check,
        ADD CONSTRAINT companies_status_check
          CHECK (status IN ('pending', 'verified', 'rejected', 'revoked'));
      -- The console lists decided items by status, last decided first (to find one to revoke).
      CREATE INDEX brands_verification_decided_idx
        ON brands (verification_status, verification_decided_at DESC, id DESC)
        WHERE owner_id IS NOT NULL;
      CREATE INDEX companies_verification_decided_idx
        ON companies (status, decided_at DESC, id DESC);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP INDEX brands_verification_decided_idx, companies_verification_decided_idx;
      UPDATE brands SET verification_status = 'rejected' WHERE verification_status = 'revoked';
      UPDATE companies SET status = 'rejected' WHERE status = 'revoked';
      ALTER TABLE brands DROP CONSTRAINT brands_verification_status_check,
        ADD CONSTRAINT brands_verification_status_check
          CHECK (verification_status IN ('pending', 'verified', 'rejected'));
      ALTER TABLE companies DROP CONSTRAINT companies_status_check,
        ADD CONSTRAINT companies_status_check
          CHECK (status IN ('pending', 'verified', 'rejected'));
    `);
  },
};
