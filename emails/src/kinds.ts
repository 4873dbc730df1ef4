import { verifyEmail, resetPassword, signupExisting, walletChanged } from './templates/account.tsx';
import { paymentDecision, payoutReceipt, purchaseReceipt } from './templates/money.tsx';
import { premiumLapsed, tokensReceived } from './templates/tokens.tsx';
import { applicationReceipt, brandDecision, companyDecision } from './templates/verification.tsx';
import type { Template } from './template.ts';

/** Every kind of e-mail the platform sends to a person, by name. */
export const templates = {
  verifyEmail,
  resetPassword,
  signupExisting,
  brandDecision,
  companyDecision,
  applicationReceipt,
  tokensReceived,
  walletChanged,
  premiumLapsed,
  purchaseReceipt,
  payoutReceipt,
  paymentDecision,
} as const;

export type MailKind = keyof typeof templates;
export type MailProps<K extends MailKind> =
  (typeof templates)[K] extends Template<infer P> ? P : never;
export const MAIL_KINDS = Object.keys(templates) as MailKind[];
