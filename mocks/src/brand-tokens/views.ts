import type { BrandToken, Offer, Redemption } from '@brnd/contracts/api/brand-tokens';
import { BRAND_TOKEN_CHART_DAYS } from '@brnd/contracts/domain/brand-tokens';
import { FakeError, type Fake } from '../fake.ts';
import {
  DAY,
  type TokenRecord,
  type MoveRecord,
  type OfferRecord,
  type RedemptionRecord,
  type BrandTokenState,
  warsawDay,
  issuedOf,
} from './state.ts';

/* ---------------------------------------------------------------- views */

export function toToken(token: TokenRecord): BrandToken {
  const { createdAt, ...rest } = token;
  return { ...rest, created_at: new Date(createdAt).toISOString() };
}

export function toOffer(offer: OfferRecord): Offer {
  const { createdAt: _createdAt, ...rest } = offer;
  return rest;
}

export function toRedemption(state: BrandTokenState, redemption: RedemptionRecord): Redemption {
  const offer = state.offers.find((candidate) => candidate.id === redemption.offerId);
  if (!offer) throw new FakeError(404, 'errors.notFound');
  return {
    id: redemption.id,
    offer: toOffer(offer),
    code: redemption.code,
    used_at: redemption.usedAt === null ? null : new Date(redemption.usedAt).toISOString(),
    created_at: new Date(redemption.createdAt).toISOString(),
  };
}

export function stats(fake: Fake, state: BrandTokenState, token: TokenRecord) {
  const holders = new Set<string>();
  for (const [holder, amount] of Object.entries(state.ledger[token.id] ?? {})) {
    if (amount > 0) holders.add(holder);
  }
  for (const [address, amount] of Object.entries(state.chain[token.id] ?? {})) {
    if (amount > 0) holders.add(`wallet:${address}`);
  }
  const moves = state.moves.filter((move) => move.tokenId === token.id);
  const today = fake.now();
  const daily = Array.from({ length: BRAND_TOKEN_CHART_DAYS }, (_, index) => {
    const day = warsawDay(today - (BRAND_TOKEN_CHART_DAYS - 1 - index) * DAY);
    const ofDay = moves.filter((move) => warsawDay(move.at) === day);
    const sum = (kinds: MoveRecord['kind'][]) =>
      ofDay.filter((move) => kinds.includes(move.kind)).reduce((s, move) => s + move.amount, 0);
    return {
      day,
      given: sum(['give']),
      redeemed: sum(['redeem']),
      transferred: sum(['transfer', 'claim']),
    };
  });
  return {
    token_id: token.id,
    holders: holders.size,
    issued: issuedOf(state, token.id),
    redeemed: moves.filter((m) => m.kind === 'redeem').reduce((s, m) => s + m.amount, 0),
    daily,
  };
}
