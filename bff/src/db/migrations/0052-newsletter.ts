import type { Migration } from '../migrate.ts';

/** The ICO page's "Notify me" list: one row per address, however often it is sent. */
export const newsletter: Migration = {
  name: '0052-newsletter',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE newsletter_subscribers (
        email text PRIMARY KEY CHECK (email = lower(email)),
        client_ip text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE newsletter_subscribers');
  },
};
