import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import { Action, MailLayout, Note, Paragraph } from '../Layout.tsx';
import type { Template } from '../template.ts';

export type DecisionOutcome = 'approved' | 'rejected' | 'revoked';

/**
 * An operator's decision on a brand its owner registered from My brands: the owner has an
 * account, and My brands is where a refused brand is sent again.
 */
export const brandDecision: Template<{
  name: string;
  brand: string;
  outcome: DecisionOutcome;
  reason: string;
}> = {
  subject: (intl, { brand, outcome }) =>
    intl.formatMessage({ id: `email.brandDecision.${outcome}.subject` }, { brand }),
  Body({ intl, appUrl, language, name, brand, outcome, reason }) {
    const t = intl.formatMessage;
    const key = `email.brandDecision.${outcome}`;
    return (
      <MailLayout intl={intl} preview={t({ id: `${key}.subject` }, { brand })}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: `${key}.body` }, { brand })}</Paragraph>
        {outcome !== 'approved' && <Note>{t({ id: 'email.reason' }, { reason })}</Note>}
        <Paragraph>{t({ id: `${key}.next` })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.myBrands, { language })}
          label={t({ id: 'email.brandDecision.button' })}
        />
      </MailLayout>
    );
  },
};

/**
 * An operator's decision on a /newbrandaccount application. The applicant may have no account:
 * the mail offers what they can do with this address (create the account, apply again, write
 * to us), never a login they do not have.
 */
export const companyDecision: Template<{
  company: string;
  email: string;
  outcome: DecisionOutcome;
  reason: string;
  hasAccount: boolean;
}> = {
  subject: (intl, { company, outcome }) =>
    intl.formatMessage({ id: `email.companyDecision.${outcome}.subject` }, { company }),
  Body({ intl, appUrl, language, company, email, outcome, reason, hasAccount }) {
    const t = intl.formatMessage;
    const key = `email.companyDecision.${outcome}`;
    const action =
      outcome === 'approved'
        ? hasAccount
          ? {
              href: pageLink(appUrl, APP_PAGES.myBrands, { language }),
              label: `${key}.buttonAccount`,
            }
          : {
              href: pageLink(appUrl, APP_PAGES.register, { search: { email }, language }),
              label: `${key}.buttonRegister`,
            }
        : outcome === 'rejected'
          ? {
              href: pageLink(appUrl, APP_PAGES.newBrandAccount, { language }),
              label: `${key}.button`,
            }
          : {
              href: pageLink(appUrl, APP_PAGES.contact, { language }),
              label: `${key}.button`,
            };
    return (
      <MailLayout intl={intl} preview={t({ id: `${key}.subject` }, { company })}>
        <Paragraph>{t({ id: 'email.greetingAnonymous' })}</Paragraph>
        <Paragraph>{t({ id: `${key}.body` }, { company })}</Paragraph>
        {outcome !== 'approved' && <Note>{t({ id: 'email.reason' }, { reason })}</Note>}
        <Paragraph>
          {outcome === 'approved'
            ? t({ id: hasAccount ? `${key}.nextAccount` : `${key}.nextRegister` }, { email })
            : t({ id: `${key}.next` })}
        </Paragraph>
        <Action intl={intl} href={action.href} label={t({ id: action.label })} />
      </MailLayout>
    );
  },
};

/** Right after /newbrandaccount: the application arrived and what happens next. */
export const applicationReceipt: Template<{
  company: string;
  vatNumber: string;
  employees: number;
  documents: number;
  submittedAt: Date;
}> = {
  subject: (intl, { company }) =>
    intl.formatMessage({ id: 'email.applicationReceipt.subject' }, { company }),
  Body({ intl, appUrl, language, company, vatNumber, employees, documents, submittedAt }) {
    const t = intl.formatMessage;
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.applicationReceipt.subject' }, { company })}>
        <Paragraph>{t({ id: 'email.greetingAnonymous' })}</Paragraph>
        <Paragraph>
          {t({ id: 'email.applicationReceipt.body' }, { company, submittedAt: submittedAt })}
        </Paragraph>
        <Paragraph>
          {t({ id: 'email.applicationReceipt.summary' }, { vatNumber, employees, documents })}
        </Paragraph>
        <Paragraph>{t({ id: 'email.applicationReceipt.next' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.contact, { language })}
          label={t({ id: 'email.applicationReceipt.button' })}
        />
      </MailLayout>
    );
  },
};
