import { getAddress } from 'ethers';
import type { brandTokenEndpoints } from '@brnd/contracts/api/brand-tokens';
import { isWalletAddress, type StakingAction } from '@brnd/contracts/domain/brand-tokens';
import { PLANS, PREMIUM_STAKE_BRND, withinLimit } from '@brnd/contracts/domain/plans';
import { FakeError } from '../fake.ts';
import type { Resolver } from '../handlers.ts';
import {
  MOCK_UNBONDING_SECONDS,
  MOCK_CHAIN_ID,
  MOCK_STAKING_CONTRACT,
  MOCK_BRND_CONTRACT,
  type TokenRecord,
  type OfferRecord,
  randomHex,
  randomUuid,
  emailHolder,
  walletHolder,
  holderText,
  checksummed,
  brandTokenState,
  balanceOf,
  addBalance,
  mint,
  earlierAnswer,
  once,
  stakeOf,
  effectivePlan,
  planLimitError,
  brandTokens,
  activeOffers,
  usage,
  ownBrand,
  verifiedBrand,
  settleDeployments,
  findToken,
  activeToken,
  consoleToken,
  recordRedemption,
} from './state.ts';
import { toToken, toOffer, toRedemption, stats } from './views.ts';
import { checkGive, mailTokens, recordGive, parseCsv } from './gives.ts';

/* ---------------------------------------------------------------- resolvers */

export type Endpoints = typeof brandTokenEndpoints;

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

  endOffer(fake, { user, params }) {
    const state = brandTokenState(fake);
    const offer = state.offers.find((candidate) => candidate.id === params.offerId);
    if (!offer) throw new FakeError(404, 'errors.notFound');
    const token = state.tokens.find((candidate) => candidate.id === offer.token_id);
    verifiedBrand(fake, user, Number(token?.brand_id));
    offer.active = false;
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
    // As the bff: a token still deploying moves nothing.
    const token = activeToken(state, params.tokenId);
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
    // As the bff: the wallet is checked before the token is looked up.
    const address = user.wallet.walletAddress;
    if (!address) throw new FakeError(409, 'brandTokens.errors.noWallet');
    // Tokens leave only for a wallet the user proved to hold (decision 042).
    if (!user.wallet.walletVerified) throw new FakeError(409, 'wallet.errors.walletNotVerified');
    const token = activeToken(state, params.tokenId);
    // As the bff: claims and transfers keep their request ids in one place.
    return once(state, `transfer:${body.request_id}`, `user ${user.id}`, () => {
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
      const redemption = recordRedemption(fake, state, offer, emailHolder(user.email));
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
    // As the bff, against the wallet's state on the "chain".
    const stake = stakeOf(brandTokenState(fake), from);
    const wanted = body.amount ?? 0;
    const short = () =>
      new FakeError(409, 'brandTokens.errors.insufficient', {
        errors: { amount: 'brandTokens.errors.insufficient' },
      });
    if (action === 'stake' && stake.walletBrnd < wanted) throw short();
    if (action === 'unstake' && stake.staked < wanted) throw short();
    if (
      action === 'withdraw' &&
      (stake.unbonding === 0 || stake.unbondingUntil === null || fake.now() < stake.unbondingUntil)
    ) {
      throw new FakeError(409, 'brandTokens.errors.nothingToWithdraw');
    }
    const amount = BigInt(wanted) * 10n ** 18n;
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
