import type { Migration } from '../migrate.ts';

/**
 * One verified phone number per account (decision 040): the daily vote limit means one person.
 * Accounts that verified a number an earlier account had already verified lose the verification
 * and are asked for another number at their next login; the earliest verification keeps it.
 * Operators made by `admin:create` have no number (an empty one) and are left out.
 */
export const oneVerifiedPhone: Migration = {
  name: '0100-one-verified-phone',
  async up({ context: sequelize }) {
    await sequelize.query(`
      UPDATE users SET phone_verified_at = NULL, updated_at = now()
      WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (
            PARTITION BY mobile ORDER BY phone_verified_at, created_at, id
          ) AS place
          FROM users WHERE phone_verified_at IS NOT NULL AND mobile <> ''
        ) ranked WHERE place > 1
      );
      CREATE UNIQUE INDEX users_verified_mobile_key ON users (mobile)
        WHERE phone_verified_at IS NOT NULL AND mobile <> '';
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP INDEX users_verified_mobile_key');
  },
};
