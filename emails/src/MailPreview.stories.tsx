import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  APP_PAGES,
  pageLanguageOf,
  pageLink,
  withPageLanguage,
} from '@brnd/contracts/domain/app-pages';
import type { Locale } from '@brnd/locales/messages';
import { mailIntl } from './intl.ts';
import { MailPreview, PREVIEW_APP_URL } from './MailPreview.tsx';
import type { MailKind, MailProps } from './render.tsx';

/**
 * Every e-mail the platform sends, one story each, in English or Polish by the locale global:
 * designers review mail copy here, where they review screens. Each story checks the subject,
 * the button's link (built from the app's route table) and that the text part carries the same
 * link.
 */
const meta = {
  title: 'Emails/Templates',
  component: MailPreview,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof MailPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

function mailStory<K extends MailKind>(
  kind: K,
  props: MailProps<K>,
  expected: {
    subject: string;
    values?: Record<string, string | number>;
    button: string;
    href: string;
  },
): Story {
  return {
    args: { kind, locale: 'en', props } as Story['args'],
    // The mail's own language follows the story's (the toolbar, the storybook-pl run).
    parameters: { polishArgs: { locale: 'pl' satisfies Locale } },
    play: async ({ args, canvasElement }) => {
      const canvas = within(canvasElement);
      const t = mailIntl(args.locale).formatMessage;
      await expect(
        await canvas.findByRole('heading', {
          level: 1,
          name: t({ id: expected.subject }, expected.values),
        }),
      ).toBeVisible();
      const button = canvas.getByRole('link', { name: t({ id: expected.button }) });
      // Every link names the mail's language, so the page opens in it.
      const href = withPageLanguage(expected.href, pageLanguageOf(args.locale) ?? 'en');
      await expect(button).toHaveAttribute('href', href);
      await expect(canvasElement.querySelector('pre')?.textContent).toContain(href);
    },
  };
}

const code = 'Xq3vJ9bKp2LmN8rT5wYz1AaBcDeFgHiJkLmNoPqRsTu';
const verify = {
  subject: 'email.verify.subject',
  button: 'email.verify.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.verifyEmail, { params: { code } }),
};
export const VerifyEmail = mailStory('verifyEmail', { name: 'Anna Nowak', code }, verify);

const reset = {
  subject: 'email.reset.subject',
  button: 'email.reset.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.resetPassword, { params: { code } }),
};
export const ResetPassword = mailStory('resetPassword', { name: 'Anna Nowak', code }, reset);

const signupExisting = {
  subject: 'email.signupExisting.subject',
  button: 'email.signupExisting.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.login),
};
export const SignupExisting = mailStory('signupExisting', { name: 'Anna Nowak' }, signupExisting);

const brand = {
  name: 'Anna Nowak',
  brand: 'Walker Coffee',
  reason: 'The trademark certificate is missing.',
};
const toMyBrands = {
  button: 'email.brandDecision.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.myBrands),
  values: { brand: brand.brand },
};
const brandApproved = { ...brand, outcome: 'approved' as const };
const brandApprovedCase = { ...toMyBrands, subject: 'email.brandDecision.approved.subject' };
export const BrandApproved = mailStory('brandDecision', brandApproved, brandApprovedCase);
const brandRejected = { ...brand, outcome: 'rejected' as const };
const brandRejectedCase = { ...toMyBrands, subject: 'email.brandDecision.rejected.subject' };
export const BrandRejected = mailStory('brandDecision', brandRejected, brandRejectedCase);
const brandRevoked = { ...brand, outcome: 'revoked' as const };
const brandRevokedCase = { ...toMyBrands, subject: 'email.brandDecision.revoked.subject' };
export const BrandRevoked = mailStory('brandDecision', brandRevoked, brandRevokedCase);

const company = {
  company: 'Walker Roasters',
  email: 'office@walker.example',
  reason: 'The registry extract is older than three months.',
  hasAccount: false,
};
const companyValues = { company: company.company };
const companyApproved = { ...company, outcome: 'approved' as const };
const companyApprovedCase = {
  subject: 'email.companyDecision.approved.subject',
  values: companyValues,
  button: 'email.companyDecision.approved.buttonRegister',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.register, { search: { email: company.email } }),
};
/** No account yet: the mail offers one for this address, never a login. */
export const CompanyApproved = mailStory('companyDecision', companyApproved, companyApprovedCase);
const companyWithAccount = { ...companyApproved, hasAccount: true };
const companyWithAccountCase = {
  ...companyApprovedCase,
  button: 'email.companyDecision.approved.buttonAccount',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.myBrands),
};
export const CompanyApprovedWithAccount = mailStory(
  'companyDecision',
  companyWithAccount,
  companyWithAccountCase,
);
const companyRejected = { ...company, outcome: 'rejected' as const };
const companyRejectedCase = {
  subject: 'email.companyDecision.rejected.subject',
  values: companyValues,
  button: 'email.companyDecision.rejected.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.newBrandAccount),
};
export const CompanyRejected = mailStory('companyDecision', companyRejected, companyRejectedCase);
const companyRevoked = { ...company, outcome: 'revoked' as const };
const companyRevokedCase = {
  subject: 'email.companyDecision.revoked.subject',
  values: companyValues,
  button: 'email.companyDecision.revoked.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.contact),
};
export const CompanyRevoked = mailStory('companyDecision', companyRevoked, companyRevokedCase);

const application = {
  company: 'Walker Roasters',
  vatNumber: 'PL5260001246',
  employees: 12,
  documents: 2,
  submittedAt: new Date('2026-11-25T10:00:00Z'),
};
const applicationCase = {
  subject: 'email.applicationReceipt.subject',
  values: { company: application.company },
  button: 'email.applicationReceipt.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.contact),
};
export const ApplicationReceipt = mailStory('applicationReceipt', application, applicationCase);

const gift = {
  brand: 'Walker Coffee',
  ticker: 'WLK',
  amount: 1500,
  email: 'fan@example.com',
  hasAccount: true,
};
const giftValues = { brand: gift.brand, ticker: gift.ticker, amount: gift.amount };
const giftCase = {
  subject: 'email.tokensReceived.subject',
  values: giftValues,
  button: 'email.tokensReceived.buttonAccount',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.myTokens),
};
export const TokensReceived = mailStory('tokensReceived', gift, giftCase);
const claim = { ...gift, hasAccount: false };
const claimCase = {
  ...giftCase,
  button: 'email.tokensReceived.buttonClaim',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.register, { search: { email: gift.email } }),
};
/** No account with this address: the tokens wait, and the mail leads to the sign-up. */
export const TokensWaitingForAccount = mailStory('tokensReceived', claim, claimCase);

const walletChange = {
  name: 'Anna Nowak',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  previous: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
};
const walletCase = {
  subject: 'email.walletChanged.subject',
  button: 'email.walletChanged.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.forgotPassword),
};
/** The payout wallet changed: the mail names both addresses and leads to a new password. */
export const WalletChanged = mailStory('walletChanged', walletChange, walletCase);
/** The first payout wallet of an account. */
export const WalletFirst = mailStory(
  'walletChanged',
  { ...walletChange, previous: null },
  walletCase,
);

const lapsed = { name: 'Anna Nowak', brand: 'Walker Coffee' };
const lapsedCase = {
  subject: 'email.premiumLapsed.subject',
  values: { brand: lapsed.brand },
  button: 'email.premiumLapsed.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.myBrands),
};
/** The stake behind a brand's Premium fell below the threshold. */
export const PremiumLapsed = mailStory('premiumLapsed', lapsed, lapsedCase);

const ORDER_UUID = '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c';
const crypto = {
  name: 'Anna Nowak',
  order: '100042',
  paid: { amount: '0.0208', unit: 'BTC' },
  tokens: 416_666,
  creditedAt: '2026-11-20T10:15:00.000Z',
  orderUuid: ORDER_UUID,
};
const purchaseCase = {
  subject: 'email.purchaseReceipt.subject',
  values: { tokens: crypto.tokens, order: crypto.order },
  button: 'email.purchaseReceipt.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.buyOrder, { params: { uuid: ORDER_UUID } }),
};
/** A paid crypto order's receipt: it opens the order. */
export const PurchaseReceipt = mailStory('purchaseReceipt', crypto, purchaseCase);
const card = {
  ...crypto,
  order: 'ctx_9f8e7d',
  paid: { amount: '101.00', unit: 'PLN' },
  tokens: 8_333,
  orderUuid: null,
};
const cardCase = {
  ...purchaseCase,
  values: { tokens: card.tokens, order: card.order },
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.transactions),
};
/** A card order has no page of its own: the receipt opens Transactions. */
export const PurchaseReceiptCard = mailStory('purchaseReceipt', card, cardCase);

const payout = {
  name: 'Anna Nowak',
  tokens: 2_500,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  txHash: '0x8f1c4e0d7a3b9f2e6c5d4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e',
  sentAt: '2026-11-20T10:15:00.000Z',
};
const payoutCase = {
  subject: 'email.payoutReceipt.subject',
  values: { tokens: payout.tokens },
  button: 'email.payoutReceipt.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.wallet),
};
export const PayoutReceipt = mailStory('payoutReceipt', payout, payoutCase);

const credit = {
  name: 'Anna Nowak',
  decision: 'credit' as const,
  order: '100042',
  paid: { amount: '0.0208', unit: 'BTC' },
  tokens: 416_666,
  reference: '',
  orderUuid: ORDER_UUID,
};
const decisionCase = {
  subject: 'email.paymentDecision.credit.subject',
  values: { tokens: credit.tokens, order: credit.order },
  button: 'email.paymentDecision.button',
  href: pageLink(PREVIEW_APP_URL, APP_PAGES.buyOrder, { params: { uuid: ORDER_UUID } }),
};
/** An operator credited a part payment: the decision and the BRND credited. */
export const PaymentDecisionCredit = mailStory('paymentDecision', credit, decisionCase);
const refund = { ...credit, decision: 'refund' as const, tokens: 0, reference: 'RF-2026-0042' };
const refundCase = {
  ...decisionCase,
  subject: 'email.paymentDecision.refund.subject',
  values: { order: refund.order },
};
/** An operator returns the money: the refund's reference, no BRND. */
export const PaymentDecisionRefund = mailStory('paymentDecision', refund, refundCase);
