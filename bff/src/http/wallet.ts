import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  claimPayout,
  payouts as payoutList,
  saleProgress,
  updateWallet,
  wallet,
  walletChallenge,
} from '@brnd/contracts/api/wallet';
import type { PayoutService } from '../services/payouts.ts';
import type { WalletProofService } from '../services/wallet-proofs.ts';
import type { WalletService } from '../services/wallet.ts';
import { authedRoute, route, type Route } from './route.ts';

export function walletRoutes({
  wallets,
  proofs,
  payouts,
}: {
  wallets: WalletService;
  proofs: WalletProofService;
  payouts: PayoutService;
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
    authedRoute(claimPayout, async ({ auth }) => ({
      message: SUCCESS,
      payout: await payouts.claim(auth.user.id),
    })),
    authedRoute(payoutList, async ({ auth }) => ({ payouts: await payouts.list(auth.user.id) })),
    route(saleProgress, async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return wallets.saleProgress();
    }),
  ];
}
