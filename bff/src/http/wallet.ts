import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  claimPayout,
  payouts as payoutList,
  saleProgress,
  updateWallet,
  wallet,
  walletChallenge,
  type Payout,
} from '@brnd/contracts/api/wallet';
import type { Idempotency, MarkDone } from '../services/idempotency.ts';
import type { PayoutService } from '../services/payouts.ts';
import type { WalletProofService } from '../services/wallet-proofs.ts';
import type { WalletService } from '../services/wallet.ts';
import { authedRoute, route, type Route } from './route.ts';

export function walletRoutes({
  wallets,
  proofs,
  payouts,
  idempotency,
}: {
  wallets: WalletService;
  proofs: WalletProofService;
  payouts: PayoutService;
  /** Unset: `Idempotency-Key` is not honoured (tests of other areas). */
  idempotency?: Idempotency | undefined;
}): Route[] {
  return [
    authedRoute(wallet, async ({ auth }) => ({ wallet: [await wallets.wallet(auth.user.id)] })),
    authedRoute(walletChallenge, async ({ auth, body }) =>
      proofs.challenge(auth.user.id, body.walletAddress),
    ),
    authedRoute(updateWallet, async ({ auth, body }) => {
      await proofs.saveProven(auth.user, body);
      return { message: SUCCESS };
    }),
    // A double submit of one payout attempt pays out once (docs/decisions/044), also when the
    // bff dies between the claim and its answer: the key is done in the claim's transaction.
    authedRoute(claimPayout, async ({ auth, body, headers }) => {
      const work = async (markDone?: MarkDone<{ message: string; payout: Payout }>) => ({
        message: SUCCESS,
        payout: await payouts.claim(
          auth.user.id,
          body.brnd_tokens,
          markDone &&
            ((payout, transaction) => markDone({ message: SUCCESS, payout }, transaction)),
        ),
      });
      const key = headers['idempotency-key'];
      return idempotency
        ? idempotency.runAtomically(
            { userId: auth.user.id, endpoint: claimPayout.id, key },
            body,
            work,
          )
        : work();
    }),
    authedRoute(payoutList, async ({ auth }) => ({ payouts: await payouts.list(auth.user.id) })),
    route(saleProgress, async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return wallets.saleProgress();
    }),
  ];
}
