import type { BrandToken } from '@brnd/contracts/api/brand-tokens';
import { openTokenAccounts } from './accounts.ts';
import { effectivePlan, requireWithin } from './plans.ts';
import { DomainError } from '../errors.ts';
import {
  type TokenRow,
  type OfferRow,
  OFFER_COLUMNS,
  OFFER_SOURCE,
  TOKEN_COLUMNS,
  baseUnits,
  toToken,
  toOffer,
  isUniqueViolation,
  lockKey,
  tickerTaken,
} from './rows.ts';
import type { BrandTokenContext } from './context.ts';
import type { BrandTokenService } from './types.ts';

/** The brand console: its overview, and issuing a new token. */
export function consoleOperations(
  ctx: BrandTokenContext,
): Pick<BrandTokenService, 'claimHolds' | 'console' | 'issue'> {
  const {
    deps,
    ownBrand,
    verifiedBrand,
    loadToken,
    requireChain,
    planUsage,
    claimHolds,
    redeploy,
    tokenStats,
  } = ctx;
  const { db, ledger } = deps;

  return {
    claimHolds,

    async console(userId: string, brandId: number) {
      const brand = await ownBrand(userId, brandId);
      const tokens = await db.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM brand_tokens t JOIN brands b ON b.id = t.brand_id
         WHERE t.brand_id = $1 ORDER BY t.created_at, t.id`,
        [brand.id],
      );
      const stats = await Promise.all(tokens.map((token) => tokenStats(token)));
      const offers = await db.query<OfferRow>(
        `SELECT ${OFFER_COLUMNS} FROM ${OFFER_SOURCE}
         WHERE t.brand_id = $1 ORDER BY o.created_at DESC, o.id`,
        [brand.id],
      );
      return {
        brand: { id: brand.id, name: brand.name, verification_status: brand.verification_status },
        plan: await planUsage(brand),
        tokens: tokens.map(toToken),
        stats,
        offers: offers.map(toOffer),
      };
    },

    async issue(
      userId: string,
      brandId: number,
      input: { name: string; ticker: string; cap: number; request_id: string },
    ): Promise<BrandToken> {
      const brand = await verifiedBrand(userId, brandId);
      const { chain, queue } = requireChain();
      const { plan } = await effectivePlan(brand, deps);
      try {
        const tokenId = await db.transaction(async (t) => {
          await lockKey(db, `bt-brand:${brand.id}`, t);
          const [earlier] = await db.query<{ id: string; brand_id: string; status: string }>(
            'SELECT id, brand_id::text, status FROM brand_tokens WHERE request_id = $1',
            [input.request_id],
            { transaction: t },
          );
          if (earlier) {
            if (Number(earlier.brand_id) !== brand.id) {
              throw new DomainError(409, 'brandTokens.errors.requestId', {
                fields: { request_id: 'brandTokens.errors.requestId' },
              });
            }
            // The same request after a failed deployment: deploy that token again.
            if (earlier.status === 'failed') await redeploy(earlier.id, t);
            return earlier.id;
          }
          const [counted] = await db.query<{ count: string }>(
            `SELECT count(*)::text AS count FROM brand_tokens
             WHERE brand_id = $1 AND status <> 'failed'`,
            [brand.id],
            { transaction: t },
          );
          requireWithin('tokens', plan, Number(counted?.count ?? 0) + 1);
          requireWithin('maxSupply', plan, input.cap);
          const [taken] = await db.query(
            `SELECT 1 FROM brand_tokens WHERE upper(ticker) = upper($1) AND status <> 'failed'`,
            [input.ticker],
            { transaction: t },
          );
          if (taken) throw tickerTaken();
          const cap = baseUnits(input.cap);
          const [token] = await db.query<{ id: string }>(
            `INSERT INTO brand_tokens (brand_id, name, ticker, cap, chain_id, request_id, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [
              brand.id,
              input.name,
              input.ticker,
              cap.toString(),
              chain.chainId,
              input.request_id,
              userId,
            ],
            { transaction: t },
          );
          if (!token) throw new Error('the token was not recorded');
          await openTokenAccounts(ledger, token.id, cap, t);
          const [send] = await db.query<{ id: string }>(
            `INSERT INTO brand_token_sends (token_id, kind, chain_id) VALUES ($1, 'deploy', $2)
             RETURNING id`,
            [token.id, chain.chainId],
            { transaction: t },
          );
          await queue.enqueue([send?.id as string], t);
          return token.id;
        });
        return toToken(await loadToken(tokenId));
      } catch (error) {
        if (isUniqueViolation(error, 'brand_tokens_live_ticker_key')) throw tickerTaken();
        if (isUniqueViolation(error, 'brand_tokens_request_id_key')) {
          const [row] = await db.query<{ id: string }>(
            'SELECT id FROM brand_tokens WHERE request_id = $1 AND brand_id = $2',
            [input.request_id, brand.id],
          );
          if (row) return toToken(await loadToken(row.id));
        }
        throw error;
      }
    },
  };
}
