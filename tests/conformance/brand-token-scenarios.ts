import {
  brandConsole,
  checkRedemption,
  giveTokens,
  issueBrandToken,
  myTokens,
  redeemOffer,
  stakingTransactions,
  tokenHistory,
  transferTokens,
} from '@brnd/contracts/api/brand-tokens';
import { verifiedUser } from './accounts-scenarios.ts';
import {
  brandTokenErrorScenarios,
  NO_SUCH_TOKEN,
  REQUEST,
  SOME_CODE,
  someoneElsesBrand,
} from './brand-token-error-scenarios.ts';
import { brandTokenChainScenarios } from './brand-token-chain-scenarios.ts';
import { call, type Scenario } from './runner.ts';

/**
 * Token-as-a-service rules that need no chain: who may use a brand's console, what a customer
 * without tokens sees, and how bad input is refused. The same steps run against the mocks and
 * the bff; what needs a deployed token is in brand-token-chain-scenarios.ts.
 */

const accessScenarios: Scenario[] = [
  {
    name: 'brand tokens: the console and My tokens need a session',
    steps: [
      call(brandConsole, {
        input: () => ({ params: { brandId: 1 } }),
        expect: { status: 401, kind: 'unauthorized' },
      }),
      call(myTokens, { expect: { status: 401, kind: 'unauthorized' } }),
    ],
  },
  {
    name: 'brand tokens: only the owner uses a brand’s console; an unknown brand is 404',
    steps: [
      ...verifiedUser,
      someoneElsesBrand,
      call(brandConsole, {
        as: 'token',
        input: (values) => ({ params: { brandId: Number(values.brandId) } }),
        expect: { status: 403, kind: 'notOwner' },
      }),
      call(issueBrandToken, {
        as: 'token',
        input: (values) => ({
          params: { brandId: Number(values.brandId) },
          body: { name: 'Points', ticker: 'PTS', cap: 1000, request_id: REQUEST },
        }),
        expect: { status: 403, kind: 'notOwner' },
      }),
      call(brandConsole, {
        label: 'a brand that does not exist',
        as: 'token',
        input: () => ({ params: { brandId: 987_654_321 } }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(issueBrandToken, {
        label: 'a token for a brand that does not exist',
        as: 'token',
        input: () => ({
          params: { brandId: 987_654_321 },
          body: { name: 'Points', ticker: 'PTS', cap: 1000, request_id: REQUEST },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(checkRedemption, {
        label: 'a code at a brand that does not exist',
        as: 'token',
        input: () => ({ params: { brandId: 987_654_321 }, body: { code: SOME_CODE } }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(checkRedemption, {
        label: 'a code at someone else’s brand',
        as: 'token',
        input: (values) => ({
          params: { brandId: Number(values.brandId) },
          body: { code: SOME_CODE },
        }),
        expect: { status: 403, kind: 'notOwner' },
      }),
      call(checkRedemption, {
        label: 'a malformed code',
        as: 'token',
        input: (values) => ({ params: { brandId: Number(values.brandId) }, body: { code: 'abc' } }),
        expect: { status: 400, kind: 'validation', fields: { code: 'brandTokens.errors.code' } },
      }),
    ],
  },
  {
    name: 'brand tokens: a customer without tokens holds nothing; unknown tokens and offers are 404',
    steps: [
      ...verifiedUser,
      call(myTokens, {
        as: 'token',
        expect: { status: 200, body: () => ({ holdings: [], offers: [], redemptions: [] }) },
      }),
      call(tokenHistory, {
        as: 'token',
        input: () => ({ params: { tokenId: NO_SUCH_TOKEN } }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(transferTokens, {
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { recipient: 'friend@example.com', amount: 1, request_id: REQUEST },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(giveTokens, {
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { recipient: 'friend@example.com', amount: 1, request_id: REQUEST },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(redeemOffer, {
        as: 'token',
        input: () => ({ params: { offerId: NO_SUCH_TOKEN }, body: { request_id: REQUEST } }),
        expect: { status: 404, kind: 'notFound' },
      }),
    ],
  },
  {
    name: 'brand tokens: recipients, amounts and staking actions are checked',
    steps: [
      ...verifiedUser,
      call(giveTokens, {
        label: 'neither an e-mail nor a wallet address',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { recipient: 'not-an-address', amount: 5, request_id: REQUEST },
        }),
        expect: {
          status: 400,
          kind: 'validation',
          fields: { recipient: 'brandTokens.errors.recipient' },
        },
      }),
      call(transferTokens, {
        label: 'a fraction of a token',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { recipient: 'friend@example.com', amount: '1.5', request_id: REQUEST },
        }),
        expect: { status: 400, fields: { amount: 'brandTokens.errors.amount' } },
      }),
      call(stakingTransactions, {
        label: 'an unknown action',
        as: 'token',
        input: () => ({ body: { action: 'dance' as unknown as 'stake', amount: 1 } }),
        expect: { status: 400, fields: { action: 'brandTokens.errors.stakingAction' } },
      }),
      call(stakingTransactions, {
        label: 'staking without a saved wallet',
        as: 'token',
        input: () => ({ body: { action: 'stake' as const, amount: 1000 } }),
        expect: { status: 409, kind: 'noWallet' },
      }),
    ],
  },
];

export const brandTokenScenarios: Scenario[] = [
  ...accessScenarios,
  ...brandTokenErrorScenarios,
  ...brandTokenChainScenarios,
];
