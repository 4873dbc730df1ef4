import { getAddress } from 'ethers';
import type {
  BrandToken,
  brandTokenEndpoints,
  Offer,
  PlanUsage,
  Redemption,
} from '@brnd/contracts/api/brand-tokens';
import {
  BRAND_TOKEN_CHART_DAYS,
  REDEMPTION_CODE_ALPHABET,
  REDEMPTION_CODE_LENGTH,
  BULK_GIVE_MAX_ROWS,
  GiveSchema,
  isWalletAddress,
  type StakingAction,
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
import * as v from 'valibot';
import { FakeError, type Fake, type FakeUser } from './fake.ts';
import type { Resolver } from './handlers.ts';
import { englishText, localText } from './messages.ts';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';

/**
 * The mocks' token-as-a-service (issue #8), with the rules the bff enforces: only the owner of a
 * verified brand uses the console; plan limits (tokens, supply, daily volume, deals) refuse with
 * 409 `brandTokens.errors.planLimit` naming the limit, the plan and the plan that lifts it;
 * balances never go below zero; a `request_id` makes a retried request the same request; a
 * redemption code is accepted once. What customers hold before they claim is kept by e-mail,
 * so tokens given to an address without an account wait for its owner.
 */

const DAY = 24 * 60 * 60_000;
/** BrndStaking's unbonding delay on the dev chain. */
export const MOCK_UNBONDING_SECONDS = 7 * 24 * 60 * 60;
export const MOCK_CHAIN_ID = 31337;
export const MOCK_STAKING_CONTRACT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const MOCK_BRND_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

type Holder = string;

interface TokenRecord extends Omit<BrandToken, 'created_at'> {
  createdAt: number;
}

interface MoveRecord {
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

interface OfferRecord extends Offer {
  createdAt: number;
}

interface RedemptionRecord {
  id: string;
  offerId: string;
  holder: Holder;
  code: string;
  usedAt: number | null;
  createdAt: number;
}

interface StakeRecord {
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
}

const EXTENSION = 'brandTokens';

/* ---------------------------------------------------------------- values */

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function randomUuid(): string {
  return crypto.randomUUID();
}

function randomRedemptionCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REDEMPTION_CODE_LENGTH));
  return Array.from(
    bytes,
    (byte) => REDEMPTION_CODE_ALPHABET[byte % REDEMPTION_CODE_ALPHABET.length],
  ).join('');
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONTEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD, Warsaw time) of an instant: daily volume and the chart count by it. */
export function warsawDay(at: number): string {
  return dayFormat.format(new Date(at));
}

const emailHolder = (email: string): Holder => `email:${email.toLowerCase()}`;
const walletHolder = (address: string): Holder => `wallet:${getAddress(address)}`;
const holderText = (holder: Holder) => holder.slice(holder.indexOf(':') + 1);

/** A wallet address checksummed as the bff stores it; a wrong checksum is a bad recipient. */
function checksummed(address: string): string {
  try {
    return getAddress(address);
  } catch {
    throw new FakeError(400, 'brandTokens.errors.recipient', {
      errors: { recipient: 'brandTokens.errors.recipient' },
    });
  }
}

/* ---------------------------------------------------------------- state */

function emptyState(): BrandTokenState {
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

function balanceOf(state: BrandTokenState, tokenId: string, holder: Holder): number {
  return state.ledger[tokenId]?.[holder] ?? 0;
}

function addBalance(state: BrandTokenState, tokenId: string, holder: Holder, amount: number) {
  const balances = (state.ledger[tokenId] ??= {});
  const next = (balances[holder] ?? 0) + amount;
  // The ledger's CHECK: a holder's balance never goes below zero.
  if (next < 0) throw new FakeError(409, 'brandTokens.errors.insufficient');
  balances[holder] = next;
}

function mint(state: BrandTokenState, tokenId: string, address: string, amount: number) {
  const balances = (state.chain[tokenId] ??= {});
  balances[address] = (balances[address] ?? 0) + amount;
}

/** Runs an action once per request id: a retry answers what the first attempt answered. */
/**
 * A `request_id` names one action, as in the bff: the same request again gets the first answer;
 * the id reused for another action (another brand, token, sender or offer: `scope`) is refused.
 */
function earlierAnswer<T>(state: BrandTokenState, key: string, scope: string): T | undefined {
  const earlier = state.requests[key];
  if (!earlier) return undefined;
  if (earlier.scope !== scope) {
    throw new FakeError(409, 'brandTokens.errors.requestId', {
      errors: { request_id: 'brandTokens.errors.requestId' },
    });
  }
  return earlier.answer as T;
}

function once<T>(state: BrandTokenState, key: string, scope: string, action: () => T): T {
  const earlier = earlierAnswer<T>(state, key, scope);
  if (earlier !== undefined) return earlier;
  const answer = action();
  state.requests[key] = { scope, answer };
  return answer;
}

/* ---------------------------------------------------------------- plans */

function stakeOf(state: BrandTokenState, address: string | null | undefined): StakeRecord {
  const key = address ? getAddress(address) : '';
  return (state.stakes[key] ??= { walletBrnd: 0, staked: 0, unbonding: 0, unbondingUntil: null });
}

interface BrandView {
  id: number;
  name: string;
  ownerId: number | null;
  verificationStatus: VerificationStatus;
}

/** The brand's subscription, raised to Premium by the owner's stake or the contest's prize. */
function effectivePlan(
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
function planLifting(limit: PlanLimit, wanted: number): PlanId {
  return PLAN_IDS.find((plan) => withinLimit(PLANS[plan].limits[limit], wanted)) ?? 'agency';
}

function planLimitError(limit: PlanLimit, plan: PlanId, wanted: number, max: Limit) {
  return new FakeError(409, 'brandTokens.errors.planLimit', {
    values: {
      limit,
      plan,
      upgrade: planLifting(limit, wanted),
      max: max === UNLIMITED ? 0 : max,
    },
  });
}

function brandTokens(state: BrandTokenState, brandId: number): TokenRecord[] {
  return state.tokens.filter((token) => token.brand_id === brandId && token.status !== 'failed');
}

function issuedOf(state: BrandTokenState, tokenId: string): number {
  return state.moves
    .filter((move) => move.tokenId === tokenId && move.kind === 'give')
    .reduce((sum, move) => sum + move.amount, 0);
}

/** What the brand gave today (Warsaw day): the daily volume a plan limits. */
function volumeToday(fake: Fake, state: BrandTokenState, brandId: number): number {
  const today = warsawDay(fake.now());
  const ids = new Set(state.tokens.filter((t) => t.brand_id === brandId).map((t) => t.id));
  return state.moves
    .filter((move) => move.kind === 'give' && ids.has(move.tokenId) && warsawDay(move.at) === today)
    .reduce((sum, move) => sum + move.amount, 0);
}

function activeOffers(state: BrandTokenState, brandId: number): OfferRecord[] {
  const ids = new Set(state.tokens.filter((t) => t.brand_id === brandId).map((t) => t.id));
  return state.offers.filter((offer) => offer.active && ids.has(offer.token_id));
}

function usage(fake: Fake, state: BrandTokenState, brand: BrandView, owner: FakeUser): PlanUsage {
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

function ownBrand(fake: Fake, user: FakeUser, brandId: number): BrandView {
  const brand = fake.brandAccess(brandId);
  if (!brand) throw new FakeError(404, 'errors.notFound');
  if (brand.ownerId !== user.id) throw new FakeError(403, 'brandTokens.errors.notOwner');
  return brand;
}

function verifiedBrand(fake: Fake, user: FakeUser, brandId: number): BrandView {
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
function settleDeployments(state: BrandTokenState) {
  for (const token of state.tokens) if (token.status === 'deploying') token.status = 'active';
}

function findToken(state: BrandTokenState, tokenId: string): TokenRecord {
  settleDeployments(state);
  const token = state.tokens.find((candidate) => candidate.id === tokenId);
  if (!token) throw new FakeError(404, 'errors.notFound');
  return token;
}

/** A token of a verified brand the user owns, ready to move. */
function consoleToken(fake: Fake, state: BrandTokenState, user: FakeUser, tokenId: string) {
  const token = findToken(state, tokenId);
  const brand = verifiedBrand(fake, user, token.brand_id);
  if (token.status !== 'active') throw new FakeError(409, 'brandTokens.errors.notActive');
  return { token, brand };
}

/* ---------------------------------------------------------------- views */

function toToken(token: TokenRecord): BrandToken {
  const { createdAt, ...rest } = token;
  return { ...rest, created_at: new Date(createdAt).toISOString() };
}

function toOffer(offer: OfferRecord): Offer {
  const { createdAt: _createdAt, ...rest } = offer;
  return rest;
}

function toRedemption(state: BrandTokenState, redemption: RedemptionRecord): Redemption {
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

function stats(fake: Fake, state: BrandTokenState, token: TokenRecord) {
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

/* ---------------------------------------------------------------- moves */

/** Refuses a give of `total` tokens that a plan limit or the token's cap does not allow. */
function checkGive(
  fake: Fake,
  state: BrandTokenState,
  token: TokenRecord,
  brand: BrandView,
  owner: FakeUser,
  total: number,
) {
  const { plan } = effectivePlan(state, brand, owner);
  const daily = PLANS[plan].limits.dailyVolume;
  const wanted = volumeToday(fake, state, brand.id) + total;
  if (!withinLimit(daily, wanted)) throw planLimitError('dailyVolume', plan, wanted, daily);
  const issued = issuedOf(state, token.id) + total;
  if (token.cap !== null && issued > token.cap) {
    throw new FakeError(409, 'brandTokens.errors.capReached', { values: { cap: token.cap } });
  }
}

/**
 * "You received tokens", as the bff's template words it: with an account they are in My tokens,
 * without one the mail leads to the sign-up with the address filled in.
 */
function mailTokens(fake: Fake, email: string, brand: string, ticker: string, amount: number) {
  const account = fake.userByEmail(email);
  const language = account?.language ?? 'en';
  const values = { brand, ticker, amount, email };
  const hasAccount = account?.emailVerified ?? false;
  fake.sendMail(
    email,
    localText(language, 'email.tokensReceived.subject', values),
    [
      localText(language, 'email.tokensReceived.body', values),
      localText(
        language,
        hasAccount ? 'email.tokensReceived.withAccount' : 'email.tokensReceived.claim',
        values,
      ),
      hasAccount
        ? pageLink(fake.appUrl, APP_PAGES.myTokens)
        : pageLink(fake.appUrl, APP_PAGES.register, { search: { email } }),
    ].join('\n\n'),
  );
}

function recordGive(
  fake: Fake,
  state: BrandTokenState,
  token: TokenRecord,
  recipient: string,
  amount: number,
) {
  const wallet = isWalletAddress(recipient);
  const to = wallet ? walletHolder(checksummed(recipient)) : emailHolder(recipient);
  const label = holderText(to);
  const txHash = wallet ? `0x${randomHex(32)}` : null;
  if (wallet) mint(state, token.id, holderText(to), amount);
  else addBalance(state, token.id, to, amount);
  state.moves.push({
    id: randomUuid(),
    tokenId: token.id,
    kind: 'give',
    from: null,
    to,
    amount,
    txHash,
    at: fake.now(),
  });
  if (!wallet) {
    mailTokens(fake, label, token.brand_name, token.ticker, amount);
  }
  return {
    recipient: label,
    amount,
    destination: wallet ? ('chain' as const) : ('ledger' as const),
    tx_hash: txHash,
  };
}

/** A header line names the columns; a data line starts with a recipient. */
function isHeader(cells: string[]): boolean {
  const first = (cells[0] ?? '').trim().toLowerCase();
  return first === 'recipient' || first === 'email' || first === 'e-mail' || first === 'wallet';
}

/** Splits one CSV line into cells: commas or semicolons, double quotes around a cell. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

interface CsvRow {
  line: number;
  recipient: string;
  amount: number;
}

function parseCsv(text: string) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: CsvRow[] = [];
  const errors: { line: number; messageId: string; text: string }[] = [];
  const fail = (line: number, messageId: string, values?: Record<string, string | number>) =>
    errors.push({ line, messageId, text: englishText(messageId, { line, ...values }) });
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const cells = csvCells(raw);
    if (rows.length === 0 && errors.length === 0 && isHeader(cells)) return;
    if (cells.length !== 2) return fail(line, 'brandTokens.errors.csvColumns');
    const parsed = v.safeParse(GiveSchema, { recipient: cells[0], amount: cells[1] });
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const id = issue?.message.startsWith('brandTokens.')
        ? issue.message
        : 'brandTokens.errors.recipient';
      return fail(line, id);
    }
    if (isWalletAddress(parsed.output.recipient)) {
      try {
        getAddress(parsed.output.recipient);
      } catch {
        return fail(line, 'brandTokens.errors.recipient');
      }
    }
    rows.push({ line, ...parsed.output });
  });
  if (rows.length === 0 && errors.length === 0) fail(1, 'brandTokens.errors.csvEmpty');
  if (rows.length > BULK_GIVE_MAX_ROWS) {
    fail(rows[BULK_GIVE_MAX_ROWS]!.line, 'brandTokens.errors.csvRows', { max: BULK_GIVE_MAX_ROWS });
  }
  return { rows, errors };
}

/* ---------------------------------------------------------------- resolvers */

type Endpoints = typeof brandTokenEndpoints;

export const brandTokenResolvers: { [K in keyof Endpoints]: Resolver<Endpoints[K]> } = {
  brandConsole(fake, { user, params }) {
    const state = brandTokenState(fake);
    const brand = ownBrand(fake, user, params.brandId);
    settleDeployments(state);
    const tokens = state.tokens
      .filter((token) => token.brand_id === brand.id)
      .sort((a, b) => a.createdAt - b.createdAt);
    const ids = new Set(tokens.map((token) => token.id));
    return {
      brand: { id: brand.id, name: brand.name, verification_status: brand.verificationStatus },
      plan: usage(fake, state, brand, user),
      tokens: tokens.map(toToken),
      stats: tokens.map((token) => stats(fake, state, token)),
      offers: state.offers
        .filter((offer) => ids.has(offer.token_id))
        .reverse()
        .sort((a, b) => b.createdAt - a.createdAt)
        .map(toOffer),
    };
  },

  issueBrandToken(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const brand = verifiedBrand(fake, user, params.brandId);
    // The same request after a failed deployment deploys that token again, as the bff does.
    const failed = state.tokens.find(
      (token) => token.request_id === body.request_id && token.status === 'failed',
    );
    if (failed && failed.brand_id === brand.id) {
      failed.status = 'deploying';
      failed.address = getAddress(`0x${randomHex(20)}`);
      return { token: { ...toToken(failed), address: null } };
    }
    return once(state, `issue:${body.request_id}`, `brand ${brand.id}`, () => {
      const { plan } = effectivePlan(state, brand, user);
      const limits = PLANS[plan].limits;
      const count = brandTokens(state, brand.id).length + 1;
      if (!withinLimit(limits.tokens, count)) {
        throw planLimitError('tokens', plan, count, limits.tokens);
      }
      if (!withinLimit(limits.maxSupply, body.cap)) {
        throw planLimitError('maxSupply', plan, body.cap, limits.maxSupply);
      }
      if (state.tokens.some((token) => token.ticker === body.ticker && token.status !== 'failed')) {
        throw new FakeError(409, 'brandTokens.errors.tickerTaken', {
          errors: { ticker: 'brandTokens.errors.tickerTaken' },
        });
      }
      const token: TokenRecord = {
        id: randomUuid(),
        brand_id: brand.id,
        brand_name: brand.name,
        name: body.name,
        ticker: body.ticker,
        cap: body.cap,
        // The factory's contract address, known once the deployment is mined.
        address: getAddress(`0x${randomHex(20)}`),
        status: 'deploying',
        request_id: body.request_id,
        createdAt: fake.now(),
      };
      state.tokens.push(token);
      return { token: { ...toToken(token), address: null } };
    });
  },

  giveTokens(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const { token, brand } = consoleToken(fake, state, user, params.tokenId);
    return once(state, `give:${body.request_id}`, `token ${token.id}`, () => {
      checkGive(fake, state, token, brand, user, body.amount);
      return { give: recordGive(fake, state, token, body.recipient, body.amount) };
    });
  },

  async bulkGiveTokens(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const { token, brand } = consoleToken(fake, state, user, params.tokenId);
    const key = `bulk:${body.request_id}`;
    const scope = `token ${token.id}`;
    const earlier = body.apply ? earlierAnswer<never>(state, key, scope) : undefined;
    if (earlier) return earlier;
    const { rows, errors } = parseCsv(await body.file.text());
    const total = rows.reduce((sum, row) => sum + row.amount, 0);
    const answer = {
      applied: false,
      rows: rows.length,
      total,
      preview: rows
        .slice(0, 20)
        .map(({ line, recipient, amount }) => ({ line, recipient, amount })),
      errors,
    };
    if (!body.apply) return answer;
    if (errors.length > 0) {
      // Nothing moves; the errors name their lines, as the preview did.
      throw new FakeError(422, 'brandTokens.errors.csvInvalid', {
        values: { count: errors.length },
        errors: Object.fromEntries(errors.map((error) => [String(error.line), error.messageId])),
      });
    }
    checkGive(fake, state, token, brand, user, total);
    for (const row of rows) recordGive(fake, state, token, row.recipient, row.amount);
    const applied = { ...answer, applied: true };
    state.requests[key] = { scope, answer: applied };
    return applied;
  },

  createOffer(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const { token, brand } = consoleToken(fake, state, user, params.tokenId);
    const { plan } = effectivePlan(state, brand, user);
    const deals = PLANS[plan].limits.deals;
    const wanted = activeOffers(state, brand.id).length + 1;
    if (!withinLimit(deals, wanted)) throw planLimitError('deals', plan, wanted, deals);
    const offer: OfferRecord = {
      id: randomUuid(),
      token_id: token.id,
      ticker: token.ticker,
      brand_name: token.brand_name,
      title: body.title,
      description: body.description,
      price: body.price,
      active: true,
      createdAt: fake.now(),
    };
    state.offers.push(offer);
    return { offer: toOffer(offer) };
  },

  checkRedemption(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const brand = verifiedBrand(fake, user, params.brandId);
    const ids = new Set(state.tokens.filter((t) => t.brand_id === brand.id).map((t) => t.id));
    const redemption = state.redemptions.find((candidate) => {
      const offer = state.offers.find((o) => o.id === candidate.offerId);
      return candidate.code === body.code && offer !== undefined && ids.has(offer.token_id);
    });
    if (!redemption) {
      throw new FakeError(404, 'brandTokens.errors.unknownCode', {
        errors: { code: 'brandTokens.errors.unknownCode' },
      });
    }
    const result = redemption.usedAt === null ? ('accepted' as const) : ('used' as const);
    redemption.usedAt ??= fake.now();
    return { result, redemption: toRedemption(state, redemption) };
  },

  myTokens(fake, { user }) {
    const state = brandTokenState(fake);
    const holder = emailHolder(user.email);
    const wallet = user.wallet.walletAddress ? getAddress(user.wallet.walletAddress) : null;
    const holdings = state.tokens
      .map((token) => ({
        token: toToken(token),
        ledger_balance: balanceOf(state, token.id, holder),
        wallet_balance: wallet === null ? null : (state.chain[token.id]?.[wallet] ?? 0),
      }))
      .filter(
        (holding) =>
          holding.ledger_balance > 0 ||
          (holding.wallet_balance ?? 0) > 0 ||
          state.moves.some(
            (move) =>
              move.tokenId === holding.token.id && (move.to === holder || move.from === holder),
          ),
      );
    const held = new Set(holdings.map((holding) => holding.token.id));
    return {
      holdings,
      offers: state.offers
        .filter((offer) => offer.active && held.has(offer.token_id))
        .sort((a, b) => a.price - b.price)
        .map(toOffer),
      redemptions: state.redemptions
        .filter((redemption) => redemption.holder === holder)
        .reverse()
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((redemption) => toRedemption(state, redemption)),
    };
  },

  tokenHistory(fake, { user, params }) {
    const state = brandTokenState(fake);
    const token = findToken(state, params.tokenId);
    const holder = emailHolder(user.email);
    const moves = state.moves
      .filter((move) => move.tokenId === token.id && (move.to === holder || move.from === holder))
      // Newest first; moves of one instant in the order they happened, latest first.
      .reverse()
      .sort((a, b) => b.at - a.at)
      .map((move) => {
        const received = move.to === holder;
        const kind = received
          ? ('received' as const)
          : move.kind === 'claim'
            ? ('claimed' as const)
            : move.kind === 'redeem'
              ? ('redeemed' as const)
              : ('sent' as const);
        const counterparty = received
          ? move.from === null
            ? token.brand_name
            : holderText(move.from)
          : move.to === null
            ? token.brand_name
            : holderText(move.to);
        return {
          id: move.id,
          kind,
          amount: received ? move.amount : -move.amount,
          counterparty,
          tx_hash: move.txHash,
          created_at: new Date(move.at).toISOString(),
        };
      });
    return { moves };
  },

  transferTokens(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const token = findToken(state, params.tokenId);
    return once(state, `transfer:${body.request_id}`, `user ${user.id}`, () => {
      const from = emailHolder(user.email);
      const wallet = isWalletAddress(body.recipient);
      const to = wallet ? walletHolder(checksummed(body.recipient)) : emailHolder(body.recipient);
      if (to === from) {
        throw new FakeError(400, 'brandTokens.errors.selfTransfer', {
          errors: { recipient: 'brandTokens.errors.selfTransfer' },
        });
      }
      addBalance(state, token.id, from, -body.amount);
      const txHash = wallet ? `0x${randomHex(32)}` : null;
      if (wallet) mint(state, token.id, holderText(to), body.amount);
      else addBalance(state, token.id, to, body.amount);
      state.moves.push({
        id: randomUuid(),
        tokenId: token.id,
        kind: 'transfer',
        from,
        to,
        amount: body.amount,
        txHash,
        at: fake.now(),
      });
      if (!wallet) {
        mailTokens(fake, holderText(to), user.name, token.ticker, body.amount);
      }
      return {
        transfer: {
          recipient: holderText(to),
          amount: body.amount,
          destination: wallet ? ('chain' as const) : ('ledger' as const),
          tx_hash: txHash,
        },
      };
    });
  },

  claimTokens(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const token = findToken(state, params.tokenId);
    return once(state, `claim:${body.request_id}`, `user ${user.id}`, () => {
      const address = user.wallet.walletAddress;
      if (!address) throw new FakeError(409, 'brandTokens.errors.noWallet');
      const from = emailHolder(user.email);
      addBalance(state, token.id, from, -body.amount);
      const to = walletHolder(address);
      mint(state, token.id, holderText(to), body.amount);
      const txHash = `0x${randomHex(32)}`;
      state.moves.push({
        id: randomUuid(),
        tokenId: token.id,
        kind: 'claim',
        from,
        to,
        amount: body.amount,
        txHash,
        at: fake.now(),
      });
      return {
        transfer: {
          recipient: holderText(to),
          amount: body.amount,
          destination: 'chain' as const,
          tx_hash: txHash,
        },
      };
    });
  },

  redeemOffer(fake, { user, params, body }) {
    const state = brandTokenState(fake);
    const offer = state.offers.find((candidate) => candidate.id === params.offerId);
    if (!offer) throw new FakeError(404, 'errors.notFound');
    return once(state, `redeem:${body.request_id}`, `user ${user.id} offer ${offer.id}`, () => {
      if (!offer.active) throw new FakeError(409, 'brandTokens.errors.offerInactive');
      const holder = emailHolder(user.email);
      addBalance(state, offer.token_id, holder, -offer.price);
      let code = randomRedemptionCode();
      while (state.redemptions.some((redemption) => redemption.code === code)) {
        code = randomRedemptionCode();
      }
      const redemption: RedemptionRecord = {
        id: randomUuid(),
        offerId: offer.id,
        holder,
        code,
        usedAt: null,
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
      return { redemption: toRedemption(state, redemption) };
    });
  },

  stakingStatus(fake, { user }) {
    const state = brandTokenState(fake);
    const wallet = user.wallet.walletAddress ? getAddress(user.wallet.walletAddress) : null;
    const stake = wallet ? stakeOf(state, wallet) : undefined;
    const unbondingUntil = stake?.unbondingUntil ?? null;
    return {
      wallet,
      chain_id: MOCK_CHAIN_ID,
      staking_contract: MOCK_STAKING_CONTRACT,
      wallet_brnd: stake?.walletBrnd ?? 0,
      staked: stake?.staked ?? 0,
      unbonding: stake?.unbonding ?? 0,
      unbonding_until: unbondingUntil === null ? null : new Date(unbondingUntil).toISOString(),
      unbonding_seconds: MOCK_UNBONDING_SECONDS,
      premium_threshold: PREMIUM_STAKE_BRND,
      premium: (stake?.staked ?? 0) >= PREMIUM_STAKE_BRND,
      wallet_verified: Boolean(wallet) && user.wallet.walletVerified,
      // The fake keeps no stake age: a stake counts at once.
      premium_from: null,
    };
  },

  stakingTransactions(fake, { user, body }) {
    const wallet = user.wallet.walletAddress;
    if (!wallet) throw new FakeError(409, 'brandTokens.errors.noWallet');
    const from = getAddress(wallet);
    const action: StakingAction = body.action;
    if (action !== 'withdraw' && body.amount === undefined) {
      throw new FakeError(400, 'brandTokens.errors.amount', {
        errors: { amount: 'brandTokens.errors.amount' },
      });
    }
    const amount = BigInt(body.amount ?? 0) * 10n ** 18n;
    const word = (value: bigint | string) =>
      (typeof value === 'string' ? value.replace(/^0x/, '') : value.toString(16)).padStart(64, '0');
    // The same calldata BrndStaking and BRND expect: approve(spender, amount), stake(amount),
    // requestUnstake(amount), withdraw().
    const transactions =
      action === 'stake'
        ? [
            {
              from,
              to: MOCK_BRND_CONTRACT,
              data: `0x095ea7b3${word(MOCK_STAKING_CONTRACT.toLowerCase())}${word(amount)}`,
            },
            { from, to: MOCK_STAKING_CONTRACT, data: `0xa694fc3a${word(amount)}` },
          ]
        : action === 'unstake'
          ? [{ from, to: MOCK_STAKING_CONTRACT, data: `0x23095721${word(amount)}` }]
          : [{ from, to: MOCK_STAKING_CONTRACT, data: '0x3ccfd60b' }];
    return { transactions };
  },
};

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
    const holder = emailHolder(email);
    addBalance(state, offer.token_id, holder, -offer.price);
    const redemption: RedemptionRecord = {
      id: randomUuid(),
      offerId,
      holder,
      code: options.code ?? randomRedemptionCode(),
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
