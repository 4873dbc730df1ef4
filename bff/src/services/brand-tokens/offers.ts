import type { Offer, Redemption } from '@brnd/contracts/api/brand-tokens';
import { randomUUID } from 'node:crypto';
import { type Transaction } from 'sequelize';
import { tokenAccounts } from './accounts.ts';
import { effectivePlan, requireWithin } from './plans.ts';
import { DomainError } from '../errors.ts';
import { InsufficientBalanceError } from '../ledger.ts';
import {
  type OfferRow,
  type RedemptionRow,
  OFFER_COLUMNS,
  OFFER_SOURCE,
  REDEMPTION_COLUMNS,
  baseUnits,
  toOffer,
  toRedemption,
  randomRedemptionCode,
  lockKey,
  notFound,
} from './rows.ts';
import type { BrandTokenContext } from './context.ts';
import type { BrandTokenService } from './types.ts';

/** Offers: a brand creates them and checks codes; a customer redeems one for a code. */
export function offerOperations(
  ctx: BrandTokenContext,
): Pick<BrandTokenService, 'createOffer' | 'endOffer' | 'checkCode' | 'redeem'> {
  const { deps, verifiedBrand, consoleToken, claimHolds } = ctx;
  const { db, ledger } = deps;

  async function loadOffer(offerId: string): Promise<OfferRow & { brand_id: string }> {
    const [offer] = await db.query<OfferRow & { brand_id: string }>(
      `SELECT ${OFFER_COLUMNS}, t.brand_id::text FROM ${OFFER_SOURCE} WHERE o.id = $1`,
      [offerId],
    );
    if (!offer) throw notFound();
    return offer;
  }

  return {
    async createOffer(
      userId: string,
      tokenId: string,
      input: { title: string; description: string; price: number },
    ): Promise<Offer> {
      const { token, brand } = await consoleToken(userId, tokenId);
      const { plan } = await effectivePlan(brand, deps);
      const id = await db.transaction(async (t) => {
        await lockKey(db, `bt-brand:${brand.id}`, t);
        const [counted] = await db.query<{ count: string }>(
          `SELECT count(*)::text AS count FROM brand_token_offers o
             JOIN brand_tokens t ON t.id = o.token_id
           WHERE t.brand_id = $1 AND o.active`,
          [brand.id],
          { transaction: t },
        );
        requireWithin('deals', plan, Number(counted?.count ?? 0) + 1);
        const [offer] = await db.query<{ id: string }>(
          `INSERT INTO brand_token_offers (token_id, title, description, price)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          [token.id, input.title, input.description, baseUnits(input.price).toString()],
          { transaction: t },
        );
        return offer?.id as string;
      });
      return toOffer({
        id,
        token_id: token.id,
        ticker: token.ticker,
        brand_name: token.brand_name,
        title: input.title,
        description: input.description,
        price: baseUnits(input.price).toString(),
        active: true,
      });
    },

    async endOffer(userId: string, offerId: string): Promise<Offer> {
      const offer = await loadOffer(offerId);
      await verifiedBrand(userId, Number(offer.brand_id));
      // Ending an ended offer changes nothing: a second click gets the same answer.
      await db.query('UPDATE brand_token_offers SET active = false WHERE id = $1 AND active', [
        offer.id,
      ]);
      return toOffer({ ...offer, active: false });
    },

    async checkCode(userId: string, brandId: number, code: string) {
      const brand = await verifiedBrand(userId, brandId);
      const [accepted] = await db.query<{ id: string }>(
        `UPDATE brand_token_redemptions r SET used_at = now()
         FROM brand_token_offers o, brand_tokens t
         WHERE r.code = $1 AND o.id = r.offer_id AND t.id = o.token_id AND t.brand_id = $2
           AND r.used_at IS NULL
         RETURNING r.id`,
        [code, brand.id],
      );
      const [row] = await db.query<RedemptionRow & { brand_id: string }>(
        `SELECT ${REDEMPTION_COLUMNS}, t.brand_id::text
         FROM brand_token_redemptions r JOIN brand_token_offers o ON o.id = r.offer_id
           JOIN brand_tokens t ON t.id = o.token_id JOIN brands b ON b.id = t.brand_id
         WHERE r.code = $1`,
        [code],
      );
      if (!row || Number(row.brand_id) !== brand.id) {
        throw new DomainError(404, 'brandTokens.errors.unknownCode', {
          fields: { code: 'brandTokens.errors.unknownCode' },
        });
      }
      return {
        result: accepted ? ('accepted' as const) : ('used' as const),
        redemption: toRedemption(row),
      };
    },

    async redeem(userId: string, offerId: string, requestId: string): Promise<Redemption> {
      const offer = await loadOffer(offerId);
      const load = async (transaction?: Transaction) => {
        const [row] = await db.query<RedemptionRow & { user_id: string }>(
          `SELECT ${REDEMPTION_COLUMNS}, r.user_id::text
           FROM brand_token_redemptions r JOIN brand_token_offers o ON o.id = r.offer_id
             JOIN brand_tokens t ON t.id = o.token_id JOIN brands b ON b.id = t.brand_id
           WHERE r.request_id = $1`,
          [requestId],
          transaction ? { transaction } : {},
        );
        if (row && (row.user_id !== userId || row.id !== offerId)) {
          throw new DomainError(409, 'brandTokens.errors.requestId', {
            fields: { request_id: 'brandTokens.errors.requestId' },
          });
        }
        return row;
      };
      const earlier = await load();
      if (earlier) return toRedemption(earlier);
      if (!offer.active) throw new DomainError(409, 'brandTokens.errors.offerInactive');
      await claimHolds(userId);
      await db.transaction(async (t) => {
        await lockKey(db, `bt-request:${requestId}`, t);
        if (await load(t)) return;
        const account = await ledger.ensureUserAccount(userId, {
          asset: offer.token_id,
          transaction: t,
        });
        // 31^10 codes: a collision is all but impossible, and the unique index still refuses one.
        let code = randomRedemptionCode();
        for (;;) {
          const [taken] = await db.query(
            'SELECT 1 FROM brand_token_redemptions WHERE code = $1',
            [code],
            { transaction: t },
          );
          if (!taken) break;
          code = randomRedemptionCode();
        }
        const id = randomUUID();
        await db.query(
          `INSERT INTO brand_token_redemptions (id, offer_id, user_id, request_id, code, amount)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, offer.id, userId, requestId, code, offer.price],
          { transaction: t },
        );
        const price = BigInt(offer.price);
        try {
          await ledger.post(
            {
              idempotencyKey: `bt-redeem:${id}`,
              entries: [
                { account, amount: -price },
                { account: tokenAccounts(offer.token_id).redeemed, amount: price },
              ],
              metadata: {
                kind: 'bt-redeem',
                tokenId: offer.token_id,
                offerId: offer.id,
                redemptionId: id,
              },
            },
            { transaction: t },
          );
        } catch (error) {
          if (error instanceof InsufficientBalanceError) {
            throw new DomainError(409, 'brandTokens.errors.insufficient');
          }
          throw error;
        }
      });
      return toRedemption((await load()) as RedemptionRow);
    },
  };
}
