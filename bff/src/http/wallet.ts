import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  claimPayout,
  payouts as payoutList,
  saleProgress,
  updateWallet,
  wallet,
} from '@brnd/contracts/api/wallet';
import type { PayoutService } from '../services/payouts.ts';
import type { WalletService } from '../services/wallet.ts';
import { authedRoute, route, type Route } from './route.ts';

export function walletRoutes({
  wallets,
  payouts,
}: {
  wallets: WalletService;
  payouts: PayoutService;
}): Route[] {
  return [
    authedRoute(wallet, async ({ auth }) => ({ wallet: [await wallets.wallet(auth.user.id)] })),
    authedRoute(updateWallet, async ({ auth, body }) => {
      await wallets.updateAddress(auth.user.id, body.walletAddress);
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
