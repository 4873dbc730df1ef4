import type { Transaction } from 'sequelize';
import type { BrandTokenService } from './services/brand-tokens/service.ts';
import type { OrderPaidHook } from './services/orders/service.ts';
import type { PayoutSentHook } from './services/payouts.ts';
import type { createReceipts } from './services/receipts.ts';
import { saleReferralHook, type ReferralService } from './services/referrals.ts';

/** A user-added brand an operator verified, with the referral code it was added with. */
export interface BrandVerified {
  brandId: string;
  creatorUserId: string;
  referralCode: string | undefined;
}

/**
 * What each event sets off in another service: the one place to read what "an order is paid",
 * "an address is verified" or "a brand is verified" triggers. Every reaction runs inside the
 * transaction of the event, so both commit or neither does. Brand creation and vote casting set
 * off nothing outside their own service (a brand's referral waits for its verification,
 * decision 041; a vote only moves the contest standings it writes).
 */
export interface Reactions {
  /** Brand tokens given to the address before it had an account are credited with it. */
  emailVerified(userId: string, transaction: Transaction): Promise<unknown>;
  /**
   * The referrer's 100 BRND commit with the operator's approval, or neither does; once per brand,
   * never for a rejected or revoked one (decision 041).
   */
  brandVerified(brand: BrandVerified, transaction: Transaction): Promise<void>;
  /**
   * The referrer's 10 % is paid in the same transaction that credits the buyer's order; the
   * buyer's receipt is queued once that transaction commits (docs/decisions/044).
   */
  orderPaid: OrderPaidHook;
  /** The payout receipt, once the payout is confirmed on chain. */
  payoutSent: PayoutSentHook;
}

export function createReactions(services: {
  brandTokens: Pick<BrandTokenService, 'claimHolds'>;
  referrals: ReferralService;
  receipts: ReturnType<typeof createReceipts>;
}): Reactions {
  const referralShare = saleReferralHook(services.referrals);
  return {
    emailVerified: (userId, transaction) => services.brandTokens.claimHolds(userId, transaction),
    brandVerified: async (brand, transaction) => {
      await services.referrals.rewardBrandReferral({ ...brand, transaction });
    },
    orderPaid: async (event, transaction) => {
      await referralShare(event, transaction);
      await services.receipts.orderPaid(event, transaction);
    },
    payoutSent: services.receipts.payoutSent,
  };
}
