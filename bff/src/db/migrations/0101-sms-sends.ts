import type { Migration } from '../migrate.ts';

/**
 * Every SMS code sent, so the bounds of decision 040 (resend cooldown, per-account and
 * per-number caps, a daily budget per destination prefix) hold across bff instances.
 */
export const smsSends: Migration = {
  name: '0101-sms-sends',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE sms_sends (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        mobile text NOT NULL,
        budget text NOT NULL,
        sent_at timestamptz NOT NULL
      );
      CREATE INDEX sms_sends_user_idx ON sms_sends (user_id, sent_at DESC);
      CREATE INDEX sms_sends_mobile_idx ON sms_sends (mobile, sent_at);
      CREATE INDEX sms_sends_budget_idx ON sms_sends (budget, sent_at);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE sms_sends');
  },
};
