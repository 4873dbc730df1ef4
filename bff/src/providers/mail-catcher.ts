import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface MailCatcher {
  /** Where nodemailer should deliver: plain SMTP on the loopback interface. */
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Development stand-in for a mail relay: a real SMTP server on a local port that accepts every
 * message and stores it in the outbox table, so mail goes through the same SMTP code path as in
 * production and shows up at /dev/outbox.
 */
export async function startMailCatcher(options: {
  db: Database;
  logger: Logger;
  /** Default: a free one. Tests name one, to bring a server that was down back where it was. */
  port?: number;
}): Promise<MailCatcher> {
  const { db, logger } = options;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'BRND development mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        store(
          Buffer.concat(chunks),
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
        )
          .then(() => callback())
          .catch((error: unknown) => {
            logger.error('mail catcher could not store a message', { err: error });
            callback(
              Object.assign(new Error('Could not store the message'), { responseCode: 451 }),
            );
          });
      });
    },
  });

  async function store(raw: Buffer, recipients: string[]) {
    const email = await PostalMime.parse(raw);
    await db.models.OutboxMessage.create({
      channel: 'email',
      to: recipients.join(', ') || (email.to ?? []).map((to) => to.address ?? '').join(', '),
      subject: email.subject ?? '',
      text: email.text ?? '',
      html: email.html ?? null,
    });
  }

  const host = '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  server.on('error', (error: unknown) => logger.error('mail catcher error', { err: error }));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
