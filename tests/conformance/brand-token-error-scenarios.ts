import { decideVerification } from '@brnd/contracts/api/admin-verification';
import { newlyAddedBrands } from '@brnd/contracts/api/brand-listings';
import {
  brandConsole,
  bulkGiveTokens,
  checkRedemption,
  claimTokens,
  createOffer,
  issueBrandToken,
} from '@brnd/contracts/api/brand-tokens';
import { createBrand } from '@brnd/contracts/api/brands';
import { updateWallet, walletChallenge } from '@brnd/contracts/api/wallet';
import {
  BULK_GIVE_MAX_BYTES,
  REDEMPTION_CODE_ALPHABET,
  REDEMPTION_CODE_LENGTH,
} from '@brnd/contracts/domain/brand-tokens';
import { PNG } from '@brnd/bff/testing/sample-files';
import { Wallet } from 'ethers';
import { verifiedUser } from './accounts-scenarios.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import { call, type Scenario, type Step } from './runner.ts';

/**
 * The brand-token errors a scenario reaches on both targets (decision 051): the owner's own brand
 * before and after an operator verifies it, the bulk give's upload limit, and a claim without a
 * wallet or to an unknown token. What needs a deployed token is in brand-token-chain-scenarios.ts.
 */

export const NO_SUCH_TOKEN = '00000000-0000-4000-8000-000000000000';
export const REQUEST = 'f3c1e2d4-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
/** A well-formed redemption code no redemption has. */
export const SOME_CODE = REDEMPTION_CODE_ALPHABET[0]!.repeat(REDEMPTION_CODE_LENGTH);

/** Saves a listed brand's id: a brand the fresh user does not own. */
export const someoneElsesBrand = call(newlyAddedBrands, {
  label: 'a brand someone else owns',
  input: () => ({ query: {} }),
  expect: { status: 200 },
  save: (body, values) => {
    values.brandId = String(body.brands.rows[0]?.id ?? 0);
  },
});

/** The fresh user registers a brand of their own (its id saved as `saveAs`): it waits for an operator's verification. */
export function registerBrand(saveAs = 'ownBrandId', name = 'Token Bakery'): Step {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  return call(createBrand, {
    label: `the user registers a brand of their own, ${name}`,
    as: 'token',
    input: (values) => ({
      body: {
        name,
        website: `${values.email!.split('@')[0]}-${slug}.example.com`,
        description: 'Bread for points.',
        industry: 'tools' as const,
        token_ticker: 'BAKE',
        no_of_employees: '4',
        address1: 'ul. Chlebowa 1',
        city: 'Kraków',
        state: 'małopolskie',
        postal_code: '30-001',
        country: 'PL',
        operating_address: 'ul. Chlebowa 1, 30-001 Kraków',
        image: new File([PNG], 'logo.png', { type: 'image/png' }),
      },
    }),
    expect: { status: 200 },
    save: (body, values) => {
      values[saveAs] = String(body.details.id);
    },
  });
}

const ownBrand = registerBrand();

const ownBrandId = (values: Record<string, string>) => Number(values.ownBrandId);

/** A wallet key of these scenarios' own (not anvil's, not the wallet scenarios'). */
const SIGNER = new Wallet(`0x${'44'.repeat(32)}`);

const csv = (text: string) => new File([text], 'gives.csv', { type: 'text/csv' });

export const brandTokenErrorScenarios: Scenario[] = [
  {
    name: 'brand tokens: a brand waiting for verification has no token; once verified, its codes are checked',
    steps: [
      ...verifiedUser,
      ownBrand,
      call(issueBrandToken, {
        label: 'a token for a brand not verified yet',
        as: 'token',
        input: (values) => ({
          params: { brandId: ownBrandId(values) },
          body: { name: 'Crumbs', ticker: 'CRUMB', cap: 1000, request_id: REQUEST },
        }),
        expect: { status: 403, kind: 'notVerified' },
      }),
      call(checkRedemption, {
        label: 'a code at a brand not verified yet',
        as: 'token',
        input: (values) => ({ params: { brandId: ownBrandId(values) }, body: { code: SOME_CODE } }),
        expect: { status: 403, kind: 'notVerified' },
      }),
      operatorLogin,
      call(decideVerification, {
        label: 'an operator verifies the brand',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'brand' as const, id: values.ownBrandId! },
          body: { decision: 'approve' as const },
        }),
        expect: { status: 200 },
      }),
      call(brandConsole, {
        label: 'the verified brand’s console',
        as: 'token',
        input: (values) => ({ params: { brandId: ownBrandId(values) } }),
        expect: {
          status: 200,
          body: () => ({ tokens: [], offers: [] }),
        },
      }),
      call(checkRedemption, {
        label: 'a code no customer of the brand holds',
        as: 'token',
        input: (values) => ({ params: { brandId: ownBrandId(values) }, body: { code: SOME_CODE } }),
        expect: {
          status: 404,
          kind: 'unknownCode',
          fields: { code: 'brandTokens.errors.unknownCode' },
        },
      }),
    ],
  },
  {
    name: 'brand tokens: a CSV past the upload limit is refused before anything; unknown tokens are 404',
    steps: [
      ...verifiedUser,
      call(bulkGiveTokens, {
        label: 'a CSV past the limit',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: {
            file: new File([new Uint8Array(BULK_GIVE_MAX_BYTES + 1)], 'gives.csv', {
              type: 'text/csv',
            }),
            apply: false,
            request_id: REQUEST,
          },
        }),
        expect: { status: 413, kind: 'csvSize' },
      }),
      call(bulkGiveTokens, {
        label: 'a CSV for a token that does not exist',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { file: csv('friend@example.com,5\n'), apply: false, request_id: REQUEST },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
      call(createOffer, {
        label: 'an offer of a token that does not exist',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { title: 'A free loaf', price: 10 },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
    ],
  },
  {
    name: 'brand tokens: a claim needs a saved wallet, then a token that exists',
    steps: [
      ...verifiedUser,
      call(claimTokens, {
        label: 'a claim without a wallet',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { amount: 1, request_id: REQUEST },
        }),
        expect: { status: 409, kind: 'noWallet' },
      }),
      call(walletChallenge, {
        label: 'a challenge for the wallet',
        as: 'token',
        input: () => ({ body: { walletAddress: SIGNER.address } }),
        expect: { status: 200 },
        save: (body, values) => {
          values.nonce = body.nonce;
          values.signature = SIGNER.signMessageSync(body.message);
        },
      }),
      call(updateWallet, {
        label: 'the wallet, proven',
        as: 'token',
        input: (values) => ({
          body: {
            walletAddress: SIGNER.address,
            nonce: values.nonce!,
            signature: values.signature!,
            password: values.password!,
          },
        }),
        expect: { status: 200 },
      }),
      call(claimTokens, {
        label: 'a claim of a token that does not exist',
        as: 'token',
        input: () => ({
          params: { tokenId: NO_SUCH_TOKEN },
          body: { amount: 1, request_id: REQUEST },
        }),
        expect: { status: 404, kind: 'notFound' },
      }),
    ],
  },
];
