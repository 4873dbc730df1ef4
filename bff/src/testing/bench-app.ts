import type Koa from 'koa';
import { createApp } from '../app.ts';
import { createServices } from '../composition.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createOutboxMailer } from '../providers/mail.ts';
import { createOutboxSms } from '../providers/sms.ts';
import { TEST_ARGON2_COST, createPasswordHasher } from '../services/passwords.ts';

/** The real bff in production mode on a bench database: mail and SMS land in the outbox. */
export function createBenchApp(db: Database, options: { logger: Logger; appUrl: string }): Koa {
  const services = createServices(
    { appUrl: options.appUrl, secret: 'bench-secret-that-is-at-least-32-characters-long' },
    {
      db,
      logger: options.logger,
      mailer: createOutboxMailer(db),
      sms: createOutboxSms(db),
      hasher: createPasswordHasher(TEST_ARGON2_COST),
    },
  );
  return createApp({ services, appUrl: options.appUrl, production: true });
}
