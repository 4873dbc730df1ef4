import type { Migration } from '../migrate.ts';

/**
 * Operators' verification decisions (issue #9): who decided, when, and the reason of a rejection,
 * for brands (migration 0053 added their status) and for companies from /newbrandaccount. A
 * company registered without an account keeps the language it registered in, for its e-mail.
 */
export const verificationDecisions: Migration = {
  name: '0055-verification-decisions',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE brands
        ADD COLUMN verification_decided_at timestamptz,
        ADD COLUMN verification_decided_by uuid REFERENCES users (id) ON DELETE SET NULL;

      ALTER TABLE companies
        ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'po')),
        ADD COLUMN rejection_reason text,
        ADD COLUMN decided_at timestamptz,
        ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL;
      CREATE INDEX companies_verification_queue_idx ON companies (created_at, id)
        WHERE status = 'pending';
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP INDEX companies_verification_queue_idx;
      ALTER TABLE companies
        DROP COLUMN language, DROP COLUMN rejection_reason, DROP COLUMN decided_at,
        DROP COLUMN decided_by;
      ALTER TABLE brands DROP COLUMN verification_decided_at, DROP COLUMN verification_decided_by;
    `);
  },
};
