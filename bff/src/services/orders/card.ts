import {
  CardProviderCallbackSchema,
  CARD_CALLBACK_TOLERANCE_SECONDS,
} from '@brnd/contracts/api/card-provider';
import { CARD_MIN_PLN, CARD_RETRY_GAP_MS } from '@brnd/contracts/domain/constants';
import { tokensForPln, type CardOrderState } from '@brnd/contracts/domain/sale';
import { DomainError, tooManyAttempts } from '../errors.ts';
import type { OrderService } from './types.ts';
import * as v from 'valibot';
import { type NotificationMeta, type NotificationResult } from './rows.ts';
import type { OrderContext, PlacingContext } from './context.ts';

/** Card orders: the provider's settlement and its signed callback. */
export function cardSteps(ctx: PlacingContext) {
  const { deps, now, credit, requireCard } = ctx;
  const { db, logger } = deps;

  async function settleCard(
    cashTxHash: string,
    callback: v.InferOutput<typeof CardProviderCallbackSchema>,
  ) {
    await db.transaction(async (transaction) => {
      const [order] = await db.query<{
        user_id: string;
        status: CardOrderState;
        pln: string;
        usd: string;
        tokens: string;
        provider_tokens: string;
      }>(
        `SELECT user_id::text, status, pln::text, usd::text, tokens::text, provider_tokens::text
         FROM card_orders WHERE cash_tx_hash = $1 FOR UPDATE`,
        [cashTxHash],
        { transaction },
      );
      if (!order) throw new DomainError(404, 'orders.errors.cardUnknown');
      const samePln =
        Math.round(callback.quotedCurrencyAmount * 100) === Math.round(Number(order.pln) * 100);
      const sameTokens =
        Math.round(callback.baseCurrencyAmount * 1e6) ===
        Math.round(Number(order.provider_tokens) * 1e6);
      if (!samePln || !sameTokens) {
        logger.warn('card callback amounts differ from the recorded order', { cashTxHash });
        throw new DomainError(409, 'orders.errors.amountMismatch');
      }
      if (order.status === callback.status) return;
      // An expired order still takes the provider's word: money it took is credited, never lost.
      if (order.status !== 'pending' && order.status !== 'expired') {
        throw new DomainError(409, 'orders.errors.cardNotPending');
      }
      await db.query(
        `UPDATE card_orders SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() END,
           updated_at = now() WHERE cash_tx_hash = $1`,
        [cashTxHash, callback.status],
        { transaction },
      );
      if (callback.status === 'paid') {
        await credit(
          {
            orderId: cashTxHash,
            kind: 'card',
            method: 'PLN',
            userId: order.user_id,
            usd: Number(order.usd),
            tokens: Number(order.tokens),
          },
          transaction,
        );
      }
    });
  }

  async function cardCallback(
    rawBody: Buffer,
    signature: string | undefined,
    meta: NotificationMeta,
  ): Promise<NotificationResult> {
    const card = requireCard();
    const signedAt = card.verifyCallback(rawBody, signature);
    if (signedAt === null) throw new DomainError(401, 'orders.errors.badSignature');
    meta.signatureValid = true;
    if (Math.abs(now().getTime() / 1000 - signedAt) > CARD_CALLBACK_TOLERANCE_SECONDS) {
      throw new DomainError(400, 'orders.errors.staleTimestamp');
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new DomainError(400, 'errors.validation');
    }
    const parsed = v.safeParse(CardProviderCallbackSchema, body);
    if (!parsed.success) throw new DomainError(400, 'errors.validation');
    meta.eventType = parsed.output.status;
    await settleCard(parsed.output.cashTxHash, parsed.output);
    return { orderRef: parsed.output.cashTxHash, outcome: 'accepted' };
  }

  return { settleCard, cardCallback };
}

/** Card purchases through the cash-exchange provider. */
export function cardOperations(
  ctx: OrderContext,
): Pick<OrderService, 'recordCardOrder' | 'handleCardCallback'> {
  const { deps, now, requireCard, cardCallback, recordNotification } = ctx;
  const { db, logger } = deps;

  return {
    async recordCardOrder(userId, cashTxHash) {
      const card = requireCard();
      const attempt = await deps.limiter.hit(`card:${userId}`, 1, CARD_RETRY_GAP_MS);
      if (!attempt.allowed)
        throw tooManyAttempts(attempt.retryAfterSeconds, 'orders.errors.cardRetry');
      let record;
      try {
        record = await card.transaction(cashTxHash);
      } catch (error) {
        logger.error('card provider read failed', { err: error });
        throw new DomainError(503, 'orders.errors.gatewayUnavailable');
      }
      if (!record) throw new DomainError(404, 'orders.errors.cardUnknown');
      if (record.status !== 'pending') throw new DomainError(409, 'orders.errors.cardNotPending');
      // The provider's amounts, never the browser's.
      const pln = record.quotedCurrencyAmount;
      if (!(pln >= CARD_MIN_PLN)) {
        throw new DomainError(400, 'validation.cardMinimum', {
          fields: { amount: 'validation.cardMinimum' },
        });
      }
      const terms = await deps.sale.terms();
      if (terms.endsAt && terms.endsAt <= now())
        throw new DomainError(409, 'orders.errors.saleEnded');
      // USD (cents) is for display and the sale's raised figure; the tokens come from the PLN.
      const usd = Math.round((pln / terms.plnPerUsd) * 100) / 100;
      const tokens = tokensForPln(pln, terms.plnPerUsd, terms.price);
      const inserted = await db.query<{ cash_tx_hash: string }>(
        `INSERT INTO card_orders (cash_tx_hash, user_id, pln, usd, token_price, tokens,
           provider_tokens, second_step_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (cash_tx_hash) DO NOTHING RETURNING cash_tx_hash`,
        [
          cashTxHash,
          userId,
          pln.toFixed(2),
          usd.toFixed(2),
          terms.price,
          tokens,
          record.baseCurrencyAmount,
          record.secondStepUrl,
        ],
      );
      if (inserted.length === 0) throw new DomainError(409, 'orders.errors.cardAlreadyRecorded');
      return { secondStepUrl: record.secondStepUrl };
    },

    async handleCardCallback(rawBody, signature) {
      await recordNotification('card', rawBody, (meta) => cardCallback(rawBody, signature, meta));
    },
  };
}
