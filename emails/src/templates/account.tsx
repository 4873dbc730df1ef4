import { EMAIL_CODE_LIFETIME_MS, RESET_CODE_LIFETIME_MS } from '@brnd/contracts/domain/constants';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import { Action, MailLayout, Paragraph } from '../Layout.tsx';
import type { Template } from '../template.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** After sign-up (and again at a login before the address is confirmed). */
export const verifyEmail: Template<{ name: string; code: string }> = {
  subject: (intl) => intl.formatMessage({ id: 'email.verify.subject' }),
  Body({ intl, appUrl, language, name, code }) {
    const t = intl.formatMessage;
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.verify.preview' })}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: 'email.verify.body' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.verifyEmail, { params: { code }, language })}
          label={t({ id: 'email.verify.button' })}
        />
        <Paragraph>
          {t(
            { id: 'email.verify.validity' },
            { days: Math.round(EMAIL_CODE_LIFETIME_MS / DAY_MS) },
          )}{' '}
          {t({ id: 'email.verify.ignore' })}
        </Paragraph>
      </MailLayout>
    );
  },
};

/** Forgot password: the link works once, for a limited time. */
export const resetPassword: Template<{ name: string; code: string }> = {
  subject: (intl) => intl.formatMessage({ id: 'email.reset.subject' }),
  Body({ intl, appUrl, language, name, code }) {
    const t = intl.formatMessage;
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.reset.preview' })}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: 'email.reset.body' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.resetPassword, { params: { code }, language })}
          label={t({ id: 'email.reset.button' })}
        />
        <Paragraph>
          {t(
            { id: 'email.reset.validity' },
            { hours: Math.round(RESET_CODE_LIFETIME_MS / HOUR_MS) },
          )}{' '}
          {t({ id: 'email.reset.ignore' })}
        </Paragraph>
      </MailLayout>
    );
  },
};

/** A sign-up with an address that already has an account: only the owner hears of it. */
export const signupExisting: Template<{ name: string }> = {
  subject: (intl) => intl.formatMessage({ id: 'email.signupExisting.subject' }),
  Body({ intl, appUrl, language, name }) {
    const t = intl.formatMessage;
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.signupExisting.preview' })}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: 'email.signupExisting.body' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.login, { language })}
          label={t({ id: 'email.signupExisting.button' })}
        />
        <Paragraph>{t({ id: 'email.signupExisting.forgot' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.forgotPassword, { language })}
          label={t({ id: 'email.signupExisting.resetButton' })}
        />
        <Paragraph>{t({ id: 'email.signupExisting.ignore' })}</Paragraph>
      </MailLayout>
    );
  },
};

/**
 * The payout wallet changed (decision 042). Sent to the account's address whoever asked, so a
 * stolen session plus password cannot redirect payouts unnoticed.
 */
export const walletChanged: Template<{ name: string; address: string; previous: string | null }> = {
  subject: (intl) => intl.formatMessage({ id: 'email.walletChanged.subject' }),
  Body({ intl, appUrl, language, name, address, previous }) {
    const t = intl.formatMessage;
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.walletChanged.preview' })}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>
          {previous
            ? t({ id: 'email.walletChanged.bodyChanged' }, { address, previous })
            : t({ id: 'email.walletChanged.bodyFirst' }, { address })}
        </Paragraph>
        <Paragraph>{t({ id: 'email.walletChanged.notYou' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.forgotPassword, { language })}
          label={t({ id: 'email.walletChanged.button' })}
        />
      </MailLayout>
    );
  },
};
