import { getAddress } from 'ethers';
import type { BrandToken } from '@brnd/contracts/api/brand-tokens';
import { isWalletAddress } from '@brnd/contracts/domain/brand-tokens';
import { type PlanId } from '@brnd/contracts/domain/plans';
import { type Fake } from '../fake.ts';
import {
  DAY,
  type TokenRecord,
  type OfferRecord,
  randomHex,
  randomUuid,
  emailHolder,
  walletHolder,
  holderText,
  brandTokenState,
  addBalance,
  mint,
  stakeOf,
  findToken,
  recordRedemption,
} from './state.ts';
import { toToken, toOffer, toRedemption } from './views.ts';

/* ---------------------------------------------------------------- stories and tests */

/**
 * Set-ups for stories and tests, done straight on a fake's state (the user's own requests would
 * go through the handlers). Times are relative to the fake's clock.
 */
export const brandTokenSetup = {
  /** A token of a brand, as if its owner had issued it: active, or its deployment failed. */
  issue(
    fake: Fake,
    brandId: number,
    token: { name: string; ticker: string; cap?: number | null; failed?: boolean },
  ): BrandToken {
    const brand = fake.brandAccess(brandId);
    if (!brand) throw new Error(`No brand ${brandId} in the fake`);
    const record: TokenRecord = {
      id: randomUuid(),
      brand_id: brand.id,
      brand_name: brand.name,
      name: token.name,
      ticker: token.ticker,
      cap: token.cap === undefined ? 1_000_000 : token.cap,
      address: token.failed ? null : getAddress(`0x${randomHex(20)}`),
      request_id: randomUuid(),
      status: token.failed ? 'failed' : 'active',
      createdAt: fake.now() - 40 * DAY,
    };
    brandTokenState(fake).tokens.push(record);
    return toToken(record);
  },

  /** A give from the brand `daysAgo` days back, to an e-mail or a wallet. */
  give(fake: Fake, tokenId: string, recipient: string, amount: number, daysAgo = 0) {
    const state = brandTokenState(fake);
    const token = findToken(state, tokenId);
    const wallet = isWalletAddress(recipient);
    const to = wallet ? walletHolder(recipient) : emailHolder(recipient);
    if (wallet) mint(state, token.id, holderText(to), amount);
    else addBalance(state, token.id, to, amount);
    state.moves.push({
      id: randomUuid(),
      tokenId: token.id,
      kind: 'give',
      from: null,
      to,
      amount,
      txHash: wallet ? `0x${randomHex(32)}` : null,
      at: fake.now() - daysAgo * DAY,
    });
  },

  offer(
    fake: Fake,
    tokenId: string,
    offer: { title: string; description?: string; price: number },
  ) {
    const state = brandTokenState(fake);
    const token = findToken(state, tokenId);
    const record: OfferRecord = {
      id: randomUuid(),
      token_id: token.id,
      ticker: token.ticker,
      brand_name: token.brand_name,
      title: offer.title,
      description: offer.description ?? '',
      price: offer.price,
      active: true,
      createdAt: fake.now(),
    };
    state.offers.push(record);
    return toOffer(record);
  },

  /** A customer's redemption of an offer (its price burned), used or not yet. */
  redeem(
    fake: Fake,
    offerId: string,
    email: string,
    options: { used?: boolean; code?: string } = {},
  ) {
    const state = brandTokenState(fake);
    const offer = state.offers.find((candidate) => candidate.id === offerId);
    if (!offer) throw new Error(`No offer ${offerId} in the fake`);
    const redemption = recordRedemption(fake, state, offer, emailHolder(email), options);
    return toRedemption(state, redemption);
  },

  /** The brand's subscription plan, or the contest's lifetime premium. */
  plan(fake: Fake, brandId: number, plan: PlanId, options: { lifetime?: boolean } = {}) {
    const state = brandTokenState(fake);
    if (options.lifetime) state.lifetimePremium.push(brandId);
    else state.plans[brandId] = plan;
  },

  /** BRND at a wallet, staked and unbonding (as read from the chain). */
  stake(
    fake: Fake,
    address: string,
    stake: { walletBrnd?: number; staked?: number; unbonding?: number; unbondingInMs?: number },
  ) {
    const record = stakeOf(brandTokenState(fake), address);
    record.walletBrnd = stake.walletBrnd ?? record.walletBrnd;
    record.staked = stake.staked ?? record.staked;
    record.unbonding = stake.unbonding ?? record.unbonding;
    record.unbondingUntil =
      stake.unbondingInMs === undefined ? record.unbondingUntil : fake.now() + stake.unbondingInMs;
  },
};
