import { renderMail, type MailKind, type MailProps } from '@brnd/emails/render';
import { smsText, type SmsKind, type SmsKinds } from '@brnd/emails/sms';
import type { Language } from '../db/models.ts';
import type { MailSendOptions, Mailer } from '../providers/mail.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { localeOf } from './messages.ts';

interface Recipient {
  name: string;
  email: string;
  language: Language;
}

/** One e-mail to one person: its kind's template, in that person's language. */
export interface MailRequest<K extends MailKind> {
  kind: K;
  to: string;
  language: Language;
  props: MailProps<K>;
}

/**
 * The one way the platform writes to a person: every e-mail is a template of `@brnd/emails`
 * rendered here (HTML and text, in the recipient's language, links from the app's route table)
 * and handed to the mailer, which queues it (jobs/mail.ts); every SMS goes the same way through
 * the SMS provider. Services never compose a message themselves.
 */
export interface Notifications {
  /** With `transaction`, the mail is queued in it: sent if and only if it commits (decision 056). */
  mail<K extends MailKind>(request: MailRequest<K>, options?: MailSendOptions): Promise<void>;
  sms<K extends SmsKind>(
    to: string,
    language: Language,
    kind: K,
    values: SmsKinds[K],
  ): Promise<void>;
  verificationEmail(user: Recipient, code: string): Promise<void>;
  passwordResetEmail(user: Recipient, code: string): Promise<void>;
  /** A sign-up with an address that has an account: the owner hears of it, the caller does not. */
  signupExistingEmail(user: Recipient): Promise<void>;
  phoneCode(to: string, language: Language, code: string): Promise<void>;
}

export function createNotifications(options: {
  appUrl: string;
  mailer: Mailer;
  sms: SmsProvider;
}): Notifications {
  const { appUrl, mailer, sms } = options;

  async function mail<K extends MailKind>(request: MailRequest<K>, options?: MailSendOptions) {
    const rendered = await renderMail(request.kind, {
      locale: localeOf(request.language),
      appUrl,
      props: request.props,
    });
    await mailer.send({ to: request.to, ...rendered }, options);
  }

  async function sendSms<K extends SmsKind>(
    to: string,
    language: Language,
    kind: K,
    values: SmsKinds[K],
  ) {
    await sms.send({ to, text: smsText(kind, localeOf(language), values) });
  }

  return {
    mail,
    sms: sendSms,
    verificationEmail: (user, code) =>
      mail({
        kind: 'verifyEmail',
        to: user.email,
        language: user.language,
        props: { name: user.name, code },
      }),
    passwordResetEmail: (user, code) =>
      mail({
        kind: 'resetPassword',
        to: user.email,
        language: user.language,
        props: { name: user.name, code },
      }),
    signupExistingEmail: (user) =>
      mail({
        kind: 'signupExisting',
        to: user.email,
        language: user.language,
        props: { name: user.name },
      }),
    phoneCode: (to, language, code) => sendSms(to, language, 'phoneCode', { code }),
  };
}
