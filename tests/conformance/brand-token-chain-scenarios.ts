import { decideVerification, revokeVerification } from '@brnd/contracts/api/admin-verification';
import {
  brandConsole,
  bulkGiveTokens,
  claimTokens,
  createOffer,
  endOffer,
  giveTokens,
  issueBrandToken,
  redeemOffer,
  stakingTransactions,
  transferTokens,
} from '@brnd/contracts/api/brand-tokens';
import { updateWallet, walletChallenge } from '@brnd/contracts/api/wallet';
import { Wallet } from 'ethers';
import { expect } from 'vitest';
import {
  confirmTheEmail,
  confirmThePhone,
  logIn,
  sendTheSmsCode,
  signUp,
  verifiedUser,
} from './account-steps.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import { registerBrand } from './brand-token-error-scenarios.ts';
import {
  anotherPerson,
  call,
  chainMining,
  type Scenario,
  type Step,
  type Values,
} from './runner.ts';

/**
 * Brand tokens on a chain (decision 076): both targets deploy a token as `npm start` does (the
 * bff on its dev chain through the job queue, the mocks by their next read), and a step asks the
 * console again until the token is active, as the console's screen does. One scenario, so two
 * deployments serve every refusal of issuing, giving and moving a token; a third waits while
 * the chain mines nothing, for the answers of a token still deploying.
 */

/** A request id of its own per name, made when first used. */
const rid = (values: Values, name: string) => (values[`rid.${name}`] ??= crypto.randomUUID());

/** A ticker no other run's token has: a letter and the run's own id (at most 11 characters). */
const ticker = (values: Values, letter: string) =>
  `${letter}${values
    .email!.split('@')[0]!
    .replace(/[^a-z0-9]/gi, '')
    .slice(-9)}`.toUpperCase();

const brandA = (values: Values) => Number(values.brandA);
const brandB = (values: Values) => Number(values.brandB);
const brandC = (values: Values) => Number(values.brandC);

/** The cap of the scenario's tokens: small, so a give passes it. */
const CAP = 1000;
/** Past the Standard plan's daily volume (10,000) and its largest supply (1,000,000). */
const PAST_DAILY_VOLUME = 20_000;
const PAST_MAX_SUPPLY = 2_000_000;

const csv = (text: string) => new File([text], 'gives.csv', { type: 'text/csv' });

function approve(saveAs: string): Step {
  return call(decideVerification, {
    label: `an operator verifies ${saveAs}`,
    as: 'operator',
    input: (values) => ({
      params: { kind: 'brand' as const, id: values[saveAs]! },
      body: { decision: 'approve' as const },
    }),
    expect: { status: 200 },
  });
}

function issue(
  label: string,
  brand: (values: Values) => number,
  body: (values: Values) => { ticker: string; cap?: number; request: string },
  expect: Parameters<typeof call<typeof issueBrandToken>>[1]['expect'],
  saveAs?: string,
): Step {
  return call(issueBrandToken, {
    label,
    as: 'token',
    input: (values) => {
      const { ticker: symbol, cap, request } = body(values);
      return {
        params: { brandId: brand(values) },
        body: { name: 'Crumbs', ticker: symbol, cap: cap ?? CAP, request_id: rid(values, request) },
      };
    },
    expect,
    ...(saveAs
      ? {
          save: (answer, values) => {
            values[saveAs] = answer.token.id;
          },
        }
      : {}),
  });
}

/** The console asked again until the token saved as `tokenKey` is deployed. */
function deployed(brand: (values: Values) => number, tokenKey: string): Step {
  return call(brandConsole, {
    label: `the console, until ${tokenKey} is deployed`,
    as: 'token',
    input: (values) => ({ params: { brandId: brand(values) } }),
    expect: { status: 200 },
    until: (body, values) =>
      body.tokens.find((token) => token.id === values[tokenKey])?.status === 'active',
  });
}

function give(
  label: string,
  tokenKey: string,
  body: (values: Values) => { recipient: string; amount: number; request: string },
  expect: Parameters<typeof call<typeof giveTokens>>[1]['expect'],
  as = 'token',
): Step {
  return call(giveTokens, {
    label,
    as,
    input: (values) => {
      const { recipient, amount, request } = body(values);
      return {
        params: { tokenId: values[tokenKey]! },
        body: { recipient, amount, request_id: rid(values, request) },
      };
    },
    expect,
  });
}

function bulk(
  label: string,
  tokenKey: string,
  text: (values: Values) => string,
  request: string,
  expect: Parameters<typeof call<typeof bulkGiveTokens>>[1]['expect'],
  as = 'token',
): Step {
  return call(bulkGiveTokens, {
    label,
    as,
    input: (values) => ({
      params: { tokenId: values[tokenKey]! },
      body: { file: csv(text(values)), apply: true, request_id: rid(values, request) },
    }),
    expect,
  });
}

function offer(
  label: string,
  tokenKey: string,
  price: number,
  expect: Parameters<typeof call<typeof createOffer>>[1]['expect'],
  saveAs?: string,
  as = 'token',
): Step {
  return call(createOffer, {
    label,
    as,
    input: (values) => ({
      params: { tokenId: values[tokenKey]! },
      body: { title: `A loaf for ${price}`, price },
    }),
    expect,
    ...(saveAs
      ? {
          save: (answer, values) => {
            values[saveAs] = answer.offer.id;
          },
        }
      : {}),
  });
}

function end(
  label: string,
  offerKey: string,
  expect: Parameters<typeof call<typeof endOffer>>[1]['expect'],
  as = 'token',
): Step {
  return call(endOffer, {
    label,
    as,
    input: (values) => ({ params: { offerId: values[offerKey] ?? crypto.randomUUID() } }),
    expect,
  });
}

function transfer(
  label: string,
  as: string,
  tokenKey: string,
  body: (values: Values) => { recipient: string; amount: number; request: string },
  expect: Parameters<typeof call<typeof transferTokens>>[1]['expect'],
): Step {
  return call(transferTokens, {
    label,
    as,
    input: (values) => {
      const { recipient, amount, request } = body(values);
      return {
        params: { tokenId: values[tokenKey]! },
        body: { recipient, amount, request_id: rid(values, request) },
      };
    },
    expect,
  });
}

function claim(
  label: string,
  as: string,
  tokenKey: string,
  amount: number,
  request: string,
  expect: Parameters<typeof call<typeof claimTokens>>[1]['expect'],
): Step {
  return call(claimTokens, {
    label,
    as,
    input: (values) => ({
      params: { tokenId: values[tokenKey]! },
      body: { amount, request_id: rid(values, request) },
    }),
    expect,
  });
}

function redeem(
  label: string,
  offerKey: string,
  request: string,
  expect: Parameters<typeof call<typeof redeemOffer>>[1]['expect'],
): Step {
  return call(redeemOffer, {
    label,
    as: 'customer',
    input: (values) => ({
      params: { offerId: values[offerKey]! },
      body: { request_id: rid(values, request) },
    }),
    expect,
  });
}

/** The signed-in user proves a wallet of the key's (decision 042). */
export function proveWallet(as: string, key: Wallet): Step[] {
  return [
    call(walletChallenge, {
      label: `a challenge for ${key.address}`,
      as,
      input: () => ({ body: { walletAddress: key.address } }),
      expect: { status: 200 },
      save: (body, values) => {
        values[`${as}.nonce`] = body.nonce;
        values[`${as}.signature`] = key.signMessageSync(body.message);
      },
    }),
    call(updateWallet, {
      label: `the wallet ${key.address}, proven`,
      as,
      input: (values) => ({
        body: {
          walletAddress: key.address,
          nonce: values[`${as}.nonce`]!,
          signature: values[`${as}.signature`]!,
          password: values.password!,
        },
      }),
      expect: { status: 200 },
    }),
  ];
}

/** Wallet keys of these scenarios' own (not anvil's funded ones, not other scenarios'). */
const OWNER_WALLET = new Wallet(`0x${'55'.repeat(32)}`);
const CUSTOMER_WALLET = new Wallet(`0x${'66'.repeat(32)}`);

/** The brands' owner's address, once the scenario goes on as the customer. */
const owner = (values: Values) => values['owner.email']!;
/** An address without an account: what it is given waits for its owner. */
const friend = (values: Values) => `friend-${values['owner.email'] ?? values.email!}`;

export const brandTokenChainScenarios: Scenario[] = [
  {
    name: 'brand tokens on the chain: a token deploys; each refusal of issuing, giving and moving it',
    steps: [
      ...verifiedUser,
      ...proveWallet('token', OWNER_WALLET),
      registerBrand('brandA', 'Token Mill'),
      registerBrand('brandB', 'Token Forge'),
      registerBrand('brandC', 'Token Oven'),
      operatorLogin,
      approve('brandA'),
      approve('brandB'),
      approve('brandC'),

      // Issuing.
      issue(
        'a token past the plan’s largest supply',
        brandA,
        (values) => ({ ticker: ticker(values, 'A'), cap: PAST_MAX_SUPPLY, request: 'big' }),
        { status: 409, kind: 'planLimit' },
      ),
      issue(
        'a token of brand A',
        brandA,
        (values) => ({ ticker: ticker(values, 'A'), request: 'issueA' }),
        { status: 201 },
        'tokenA',
      ),
      issue(
        'brand B’s token under brand A’s ticker',
        brandB,
        (values) => ({ ticker: ticker(values, 'A'), request: 'issueB' }),
        { status: 409, kind: 'tickerTaken' },
      ),
      issue(
        'brand B’s token under the request id of brand A’s',
        brandB,
        (values) => ({ ticker: ticker(values, 'B'), request: 'issueA' }),
        { status: 409, kind: 'requestIdReused' },
      ),
      issue(
        'a token of brand B',
        brandB,
        (values) => ({ ticker: ticker(values, 'B'), request: 'issueB' }),
        { status: 201 },
        'tokenB',
      ),
      deployed(brandA, 'tokenA'),
      deployed(brandB, 'tokenB'),
      issue(
        'a second token of brand A, past the plan’s one',
        brandA,
        (values) => ({ ticker: ticker(values, 'D'), request: 'second' }),
        { status: 409, kind: 'planLimit' },
      ),

      // A token still deploying moves nothing: the chain holds brand C's deployment.
      chainMining(false),
      issue(
        'a token of brand C while the chain mines nothing',
        brandC,
        (values) => ({ ticker: ticker(values, 'C'), request: 'issueC' }),
        { status: 201, body: () => ({ token: expect.objectContaining({ status: 'deploying' }) }) },
        'tokenC',
      ),
      give(
        'a give of the deploying token',
        'tokenC',
        (values) => ({ recipient: friend(values), amount: 1, request: 'giveC' }),
        { status: 409, kind: 'notActive' },
      ),
      bulk('a CSV of the deploying token', 'tokenC', (values) => `${friend(values)},1\n`, 'bulkC', {
        status: 409,
        kind: 'notActive',
      }),
      offer('an offer of the deploying token', 'tokenC', 10, { status: 409, kind: 'notActive' }),
      transfer(
        'a transfer of the deploying token',
        'token',
        'tokenC',
        (values) => ({ recipient: friend(values), amount: 1, request: 'transferC' }),
        { status: 409, kind: 'notActive' },
      ),
      claim('a claim of the deploying token', 'token', 'tokenC', 1, 'claimC', {
        status: 409,
        kind: 'notActive',
      }),
      chainMining(true),
      deployed(brandC, 'tokenC'),

      // Giving, one by one and by CSV.
      give(
        'brand A gives to a friend without an account',
        'tokenA',
        (values) => ({ recipient: friend(values), amount: 600, request: 'give1' }),
        { status: 200 },
      ),
      give(
        'brand B gives under the request id of brand A’s give',
        'tokenB',
        (values) => ({ recipient: friend(values), amount: 1, request: 'give1' }),
        { status: 409, kind: 'requestIdReused' },
      ),
      give(
        'a give past the token’s cap',
        'tokenA',
        (values) => ({ recipient: friend(values), amount: 500, request: 'give2' }),
        { status: 409, kind: 'capReached' },
      ),
      give(
        'a give past the plan’s daily volume',
        'tokenA',
        (values) => ({ recipient: friend(values), amount: PAST_DAILY_VOLUME, request: 'give3' }),
        { status: 409, kind: 'planLimit' },
      ),
      bulk(
        'a CSV with a wrong amount, applied',
        'tokenA',
        (values) => `${friend(values)},abc\n`,
        'bulk0',
        {
          status: 422,
          kind: 'csvInvalid',
        },
      ),
      bulk('a CSV of 10, applied', 'tokenA', (values) => `${friend(values)},10\n`, 'bulk1', {
        status: 200,
      }),
      bulk(
        'brand B’s CSV under the request id of brand A’s',
        'tokenB',
        (values) => `${friend(values)},10\n`,
        'bulk1',
        { status: 409, kind: 'requestIdReused' },
      ),
      bulk('a CSV past the token’s cap', 'tokenA', (values) => `${friend(values)},500\n`, 'bulk2', {
        status: 409,
        kind: 'capReached',
      }),
      bulk(
        'a CSV past the plan’s daily volume',
        'tokenA',
        (values) => `${friend(values)},${PAST_DAILY_VOLUME}\n`,
        'bulk3',
        { status: 409, kind: 'planLimit' },
      ),

      // Offers: the Standard plan runs three.
      offer('an offer for 10', 'tokenA', 10, { status: 201 }, 'offer1'),
      offer('an offer for more than anyone holds', 'tokenA', 999_999, { status: 201 }, 'offer2'),
      offer('a third offer', 'tokenA', 10, { status: 201 }),
      offer('a fourth offer, past the plan’s three', 'tokenA', 10, {
        status: 409,
        kind: 'planLimit',
      }),

      offer('an offer of brand B’s token', 'tokenB', 10, { status: 201 }, 'offerB'),
      end('an offer nobody made', 'noSuchOffer', { status: 404, kind: 'notFound' }),

      // An operator revokes brand B: its token moves no more.
      call(revokeVerification, {
        label: 'an operator revokes brand B’s verification',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'brand' as const, id: values.brandB! },
          body: { reason: 'The documents were forged.' },
        }),
        expect: { status: 200 },
      }),
      give(
        'a give of the revoked brand’s token',
        'tokenB',
        (values) => ({ recipient: friend(values), amount: 1, request: 'giveB' }),
        { status: 403, kind: 'notVerified' },
      ),
      bulk(
        'a CSV of the revoked brand’s token',
        'tokenB',
        (values) => `${friend(values)},1\n`,
        'bulkB',
        {
          status: 403,
          kind: 'notVerified',
        },
      ),
      offer('an offer of the revoked brand’s token', 'tokenB', 10, {
        status: 403,
        kind: 'notVerified',
      }),
      end('the revoked brand ends its offer', 'offerB', { status: 403, kind: 'notVerified' }),

      // A customer: someone else's console refuses them; they hold, move and redeem tokens.
      anotherPerson('owner'),
      ...signUp,
      ...confirmTheEmail,
      ...sendTheSmsCode,
      ...confirmThePhone,
      logIn('customer'),
      give(
        'a customer gives brand A’s token',
        'tokenA',
        (values) => ({ recipient: owner(values), amount: 1, request: 'notMine' }),
        { status: 403, kind: 'notOwner' },
        'customer',
      ),
      bulk(
        'a customer’s CSV of brand A’s token',
        'tokenA',
        (values) => `${owner(values)},1\n`,
        'notMineBulk',
        { status: 403, kind: 'notOwner' },
        'customer',
      ),
      offer(
        'a customer’s offer of brand A’s token',
        'tokenA',
        10,
        { status: 403, kind: 'notOwner' },
        undefined,
        'customer',
      ),
      end(
        'a customer ends brand A’s offer',
        'offer1',
        { status: 403, kind: 'notOwner' },
        'customer',
      ),
      give(
        'brand A gives the customer 100',
        'tokenA',
        (values) => ({ recipient: values.email!, amount: 100, request: 'toCustomer' }),
        { status: 200 },
      ),
      transfer(
        'the customer transfers to their own address',
        'customer',
        'tokenA',
        (values) => ({ recipient: values.email!, amount: 1, request: 'self' }),
        { status: 400, kind: 'selfTransfer' },
      ),
      transfer(
        'the customer transfers more than they hold',
        'customer',
        'tokenA',
        (values) => ({ recipient: owner(values), amount: 10_000, request: 'tooMuch' }),
        { status: 409, kind: 'insufficient' },
      ),
      transfer(
        'the customer transfers 5 to the owner',
        'customer',
        'tokenA',
        (values) => ({ recipient: owner(values), amount: 5, request: 'toOwner' }),
        { status: 200 },
      ),
      transfer(
        'the owner transfers 1 back',
        'token',
        'tokenA',
        (values) => ({ recipient: values.email!, amount: 1, request: 'back' }),
        { status: 200 },
      ),
      transfer(
        'the customer transfers under the request id of the owner’s transfer',
        'customer',
        'tokenA',
        (values) => ({ recipient: owner(values), amount: 1, request: 'back' }),
        { status: 409, kind: 'requestIdReused' },
      ),
      ...proveWallet('customer', CUSTOMER_WALLET),
      claim('the customer claims more than they hold', 'customer', 'tokenA', 10_000, 'bigClaim', {
        status: 409,
        kind: 'insufficient',
      }),
      claim(
        'the customer claims under the request id of the owner’s transfer',
        'customer',
        'tokenA',
        1,
        'back',
        { status: 409, kind: 'requestIdReused' },
      ),
      claim('the customer claims 1 to their wallet', 'customer', 'tokenA', 1, 'claim', {
        status: 200,
      }),
      redeem('the customer redeems an offer for more than they hold', 'offer2', 'redeem0', {
        status: 409,
        kind: 'insufficient',
      }),
      redeem('the customer redeems an offer for 10', 'offer1', 'redeem1', { status: 201 }),
      redeem('another offer under that redemption’s request id', 'offer2', 'redeem1', {
        status: 409,
        kind: 'requestIdReused',
      }),

      // Brand A ends an offer: no more redemptions, and a new offer fits the plan again.
      end('brand A ends its offer for 10', 'offer1', {
        status: 200,
        body: () => ({ offer: { title: 'A loaf for 10', active: false } }),
      }),
      end('brand A ends it again', 'offer1', {
        status: 200,
        body: () => ({ offer: { title: 'A loaf for 10', active: false } }),
      }),
      redeem('the customer redeems the ended offer', 'offer1', 'redeem2', {
        status: 409,
        kind: 'offerInactive',
      }),
      offer('an offer in the ended one’s place', 'tokenA', 10, { status: 201 }),

      // Staking BRND: the customer's wallet holds none.
      call(stakingTransactions, {
        label: 'a stake of BRND the wallet does not hold',
        as: 'customer',
        input: () => ({ body: { action: 'stake' as const, amount: 100 } }),
        expect: { status: 409, kind: 'insufficient' },
      }),
      call(stakingTransactions, {
        label: 'an unstake of more than is staked',
        as: 'customer',
        input: () => ({ body: { action: 'unstake' as const, amount: 100 } }),
        expect: { status: 409, kind: 'insufficient' },
      }),
      call(stakingTransactions, {
        label: 'a withdrawal with nothing unbonding',
        as: 'customer',
        input: () => ({ body: { action: 'withdraw' as const } }),
        expect: { status: 409, kind: 'nothingToWithdraw' },
      }),
    ],
  },
];
