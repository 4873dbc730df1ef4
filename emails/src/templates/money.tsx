import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import { formatAmount } from '@brnd/locales/amounts';
import { Action, MailLayout, Note, Paragraph } from '../Layout.tsx';
import type { Template } from '../template.ts';

/**
 * Receipts and decisions about a person's money (docs/decisions/044): what was paid or sent, what
 * was credited, and where to see it. What was paid arrives as an exact decimal and its unit (each
 * method counts in its own), written here in the reader's language ("0,0208 BTC", "101,00 zł",
 * decision 065); tokens are whole BRND.
 */

/** An amount as the payment counted it: an exact decimal string and its unit (BTC, ETH, PLN). */
export interface PaidAmount {
  amount: string;
  unit: string;
}

/** An order credited: paid by crypto or card, or credited by an operator. */
export const purchaseReceipt: Template<{
  name: string;
  /** The order's number as the buyer sees it. */
  order: string;
  paid: PaidAmount;
  tokens: number;
  /** ISO 8601. */
  creditedAt: string;
  /** A crypto order's id: the mail opens its page; card orders open Transactions. */
  orderUuid: string | null;
}> = {
  subject: (intl, { tokens, order }) =>
    intl.formatMessage({ id: 'email.purchaseReceipt.subject' }, { tokens, order }),
  Body({ intl, appUrl, language, name, order, paid, tokens, creditedAt, orderUuid }) {
    const t = intl.formatMessage;
    const values = {
      order,
      paid: formatAmount(intl, paid.amount, paid.unit),
      tokens,
      date: intl.formatDate(creditedAt, { dateStyle: 'long' }),
    };
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.purchaseReceipt.subject' }, values)}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: 'email.purchaseReceipt.body' }, values)}</Paragraph>
        <Note>{t({ id: 'email.purchaseReceipt.keep' })}</Note>
        <Action
          intl={intl}
          href={
            orderUuid
              ? pageLink(appUrl, APP_PAGES.buyOrder, { params: { uuid: orderUuid }, language })
              : pageLink(appUrl, APP_PAGES.transactions, { language })
          }
          label={t({ id: 'email.purchaseReceipt.button' })}
        />
      </MailLayout>
    );
  },
};

/** A payout confirmed on chain. */
export const payoutReceipt: Template<{
  name: string;
  tokens: number;
  address: string;
  txHash: string;
  /** ISO 8601. */
  sentAt: string;
}> = {
  subject: (intl, { tokens }) =>
    intl.formatMessage({ id: 'email.payoutReceipt.subject' }, { tokens }),
  Body({ intl, appUrl, language, name, tokens, address, txHash, sentAt }) {
    const t = intl.formatMessage;
    const values = {
      tokens,
      address,
      txHash,
      date: intl.formatDate(sentAt, { dateStyle: 'long' }),
    };
    return (
      <MailLayout intl={intl} preview={t({ id: 'email.payoutReceipt.subject' }, values)}>
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: 'email.payoutReceipt.body' }, values)}</Paragraph>
        <Paragraph>{t({ id: 'email.payoutReceipt.transaction' }, values)}</Paragraph>
        <Note>{t({ id: 'email.payoutReceipt.keep' })}</Note>
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.wallet, { language })}
          label={t({ id: 'email.payoutReceipt.button' })}
        />
      </MailLayout>
    );
  },
};

/** An operator's decision on money an order could not take by itself (docs/decisions/038). */
export const paymentDecision: Template<{
  name: string;
  decision: 'credit' | 'refund';
  order: string;
  paid: PaidAmount;
  tokens: number;
  reference: string;
  orderUuid: string;
}> = {
  subject: (intl, { decision, tokens, order }) =>
    intl.formatMessage({ id: `email.paymentDecision.${decision}.subject` }, { tokens, order }),
  Body({ intl, appUrl, language, name, decision, order, paid, tokens, reference, orderUuid }) {
    const t = intl.formatMessage;
    const values = { order, paid: formatAmount(intl, paid.amount, paid.unit), tokens, reference };
    return (
      <MailLayout
        intl={intl}
        preview={t({ id: `email.paymentDecision.${decision}.subject` }, values)}
      >
        <Paragraph>{t({ id: 'email.greeting' }, { name })}</Paragraph>
        <Paragraph>{t({ id: `email.paymentDecision.${decision}.body` }, values)}</Paragraph>
        {decision === 'refund' && (
          <Note>{t({ id: 'email.paymentDecision.refund.question' }, values)}</Note>
        )}
        <Action
          intl={intl}
          href={pageLink(appUrl, APP_PAGES.buyOrder, { params: { uuid: orderUuid }, language })}
          label={t({ id: 'email.paymentDecision.button' })}
        />
      </MailLayout>
    );
  },
};
