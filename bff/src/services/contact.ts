import {
  CONTACT_MESSAGES_PER_IP,
  CONTACT_WINDOW_MS,
  NEWSLETTER_SIGNUPS_PER_IP,
} from '@brnd/contracts/domain/constants';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../providers/mail.ts';
import { tooManyAttempts } from './errors.ts';
import type { RateLimiter } from './rate-limits.ts';

export interface ContactMessage {
  name: string;
  email: string;
  website: string;
  country: string;
  text: string;
}

export interface ContactService {
  /** Stores the message, then mails it to the operator; 429 past the per-IP limit. */
  send(message: ContactMessage, clientIp: string): Promise<void>;
  /** Adds the address to the sale newsletter; again is a no-op; 429 past the per-IP limit. */
  subscribe(email: string, clientIp: string): Promise<void>;
}

export function createContactService(deps: {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  operatorEmail: string;
  logger: Logger;
}): ContactService {
  const { db, mailer, limiter, operatorEmail, logger } = deps;
  return {
    async subscribe(email, clientIp) {
      const limit = await limiter.hit(
        `newsletter:ip:${clientIp}`,
        NEWSLETTER_SIGNUPS_PER_IP,
        CONTACT_WINDOW_MS,
      );
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      await db.query(
        `INSERT INTO newsletter_subscribers (email, client_ip) VALUES ($1, $2)
         ON CONFLICT (email) DO NOTHING`,
        [email, clientIp],
      );
    },

    async send(message, clientIp) {
      const limit = await limiter.hit(
        `contact:ip:${clientIp}`,
        CONTACT_MESSAGES_PER_IP,
        CONTACT_WINDOW_MS,
      );
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

      const [row] = await db.query<{ id: string }>(
        `INSERT INTO contact_messages (name, email, website, country, text, client_ip)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [message.name, message.email, message.website, message.country, message.text, clientIp],
      );
      // The message is stored: a mail failure is logged for a retry by hand, not shown as lost.
      try {
        await mailer.send({
          to: operatorEmail,
          subject: `Contact form: ${message.name} (${message.country})`,
          text: [
            `Name: ${message.name}`,
            `E-mail: ${message.email}`,
            `Website: ${message.website}`,
            `Country: ${message.country}`,
            '',
            message.text,
          ].join('\n'),
        });
        await db.query('UPDATE contact_messages SET mailed_at = now() WHERE id = $1', [row?.id]);
      } catch (error) {
        logger.error('contact message stored but not mailed', { err: error, id: row?.id });
      }
    },
  };
}
