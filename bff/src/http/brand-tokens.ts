import {
  brandConsole,
  bulkGiveTokens,
  checkRedemption,
  claimTokens,
  createOffer,
  endOffer,
  giveTokens,
  issueBrandToken,
  myTokens,
  redeemOffer,
  stakingStatus,
  stakingTransactions,
  tokenHistory,
  transferTokens,
} from '@brnd/contracts/api/brand-tokens';
import { BULK_GIVE_MAX_BYTES } from '@brnd/contracts/domain/brand-tokens';
import multer, { type MulterFile } from '@koa/multer';
import type { Context, Next } from 'koa';
import type { PlatformChain } from '../chain/platform-chain.ts';
import type { Database } from '../db/database.ts';
import {
  stakingStatus as readStakingStatus,
  stakingTransactions as prepareStakingTransactions,
} from '../services/brand-tokens/chain.ts';
import { parseGiveCsv } from '../services/brand-tokens/csv.ts';
import type { BrandTokenService } from '../services/brand-tokens/service.ts';
import { DomainError } from '../services/errors.ts';
import { requestLanguage } from '../services/messages.ts';
import { withPremiumAge } from '../services/brand-tokens/staking-premium.ts';
import { authedRoute, type Route } from './route.ts';

export interface BrandTokenRouteDeps {
  brandTokens: BrandTokenService;
  db: Database;
  chain: PlatformChain | undefined;
}

export function brandTokenRoutes({ brandTokens, db, chain }: BrandTokenRouteDeps): Route[] {
  const savedWallet = async (userId: string) => {
    const [row] = await db.query<{ wallet_address: string | null }>(
      'SELECT wallet_address FROM users WHERE id = $1',
      [userId],
    );
    return row?.wallet_address ?? null;
  };
  const customer = (user: { id: string; email: string; name: string }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
  });

  return [
    authedRoute(brandConsole, ({ auth, params }) =>
      brandTokens.console(auth.user.id, params.brandId),
    ),
    authedRoute(issueBrandToken, async ({ auth, params, body }) => ({
      token: await brandTokens.issue(auth.user.id, params.brandId, body),
    })),
    authedRoute(giveTokens, async ({ auth, params, body, ctx }) => ({
      give: await brandTokens.give(auth.user.id, params.tokenId, body, requestLanguage(ctx)),
    })),
    authedRoute(bulkGiveTokens, async ({ auth, params, body, ctx }) =>
      brandTokens.bulkGive(auth.user.id, params.tokenId, parseGiveCsv(await body.file.text()), {
        apply: body.apply,
        request_id: body.request_id,
        language: requestLanguage(ctx),
      }),
    ),
    authedRoute(createOffer, async ({ auth, params, body }) => ({
      offer: await brandTokens.createOffer(auth.user.id, params.tokenId, body),
    })),
    authedRoute(endOffer, async ({ auth, params }) => ({
      offer: await brandTokens.endOffer(auth.user.id, params.offerId),
    })),
    authedRoute(checkRedemption, ({ auth, params, body }) =>
      brandTokens.checkCode(auth.user.id, params.brandId, body.code),
    ),
    authedRoute(myTokens, ({ auth }) => brandTokens.mine(auth.user.id)),
    authedRoute(tokenHistory, ({ auth, params }) =>
      brandTokens.history(auth.user.id, params.tokenId),
    ),
    authedRoute(transferTokens, async ({ auth, params, body, ctx }) => ({
      transfer: await brandTokens.transfer(
        customer(auth.user),
        params.tokenId,
        body,
        requestLanguage(ctx),
      ),
    })),
    authedRoute(claimTokens, async ({ auth, params, body }) => ({
      transfer: await brandTokens.claim(customer(auth.user), params.tokenId, body),
    })),
    authedRoute(redeemOffer, async ({ auth, params, body }) => ({
      redemption: await brandTokens.redeem(auth.user.id, params.offerId, body.request_id),
    })),
    authedRoute(stakingStatus, async ({ auth }) =>
      withPremiumAge(
        db,
        auth.user.id,
        await readStakingStatus(chain, await savedWallet(auth.user.id)),
      ),
    ),
    authedRoute(stakingTransactions, async ({ auth, body }) => ({
      transactions: await prepareStakingTransactions(
        chain,
        await savedWallet(auth.user.id),
        body.action,
        body.amount,
      ),
    })),
  ];
}

const BULK_PATH = /^\/api\/brand-tokens\/tokens\/[^/]+\/give\/csv$/;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: BULK_GIVE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1_000 },
}).single('file');

/** Reads the bulk give's multipart upload into the body the contract's schema parses. */
export function brandTokenCsvBody() {
  return async function readCsvUpload(ctx: Context, next: Next) {
    if (ctx.method !== 'POST' || !BULK_PATH.test(ctx.path) || !ctx.is('multipart')) {
      return next();
    }
    try {
      await upload(ctx, async () => {});
    } catch (error) {
      if ((error as { code?: string }).code === 'LIMIT_FILE_SIZE') {
        throw new DomainError(413, 'brandTokens.errors.csvSize', {
          fields: { file: 'brandTokens.errors.csvSize' },
        });
      }
      throw new DomainError(400, 'errors.validation');
    }
    const file = (ctx as Context & { file?: MulterFile }).file;
    const fields = { ...(ctx.request as { body?: Record<string, unknown> }).body };
    if (file) fields.file = new Blob([new Uint8Array(file.buffer)], { type: file.mimetype });
    (ctx.request as { body?: unknown }).body = fields;
    return next();
  };
}
