/**
 * Referral links, shared by the app (where /ref/{code} lands), the mocks and the bff (which part
 * of a code names the account). Reward amounts live in constants.ts.
 */
import { normalizePhone } from './rules.ts';

/** Where a link sends its visitors; `register` is the default. */
export const REFERRAL_TARGETS = ['register', 'ico', 'vote'] as const;
export type ReferralTarget = (typeof REFERRAL_TARGETS)[number];

export const REFERRAL_DESCRIPTION_MAX_LENGTH = 200;

/** Links a user may hold, their account's own link included: creating more answers 409. */
export const REFERRAL_LINKS_PER_USER = 50;

/** The account's code: everything before the first dash (`DEMOBRND-ico` → `DEMOBRND`). */
export function referralAccountCode(code: string): string {
  return code.split('-')[0]?.trim().toUpperCase() ?? '';
}

/**
 * The spec's routing of /ref/{code}: a code with a dash part containing `ico` goes to the token
 * sale, one containing `vote` to the voting page, any other to sign-up. Case does not matter:
 * codes are typed by hand.
 */
export function referralLanding(code: string): '/ico' | '/voting' | '/register' {
  const parts = code.toLowerCase().split('-').slice(1);
  if (parts.some((part) => part.includes('ico'))) return '/ico';
  if (parts.some((part) => part.includes('vote'))) return '/voting';
  return '/register';
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, one address, for the self-referral rule: lower case, without a `+tag`, and for
 * Gmail (which ignores dots and answers on both domains) without dots, on gmail.com.
 */
export function canonicalEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).trim().toLowerCase();
  let host = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  let name = local.split('+')[0] ?? '';
  if (GMAIL_DOMAINS.has(host)) {
    name = name.replaceAll('.', '');
    host = 'gmail.com';
  }
  return `${name}@${host}`;
}

/** Digits of the E.164 form: `+48 500 100 200`, `0048500100200` and `+48500100200` are one phone. */
export function canonicalPhone(mobile: string): string {
  return normalizePhone(mobile).replace(/\D/g, '');
}

export interface ReferralParty {
  email: string;
  mobile: string;
  walletAddress: string | null;
}

/** Referrer and referred are one person: same mailbox, same phone or same wallet. */
export function isSelfReferral(referrer: ReferralParty, referred: ReferralParty): boolean {
  if (canonicalEmail(referrer.email) === canonicalEmail(referred.email)) return true;
  const phone = canonicalPhone(referrer.mobile);
  if (phone !== '' && phone === canonicalPhone(referred.mobile)) return true;
  return (
    referrer.walletAddress !== null &&
    referred.walletAddress !== null &&
    referrer.walletAddress.toLowerCase() === referred.walletAddress.toLowerCase()
  );
}
