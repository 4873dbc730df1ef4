import type { Migration } from '../migrate.ts';

/** Messages sent through the public contact form, kept even when mailing the operator fails. */
export const contactMessages: Migration = {
  name: '0002-contact-messages',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        website text NOT NULL,
        country text NOT NULL,
        text text NOT NULL,
        client_ip text NOT NULL,
        mailed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE contact_messages');
  },
};
