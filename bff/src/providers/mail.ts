import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; the text part is what clients without HTML show. */
  html?: string;
}

export interface MailSendOptions {
  /**
   * Queue the message in this transaction (a transactional outbox, decision 056): it exists if and
   * only if the transaction commits. The queued mailer and the test outbox honour it; SMTP itself
   * cannot, and is only ever the queue's worker transport.
   */
  transaction?: Transaction;
}

export interface Mailer {
  send(message: MailMessage, options?: MailSendOptions): Promise<void>;
  close(): Promise<void>;
}

/** The real adapter: nodemailer over SMTP (a provider's relay, or the local mail catcher). */
export function createSmtpMailer(options: {
  transport: string | SMTPTransport.Options;
  from: string;
}): Mailer {
  // nodemailer waits minutes on a silent relay by default; give up well before the send's job
  // expires (MESSAGE_SEND_EXPIRY_SECONDS) and is handed to another worker.
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };
  const transporter = nodemailer.createTransport(
    typeof options.transport === 'string'
      ? { url: options.transport, ...timeouts }
      : { ...timeouts, ...options.transport },
  );
  return {
    async send(message) {
      await transporter.sendMail({ from: options.from, ...message });
    },
    async close() {
      transporter.close();
    },
  };
}

/** Tests: the message goes straight into the outbox table, as the mail catcher would put it. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    async send(message, options) {
      await db.models.OutboxMessage.create(
        {
          channel: 'email',
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
        },
        options?.transaction ? { transaction: options.transaction } : {},
      );
    },
    async close() {},
  };
}
