import { EMAIL_CODE_LIFETIME_MS, RESET_CODE_LIFETIME_MS } from '@brnd/contracts/domain/constants';
import type { Language } from '../db/models.ts';
import type { Mailer } from '../providers/mail.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { formatMessage, localeOf } from './messages.ts';

interface Recipient {
  name: string;
  email: string;
  language: Language;
}

/**
 * The words of every e-mail and SMS the platform sends, in the user's language (locales
 * `email.*` and `sms.*`). Links point at the web app's routes.
 */
export interface Notifications {
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
  const link = (route: string, code: string) => `${appUrl}/${route}/${encodeURIComponent(code)}`;

  return {
    async verificationEmail(user, code) {
      const locale = localeOf(user.language);
      await mailer.send({
        to: user.email,
        subject: formatMessage(locale, 'email.verify.subject'),
        text: formatMessage(locale, 'email.verify.text', {
          name: user.name,
          link: link('verify', code),
          days: Math.round(EMAIL_CODE_LIFETIME_MS / 86_400_000),
        }),
      });
    },
    async passwordResetEmail(user, code) {
      const locale = localeOf(user.language);
      await mailer.send({
        to: user.email,
        subject: formatMessage(locale, 'email.reset.subject'),
        text: formatMessage(locale, 'email.reset.text', {
          name: user.name,
          link: link('resetpassword', code),
          hours: Math.round(RESET_CODE_LIFETIME_MS / 3_600_000),
        }),
      });
    },
    async signupExistingEmail(user) {
      const locale = localeOf(user.language);
      await mailer.send({
        to: user.email,
        subject: formatMessage(locale, 'email.signupExisting.subject'),
        text: formatMessage(locale, 'email.signupExisting.text', {
          name: user.name,
          loginLink: `${appUrl}/login`,
          resetLink: `${appUrl}/forgotpassword`,
        }),
      });
    },
    async phoneCode(to, language, code) {
      await sms.send({ to, text: formatMessage(localeOf(language), 'sms.code', { code }) });
    },
  };
}
