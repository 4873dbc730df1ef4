import type { Migration } from '../migrate.ts';

/**
 * The periodic purge deletes `sms_sends` rows older than the bounds read (SMS_SENDS_KEPT_MS):
 * an index on the time alone, since every other index of the table leads with a key.
 */
export const smsSendsPruning: Migration = {
  name: '0120-sms-sends-pruning',
  async up({ context: sequelize }) {
    await sequelize.query('CREATE INDEX sms_sends_sent_at_idx ON sms_sends (sent_at)');
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP INDEX sms_sends_sent_at_idx');
  },
};
