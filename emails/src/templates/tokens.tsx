import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import { Action, MailLayout, Paragraph } from '../Layout.tsx';
import type { Template } from '../template.ts';

/**
 * A brand gave tokens to an e-mail address. With an account they are already in My tokens;
 * without one they wait until an account with this address confirms it, so the mail leads to
 * the sign-up with the address filled in.
 */
export const tokensReceived: Template<{
  brand: string;
  ticker: string;
  amount: number;
  email: string;
  hasAccount: boolean;
}> = {
  subject: (intl, { brand, ticker, amount }) =>
    intl.formatMessage({ id: 'email.tokensReceived.subject' }, { brand, ticker, amount }),
  Body({ intl, appUrl, language, brand, ticker, amount, email, hasAccount }) {
    const t = intl.formatMessage;
    const values = { brand, ticker, amount, email };
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.tokensReceived.subject' }, values)}>
        <Paragraph>{t({ id: 'email.greetingAnonymous' })}</Paragraph>
        <Paragraph>{t({ id: 'email.tokensReceived.body' }, values)}</Paragraph>
        <Paragraph>
          {t(
            {
              id: hasAccount ? 'email.tokensReceived.withAccount' : 'email.tokensReceived.claim',
            },
            values,
          )}
        </Paragraph>
        <Action
          intl={intl}
          href={
            hasAccount
              ? pageLink(appUrl, APP_PAGES.myTokens, { language })
              : pageLink(appUrl, APP_PAGES.register, { search: { email }, language })
          }
          label={t({
            id: hasAccount
              ? 'email.tokensReceived.buttonAccount'
              : 'email.tokensReceived.buttonClaim',
          })}
        />
      </MailLayout>
    );
  },
};

/**
 * The stake behind a brand's Premium fell below the threshold (decision 042): what was issued
 * stays, new tokens, deals and volume follow the brand's own plan from now on.
 */
export const premiumLapsed: Template<{ name: string; brand: string }> = {
  subject: (intl, { brand }) =>
    intl.formatMessage({ id: 'email.premiumLapsed.subject' }, { brand }),
  Body({ intl, appUrl, language, name, brand }) {
    const t = intl.formatMessage;
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.premiumLapsed.subject' }, { brand })}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: 'email.premiumLapsed.body' }, { brand })}</Paragraph>
        <Paragraph>{t({ id: 'email.premiumLapsed.kept' })}</Paragraph>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.myBrands, { language })}
          label={t({ id: 'email.premiumLapsed.button' })}
        />
      </MailLayout>
    );
  },
};
