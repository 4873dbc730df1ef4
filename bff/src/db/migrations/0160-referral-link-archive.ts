import type { Migration } from '../migrate.ts';

/**
 * A referral link its owner archived (decision 064): it stays in their list with its figures and
 * keeps paying for the accounts it already brought, but refers no one new.
 */
export const referralLinkArchive: Migration = {
  name: '0160-referral-link-archive',
  async up({ context: sequelize }) {
    await sequelize.query('ALTER TABLE referral_links ADD COLUMN archived_at timestamptz');
  },
  async down({ context: sequelize }) {
    await sequelize.query('ALTER TABLE referral_links DROP COLUMN archived_at');
  },
};
