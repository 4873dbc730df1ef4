import type { Migration } from '../migrate.ts';

/**
 * E-mails are HTML with a plain-text part (decision 032): the dev outbox keeps both, so a person
 * finishing a sign-up by hand sees what a user sees. SMS and older rows have no HTML.
 */
export const outboxHtml: Migration = {
  name: '0090-outbox-html',
  async up({ context: sequelize }) {
    await sequelize.query('ALTER TABLE outbox ADD COLUMN html text');
  },
  async down({ context: sequelize }) {
    await sequelize.query('ALTER TABLE outbox DROP COLUMN html');
  },
};
