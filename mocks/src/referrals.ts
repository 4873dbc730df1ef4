import type { Referral } from '@brnd/contracts/api/referrals';
import {
  REFERRAL_LINKS_PER_USER,
  isSelfReferral,
  referralAccountCode,
  type ReferralParty,
  type ReferralTarget,
} from '@brnd/contracts/domain/referrals';

/**
 * The fake's referral programme, the same rules as the bff's (bff/src/services/referrals.ts):
 * a click counts on the link named, a sign-up is credited when the referred account completes
 * verification, never to the same person, and each event pays once.
 */

export interface ReferralLinkRecord extends Referral {
  userId: number;
}

/** Thrown as the fake's FakeError by the caller. */
export interface ReferralFailure {
  status: number;
  messageId: string;
  values?: Record<string, number>;
}

/**
 * The exact link, else the account's own link (`CODE-anything`), as the bff resolves codes. An
 * archived link no longer counts on itself (decision 064): its code names the account's own link,
 * unless `evenArchived` (a sign-up it brought before it was archived still pays through it, as
 * the bff's referral_signups row does).
 */
export function findReferralLink(
  links: readonly ReferralLinkRecord[],
  code: string | undefined,
  { evenArchived = false } = {},
): ReferralLinkRecord | undefined {
  if (!code?.trim()) return undefined;
  const wanted = code.trim().toUpperCase();
  const account = referralAccountCode(code);
  const usable = (candidate: ReferralLinkRecord) => evenArchived || !candidate.archived;
  return (
    links.find((candidate) => candidate.code.toUpperCase() === wanted && usable(candidate)) ??
    links.find((candidate) => candidate.code.toUpperCase() === account && usable(candidate))
  );
}

const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return Array.from(bytes, (byte) => SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length]).join('');
}

export function createReferralLink(
  links: ReferralLinkRecord[],
  owner: { id: number; referralCode: string },
  input: { description: string; target: ReferralTarget },
): Referral | ReferralFailure {
  const inUse = links.filter((link) => link.userId === owner.id && !link.archived);
  if (inUse.length >= REFERRAL_LINKS_PER_USER) {
    return {
      status: 409,
      messageId: 'referrals.errors.tooManyLinks',
      values: { limit: REFERRAL_LINKS_PER_USER },
    };
  }
  const prefix = input.target === 'register' ? '' : input.target.toUpperCase();
  let code: string;
  do code = `${owner.referralCode}-${prefix}${randomSuffix()}`;
  while (findReferralLink(links, code, { evenArchived: true })?.code === code);
  const link: ReferralLinkRecord = {
    userId: owner.id,
    code,
    description: input.description,
    clicks: 0,
    signups: 0,
    tokens: 0,
    archived: false,
  };
  links.push(link);
  const { userId: _userId, ...row } = link;
  return row;
}

/** Pays a reward onto the link unless referrer and referred are one person; true if paid. */
export function creditReferral(
  link: ReferralLinkRecord | undefined,
  parties: { referrer: ReferralParty; referred: ReferralParty },
  reward: { tokens: number; signup: boolean },
): boolean {
  if (!link || isSelfReferral(parties.referrer, parties.referred)) return false;
  if (reward.signup) link.signups += 1;
  link.tokens += reward.tokens;
  return true;
}
