import { getAddress } from 'ethers';
import type { BrandToken, Offer, PlanUsage } from '@brnd/contracts/api/brand-tokens';
import {
  REDEMPTION_CODE_ALPHABET,
  REDEMPTION_CODE_LENGTH,
} from '@brnd/contracts/domain/brand-tokens';
import {
  PLAN_IDS,
  PLAN_LIMITS,
  PLANS,
  PREMIUM_STAKE_BRND,
  UNLIMITED,
  withinLimit,
  type Limit,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import { CONTEST_TIME_ZONE } from '@brnd/contracts/domain/constants';
import type { VerificationStatus } from '@brnd/contracts/domain/verification';
import { FakeError, type Fake, type FakeUser } from '../fake.ts';

/**
 * The mocks' token-as-a-service (issue #8), with the rules the bff enforces: only the owner of a
 * verified brand uses the console; plan limits (tokens, supply, daily volume, deals) refuse with
 * 409 `brandTokens.errors.planLimit` naming the limit, the plan and the plan that lifts it;
 * balances never go below zero; a `request_id` makes a retried request the same request; a
 * redemption code is accepted once. What customers hold before they claim is kept by e-mail,
 * so tokens given to an address without an account wait for its owner.
 */

export const DAY = 24 * 60 * 60_000;
/** BrndStaking's unbonding delay on the dev chain. */
export const MOCK_UNBONDING_SECONDS = 7 * 24 * 60 * 60;
export const MOCK_CHAIN_ID = 31337;
export const MOCK_STAKING_CONTRACT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const MOCK_BRND_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export type Holder = string;

export interface TokenRecord extends Omit<BrandToken, 'created_at'> {
  createdAt: number;
}

export interface MoveRecord {
  id: string;
  tokenId: string;
  kind: 'give' | 'transfer' | 'claim' | 'redeem';
  /** `email:<address>` of the ledger holder the tokens left; null for a give by the brand. */
  from: Holder | null;
  /** `email:<address>` or `wallet:<address>`; null for a redemption (burned). */
  to: Holder | null;
  amount: number;
  txHash: string | null;
  at: number;
}

export interface OfferRecord extends Offer {
  createdAt: number;
}

export interface RedemptionRecord {
  id: string;
  offerId: string;
  holder: Holder;
  code: string;
  usedAt: number | null;
  createdAt: number;
}

export interface StakeRecord {
  walletBrnd: number;
  staked: number;
  unbonding: number;
  unbondingUntil: number | null;
}

export interface BrandTokenState {
  tokens: TokenRecord[];
  /** Ledger balances, by token id then holder. */
  ledger: Record<string, Record<Holder, number>>;
  /** On-chain balances, by token id then checksummed address. */
  chain: Record<string, Record<string, number>>;
  moves: MoveRecord[];
  offers: OfferRecord[];
  redemptions: RedemptionRecord[];
  /** Answers already given, by `<endpoint>:<request_id>`, with the action they answered. */
  requests: Record<string, { scope: string; answer: unknown }>;
  /** A brand's subscription, when not Standard. */
  plans: Record<number, PlanId>;
  /** Brands that won the contest's lifetime premium. */
  lifetimePremium: number[];
  /** By checksummed wallet address. */
  stakes: Record<string, StakeRecord>;
  /** The "chain" mines nothing while set (`setMining`): deployments stay `deploying`. */
  miningHeld?: boolean;
}

export const EXTENSION = 'brandTokens';

/* ---------------------------------------------------------------- values */

export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export function randomUuid(): string {
  return crypto.randomUUID();
}

export function randomRedemptionCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REDEMPTION_CODE_LENGTH));
  return Array.from(
    bytes,
    (byte) => REDEMPTION_CODE_ALPHABET[byte % REDEMPTION_CODE_ALPHABET.length],
  ).join('');
}

export const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONTEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD, Warsaw time) of an instant: daily volume and the chart count by it. */
export function warsawDay(at: number): string {
  return dayFormat.format(new Date(at));
}

export const emailHolder = (email: string): Holder => `email:${email.toLowerCase()}`;
export const walletHolder = (address: string): Holder => `wallet:${getAddress(address)}`;
export const holderText = (holder: Holder) => holder.slice(holder.indexOf(':') + 1);

/** A wallet address checksummed as the bff stores it; a wrong checksum is a bad recipient. */
export function checksummed(address: string): string {
  try {
    return getAddress(address);
  } catch {
    throw new FakeError(400, 'brandTokens.errors.recipient', {
      errors: { recipient: 'brandTokens.errors.recipient' },
    });
  }
}

/* ---------------------------------------------------------------- state */

export function emptyState(): BrandTokenState {
  return {
    tokens: [],
    ledger: {},
    chain: {},
    moves: [],
    offers: [],
    redemptions: [],
    requests: {},
    plans: {},
    lifetimePremium: [],
    stakes: {},
  };
}

/** The brand-token state inside a fake (created, reset and saved with the fake's own). */
export function brandTokenState(fake: Fake): BrandTokenState {
  return fake.extension(EXTENSION, emptyState);
}

export function balanceOf(state: BrandTokenState, tokenId: string, holder: Holder): number {
  return state.ledger[tokenId]?.[holder] ?? 0;
}

export function addBalance(
  state: BrandTokenState,
  tokenId: string,
  holder: Holder,
  amount: number,
) {
  const balances = (state.ledger[tokenId] ??= {});
  const next = (balances[holder] ?? 0) + amount;
  // The ledger's CHECK: a holder's balance never goes below zero.
  if (next < 0) throw new FakeError(409, 'brandTokens.errors.insufficient');
  balances[holder] = next;
}

export function mint(state: BrandTokenState, tokenId: string, address: string, amount: number) {
  const balances = (state.chain[tokenId] ??= {});
  balances[address] = (balances[address] ?? 0) + amount;
}

/** Runs an action once per request id: a retry answers what the first attempt answered. */
/**
 * A `request_id` names one action, as in the bff: the same request again gets the first answer;
 * the id reused for another action (another brand, token, sender or offer: `scope`) is refused.
 */
export function earlierAnswer<T>(
  state: BrandTokenState,
  key: string,
  scope: string,
): T | undefined {
  const earlier = state.requests[key];
  if (!earlier) return undefined;
  if (earlier.scope !== scope) {
    throw new FakeError(409, 'brandTokens.errors.requestId', {
      errors: { request_id: 'brandTokens.errors.requestId' },
    });
  }
  return earlier.answer as T;
}

export function once<T>(state: BrandTokenState, key: string, scope: string, action: () => T): T {
  const earlier = earlierAnswer<T>(state, key, scope);
  if (earlier !== undefined) return earlier;
  const answer = action();
  state.requests[key] = { scope, answer };
  return answer;
}

/* ---------------------------------------------------------------- plans */

export function stakeOf(state: BrandTokenState, address: string | null | undefined): StakeRecord {
  const key = address ? getAddress(address) : '';
  return (state.stakes[key] ??= { walletBrnd: 0, staked: 0, unbonding: 0, unbondingUntil: null });
}

export interface BrandView {
  id: number;
  name: string;
  ownerId: number | null;
  verificationStatus: VerificationStatus;
}

/** The brand's subscription, raised to Premium by the owner's stake or the contest's prize. */
export function effectivePlan(
  state: BrandTokenState,
  brand: BrandView,
  owner: FakeUser,
): { plan: PlanId; source: PlanUsage['source'] } {
  const subscription = state.plans[brand.id] ?? 'standard';
  const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);
  if (rank(subscription) >= rank('premium')) return { plan: subscription, source: 'subscription' };
  if (state.lifetimePremium.includes(brand.id)) return { plan: 'premium', source: 'contest' };
  const wallet = owner.wallet.walletAddress;
  if (wallet && stakeOf(state, wallet).staked >= PREMIUM_STAKE_BRND) {
    return { plan: 'premium', source: 'staking' };
  }
  return { plan: subscription, source: 'subscription' };
}

/** The cheapest plan whose limit allows `wanted`. */
export function planLifting(limit: PlanLimit, wanted: number): PlanId {
  return PLAN_IDS.find((plan) => withinLimit(PLANS[plan].limits[limit], wanted)) ?? 'agency';
}

export function planLimitError(limit: PlanLimit, plan: PlanId, wanted: number, max: Limit) {
  return new FakeError(409, 'brandTokens.errors.planLimit', {
    values: {
      limit,
      plan,
      upgrade: planLifting(limit, wanted),
      max: max === UNLIMITED ? 0 : max,
    },
  });
}

/**
 * A holder redeems an offer: its price is burned from their balance, the redemption is kept with
 * a code no other redemption has, and the burn shows in the token's moves.
 */
export function recordRedemption(
  fake: Fake,
  state: BrandTokenState,
  offer: OfferRecord,
  holder: Holder,
  options: { used?: boolean; code?: string } = {},
): RedemptionRecord {
  addBalance(state, offer.token_id, holder, -offer.price);
  let code = options.code ?? randomRedemptionCode();
  while (!options.code && state.redemptions.some((redemption) => redemption.code === code)) {
    code = randomRedemptionCode();
  }
  const redemption: RedemptionRecord = {
    id: randomUuid(),
    offerId: offer.id,
    holder,
    code,
    usedAt: options.used ? fake.now() : null,
    createdAt: fake.now(),
  };
  state.redemptions.push(redemption);
  state.moves.push({
    id: randomUuid(),
    tokenId: offer.token_id,
    kind: 'redeem',
    from: holder,
    to: null,
    amount: offer.price,
    txHash: null,
    at: fake.now(),
  });
  return redemption;
}

export function brandTokens(state: BrandTokenState, brandId: number): TokenRecord[] {
  return state.tokens.filter((token) => token.brand_id === brandId && token.status !== 'failed');
}

export function issuedOf(state: BrandTokenState, tokenId: string): number {
  return state.moves
    .filter((move) => move.tokenId === tokenId && move.kind === 'give')
    .reduce((sum, move) => sum + move.amount, 0);
}

/** What the brand gave today (Warsaw day): the daily volume a plan limits. */
export function volumeToday(fake: Fake, state: BrandTokenState, brandId: number): number {
  const today = warsawDay(fake.now());
  const ids = new Set(state.tokens.filter((t) => t.brand_id === brandId).map((t) => t.id));
  return state.moves
    .filter((move) => move.kind === 'give' && ids.has(move.tokenId) && warsawDay(move.at) === today)
    .reduce((sum, move) => sum + move.amount, 0);
}

export function activeOffers(state: BrandTokenState, brandId: number): OfferRecord[] {
  const ids = new Set(state.tokens.filter((t) => t.brand_id === brandId).map((t) => t.id));
  return state.offers.filter((offer) => offer.active && ids.has(offer.token_id));
}

export function usage(
  fake: Fake,
  state: BrandTokenState,
  brand: BrandView,
  owner: FakeUser,
): PlanUsage {
  const { plan, source } = effectivePlan(state, brand, owner);
  const tokens = brandTokens(state, brand.id);
  const used: Record<PlanLimit, number> = {
    tokens: tokens.length,
    maxSupply: Math.max(0, ...tokens.map((token) => token.cap ?? 0)),
    dailyVolume: volumeToday(fake, state, brand.id),
    users: 1,
    deals: activeOffers(state, brand.id).length,
    giveaways: 0,
  };
  return {
    plan,
    source,
    usage: PLAN_LIMITS.map((limit) => {
      const max = PLANS[plan].limits[limit];
      return { limit, used: used[limit], max: max === UNLIMITED ? null : max };
    }),
  };
}

/* ---------------------------------------------------------------- access */

export function ownBrand(fake: Fake, user: FakeUser, brandId: number): BrandView {
  const brand = fake.brandAccess(brandId);
  if (!brand) throw new FakeError(404, 'errors.notFound');
  if (brand.ownerId !== user.id) throw new FakeError(403, 'brandTokens.errors.notOwner');
  return brand;
}

export function verifiedBrand(fake: Fake, user: FakeUser, brandId: number): BrandView {
  const brand = ownBrand(fake, user, brandId);
  if (brand.verificationStatus !== 'verified') {
    throw new FakeError(403, 'brandTokens.errors.notVerified');
  }
  return brand;
}

/**
 * The bff answers an issue with `deploying` and turns the token `active` when the factory's
 * transaction is mined; the mocks' "chain" mines by the next request that reads the token.
 */
export function settleDeployments(state: BrandTokenState) {
  if (state.miningHeld) return;
  for (const token of state.tokens) if (token.status === 'deploying') token.status = 'active';
}

/** The "chain" stops mining (a test holds it), or mines what waits and goes on. */
export function setMining(fake: Fake, on: boolean) {
  const state = brandTokenState(fake);
  state.miningHeld = !on;
  settleDeployments(state);
}

/** A token customers move: deployed (the bff's `activeToken`). */
export function activeToken(state: BrandTokenState, tokenId: string): TokenRecord {
  const token = findToken(state, tokenId);
  if (token.status !== 'active') throw new FakeError(409, 'brandTokens.errors.notActive');
  return token;
}

export function findToken(state: BrandTokenState, tokenId: string): TokenRecord {
  settleDeployments(state);
  const token = state.tokens.find((candidate) => candidate.id === tokenId);
  if (!token) throw new FakeError(404, 'errors.notFound');
  return token;
}

/** A token of a verified brand the user owns, ready to move. */
export function consoleToken(fake: Fake, state: BrandTokenState, user: FakeUser, tokenId: string) {
  const token = findToken(state, tokenId);
  const brand = verifiedBrand(fake, user, token.brand_id);
  if (token.status !== 'active') throw new FakeError(409, 'brandTokens.errors.notActive');
  return { token, brand };
}
