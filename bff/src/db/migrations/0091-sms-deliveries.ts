import type { Migration } from '../migrate.ts';

/**
 * The last delivery status the SMS provider reported for each message (Twilio's status
 * callbacks, decision 033): an operator can tell "never reached the phone" from "not sent".
 */
export const smsDeliveries: Migration = {
  name: '0091-sms-deliveries',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE sms_deliveries (
        message_sid text PRIMARY KEY,
        status text NOT NULL,
        error_code text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE sms_deliveries');
  },
};
