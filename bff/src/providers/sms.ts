import type { Database } from '../db/database.ts';

export interface SmsMessage {
  /** E.164-like: digits with an optional leading plus. */
  to: string;
  text: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Tests: the SMS goes straight into the outbox table, as the Twilio simulator would put it. */
export function createOutboxSms(db: Database): SmsProvider {
  return {
    async send(message) {
      await db.models.OutboxMessage.create({ channel: 'sms', subject: '', ...message });
    },
  };
}
