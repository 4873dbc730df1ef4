import { SUCCESS } from '@brnd/contracts/api/accounts';
import { type Payout } from '@brnd/contracts/api/wallet';
import {
  LOGIN_THROTTLE_WINDOW_MS,
  PASSWORD_CHANGE_FAILURES,
  wholeTokens,
} from '@brnd/contracts/domain/constants';
import { fakeRetryTreasurySend, fakeTreasurySends } from '../admin-treasury.ts';
import type { TreasurySource } from '@brnd/contracts/api/admin-treasury';
import { fakeChecksummed, fakeUpdateWallet, fakeWalletChallenge } from '../wallet-proofs.ts';
import { FakeError, type UserRecord, recordActivity } from './records.ts';
import type { FakeCore } from './core.ts';

/** Wallet as the bff's services/wallet.ts and payouts.ts: balance, proofs, payouts, activity. */
export function fakeWallet(core: FakeCore) {
  const { now, treasuryHost, proofHost, settlePayouts, hit, refund, tooManyAttempts } = core;
  return {
    wallet(user: UserRecord) {
      return { wallet: [{ ...user.wallet }] };
    },

    adminTreasurySends(operator: UserRecord) {
      return fakeTreasurySends(treasuryHost(operator));
    },

    retryTreasurySend(operator: UserRecord, params: { source: TreasurySource; id: string }) {
      return fakeRetryTreasurySend(treasuryHost(operator), params);
    },

    walletChallenge(user: UserRecord, input: { walletAddress: string }) {
      return fakeWalletChallenge(proofHost, user, input);
    },

    updateWallet(
      user: UserRecord,
      input: { walletAddress: string; nonce: string; signature: string; password: string },
    ) {
      // As the bff's wallet-proofs.ts: wrong passwords are counted, as for a password change.
      fakeChecksummed(input.walletAddress);
      const key = `wallet-change:${user.id}`;
      const limit = hit(key, PASSWORD_CHANGE_FAILURES, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      if (input.password === user.password) refund(key);
      return fakeUpdateWallet(proofHost, user, input);
    },

    claimPayout(user: UserRecord, requested: number) {
      const { walletAddress, brnd_tokens: balance } = user.wallet;
      if (!walletAddress) throw new FakeError(409, 'wallet.errors.noWalletAddress');
      if (!user.wallet.walletVerified) throw new FakeError(409, 'wallet.errors.walletNotVerified');
      if (balance <= 0) throw new FakeError(409, 'wallet.errors.nothingToClaim');
      if (requested > balance) {
        throw new FakeError(400, 'wallet.errors.overBalance', {
          errors: { brnd_tokens: 'wallet.errors.overBalance' },
        });
      }
      // As the bff: all the whole tokens take the balance's fraction along.
      const tokens = requested === wholeTokens(balance) ? balance : requested;
      const payout: Payout = {
        id: `payout-${core.state.nextId++}`,
        status: 'pending',
        brnd_tokens: tokens,
        amount: `${BigInt(Math.round(tokens * 1e6)) * 10n ** 12n}`,
        walletAddress,
        txHash: null,
        created_at: new Date(now()).toISOString(),
      };
      user.wallet.brnd_tokens = balance - tokens;
      (core.state.payouts ??= []).unshift({ ...payout, userId: user.id });
      core.markSent(payout.id);
      recordActivity(core.state, user.id, now(), 'payout', -tokens, {
        type: 'payout',
        id: payout.id,
      });
      return { message: SUCCESS, payout };
    },

    activity(user: UserRecord, query: { limit?: number; offset?: number } = {}) {
      const own = (core.state.activity ?? []).filter((row) => row.userId === user.id).reverse();
      const offset = query.offset ?? 0;
      const page = own.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
      return {
        activity: {
          rows: page.map(({ userId: _userId, ...row }) => row),
          count: own.length,
        },
      };
    },

    payouts(user: UserRecord) {
      settlePayouts();
      const own = (core.state.payouts ?? []).filter((payout) => payout.userId === user.id);
      return { payouts: own.map(({ userId: _userId, ...payout }) => payout) };
    },
  };
}
