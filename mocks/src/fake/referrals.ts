import { SUCCESS } from '@brnd/contracts/api/accounts';
import type { ReferralTarget } from '@brnd/contracts/domain/referrals';
import { REFERRAL_CLICK_WINDOW_MS } from '@brnd/contracts/domain/constants';
import { createReferralLink, findReferralLink } from '../referrals.ts';
import { FakeError, type UserRecord } from './records.ts';
import type { FakeCore } from './core.ts';

/** Referral links as the bff's services/referrals.ts. */
export function fakeReferrals(core: FakeCore) {
  const { hit } = core;

  function ownedLink(user: UserRecord, code: string) {
    const link = core.state.referralLinks.find(
      (candidate) =>
        candidate.userId === user.id && candidate.code.toUpperCase() === code.toUpperCase(),
    );
    if (!link) throw new FakeError(404, 'referrals.errors.unknownLink');
    if (link.code.toUpperCase() === user.referralCode.toUpperCase()) {
      throw new FakeError(409, 'referrals.errors.ownLink');
    }
    return link;
  }
  return {
    visitReferral(input: { referral_code: string }) {
      const link = findReferralLink(core.state.referralLinks, input.referral_code);
      if (!link) throw new FakeError(404, 'referrals.errors.unknownLink');
      // The fake has one visitor, this browser: its visits count once per window, as in the bff.
      const visit = hit(`referral-click:${link.code}`, 1, REFERRAL_CLICK_WINDOW_MS);
      if (visit.allowed) link.clicks += 1;
      return { message: SUCCESS };
    },

    referrals(user: UserRecord) {
      const rows = core.state.referralLinks
        .filter((link) => link.userId === user.id)
        .map(({ userId: _userId, ...row }) => row);
      return { orders: { rows } };
    },

    editReferral(user: UserRecord, input: { code: string; description: string }) {
      const link = core.state.referralLinks.find(
        (candidate) =>
          candidate.userId === user.id && candidate.code.toUpperCase() === input.code.toUpperCase(),
      );
      if (!link) throw new FakeError(404, 'referrals.errors.unknownLink');
      link.description = input.description;
      return { message: SUCCESS };
    },

    /** As the bff: the account's own link is the account's code and stays (decision 064). */
    archiveReferral(user: UserRecord, input: { code: string }) {
      ownedLink(user, input.code).archived = true;
      return { message: SUCCESS };
    },

    /** Only a link that brought no one: one with sign-ups or rewards is archived instead. */
    deleteReferral(user: UserRecord, input: { code: string }) {
      const link = ownedLink(user, input.code);
      const attributed = core.state.users.some((other) => other.referredVia === link.code);
      if (attributed || link.signups > 0 || link.tokens > 0) {
        throw new FakeError(409, 'referrals.errors.linkInUse');
      }
      core.state.referralLinks.splice(core.state.referralLinks.indexOf(link), 1);
      return { message: SUCCESS };
    },

    createReferral(user: UserRecord, input: { description: string; target: ReferralTarget }) {
      const created = createReferralLink(core.state.referralLinks, user, input);
      if ('messageId' in created) {
        throw new FakeError(created.status, created.messageId, { values: created.values ?? {} });
      }
      return { message: SUCCESS, referral: created };
    },
  };
}
