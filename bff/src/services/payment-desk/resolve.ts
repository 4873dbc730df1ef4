import type { Resolution } from '@brnd/contracts/api/admin-orders';
import { type CryptoPayMethod } from '@brnd/contracts/domain/constants';
import type { Language } from '../../db/models.ts';
import { SQL_STATE, sqlError } from '../../db/sql-errors.ts';
import type { Transaction } from 'sequelize';
import { DomainError } from '../errors.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, userAccount } from '../ledger.ts';
import {
  type PaymentDesk,
  type ResolutionRow,
  formatUnits,
  parseUnits,
  tokensForReceived,
  usdFor,
  decidable,
  isUuid,
  toResolution,
} from './rows.ts';
import type { PaymentDeskContext, DetailContext } from './context.ts';

/** Telling the buyer of an operator's decision. */
export function decisionMail(ctx: DetailContext) {
  const { deps } = ctx;
  const { db } = deps;

  /**
   * Tells the buyer, in their language, what was decided on their money: queued in the
   * decision's transaction (decision 056), so the decision and its mail stand or fall together.
   */
  async function mailBuyer(
    uuid: string,
    resolution: Resolution,
    currency: CryptoPayMethod,
    transaction: Transaction,
  ) {
    const notifications = deps.notifications;
    if (!notifications) return;
    const [buyer] = await db.query<{
      email: string;
      name: string;
      language: Language;
      shop_order_id: string;
    }>(
      `SELECT u.email, u.name, u.language, o.shop_order_id::text
       FROM crypto_orders o JOIN users u ON u.id = o.user_id WHERE o.uuid = $1`,
      [uuid],
      { transaction },
    );
    if (!buyer) return;
    await notifications.mail(
      {
        kind: 'paymentDecision',
        to: buyer.email,
        language: buyer.language,
        props: {
          name: buyer.name,
          decision: resolution.decision,
          order: buyer.shop_order_id,
          paid: { amount: resolution.paid_amount, unit: currency },
          tokens: resolution.brnd_tokens,
          reference: resolution.reference ?? '',
          orderUuid: uuid,
        },
      },
      { transaction },
    );
  }

  return { mailBuyer };
}

/** An operator's resync with the gateway, and a decision on an exception. */
export function resolveOperations(
  ctx: PaymentDeskContext,
): Pick<PaymentDesk, 'resync' | 'resolve'> {
  const { deps, now, cryptoRow, resolutions, credited, mailBuyer, detail } = ctx;
  const { db, ledger, audit, logger } = deps;

  return {
    async resync(operator, id) {
      const before = isUuid(id) ? await cryptoRow(id) : undefined;
      if (!before) throw new DomainError(404, 'errors.notFound');
      if (!before.gateway_invoice_id) {
        throw new DomainError(409, 'finance.orders.errors.notGatewayOrder');
      }
      try {
        // The code path of every webhook: read the invoice back, apply it under the row lock.
        await deps.orders.syncInvoice(id);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        logger.warn('operator could not read an invoice back', { order: id, err: error });
        throw new DomainError(503, 'orders.errors.gatewayUnavailable');
      }
      const order = await detail(id);
      await audit.record({
        actorId: operator.id,
        actorEmail: operator.email,
        action: 'order.resync',
        subject: id,
        details: {
          invoice: before.gateway_invoice_id,
          status_before: before.status,
          status_after: order.status_code,
          paid_before: formatUnits(BigInt(before.paid_units), before.currency),
          paid_after: order.paid_amount,
        },
      });
      return order;
    },

    async resolve(operator, id, input) {
      if (!isUuid(id)) throw new DomainError(404, 'errors.notFound');
      const resolution = await db
        .transaction(async (transaction) => {
          const row = await cryptoRow(id, transaction);
          if (!row) throw new DomainError(404, 'errors.notFound');
          const paid = BigInt(row.paid_units);
          const decided = await resolutions(id, transaction);
          if (decided.some((decision) => BigInt(decision.paid_units) === paid)) {
            throw new DomainError(409, 'finance.orders.errors.alreadyResolved');
          }
          if (!decidable(row, now())) {
            throw new DomainError(409, 'finance.orders.errors.notDecidable');
          }
          const seen = parseUnits(input.paid_amount, row.currency);
          if (seen !== paid) throw new DomainError(409, 'finance.orders.errors.paymentChanged');

          let tokens = 0n;
          let usd = 0;
          let ledgerTransactionId: string | null = null;
          if (input.decision === 'credit') {
            tokens =
              tokensForReceived(row, paid, BigInt(row.expected_units)) - credited(row, decided);
            if (tokens <= 0n) throw new DomainError(409, 'finance.orders.errors.nothingToCredit');
            usd = usdFor(tokens, row);
            await ledger.ensureUserAccount(row.user_id, { transaction });
            const posted = await ledger.post(
              {
                // One credit per order and amount received, whatever the caller retries.
                idempotencyKey: `order:${row.uuid}:resolution:${paid}`,
                entries: [
                  { account: LEDGER_ACCOUNTS.sale, amount: -tokens * ONE_TOKEN },
                  { account: userAccount(row.user_id), amount: tokens * ONE_TOKEN },
                ],
                metadata: {
                  kind: 'sale-resolution',
                  order: row.uuid,
                  method: row.currency,
                  exception: row.payment_exception,
                  usd: usd.toFixed(2),
                  paid_units: paid.toString(),
                  operator_id: operator.id,
                  operator_email: operator.email,
                },
              },
              { transaction },
            );
            if (!posted.created)
              throw new DomainError(409, 'finance.orders.errors.alreadyResolved');
            ledgerTransactionId = posted.id;
          }
          const [inserted] = await db.query<ResolutionRow>(
            `INSERT INTO payment_resolutions (order_uuid, decision, paid_units, tokens, usd,
               reference, note, operator_id, operator_email, ledger_transaction_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING id::text, decision, paid_units::text, tokens::text, usd::text, reference,
               note, operator_email, created_at`,
            [
              row.uuid,
              input.decision,
              paid.toString(),
              tokens.toString(),
              usd.toFixed(2),
              input.reference ?? null,
              input.note ?? null,
              operator.id,
              operator.email,
              ledgerTransactionId,
            ],
            { transaction },
          );
          if (!inserted) throw new Error('the decision was not recorded');
          if (tokens > 0n) {
            // The referral share follows this credit as it follows a paid order, once: its
            // subject names the decision.
            await deps.orders.runPaidHooks(
              {
                orderId: `${row.uuid}:resolution:${inserted.id}`,
                kind: 'crypto',
                method: row.currency,
                userId: row.user_id,
                usd,
                tokens: Number(tokens),
              },
              transaction,
            );
          }
          await audit.record(
            {
              actorId: operator.id,
              actorEmail: operator.email,
              action: `order.resolve.${input.decision}`,
              subject: row.uuid,
              details: {
                exception: row.payment_exception,
                paid_amount: formatUnits(paid, row.currency),
                currency: row.currency,
                brnd_tokens: Number(tokens),
                usd,
                ...(input.reference ? { reference: input.reference } : {}),
                ...(input.note ? { note: input.note } : {}),
                ...(ledgerTransactionId ? { ledger_transaction: ledgerTransactionId } : {}),
              },
            },
            transaction,
          );
          const resolution = toResolution(inserted, row.currency);
          await mailBuyer(id, resolution, row.currency, transaction);
          return resolution;
        })
        .catch((error: unknown) => {
          // Two decisions racing past the checks meet at the unique (order, amount) key.
          if (sqlError(error).code === SQL_STATE.uniqueViolation) {
            throw new DomainError(409, 'finance.orders.errors.alreadyResolved');
          }
          throw error;
        });
      logger.info('order exception resolved', {
        order: id,
        decision: resolution.decision,
        tokens: resolution.brnd_tokens,
        operator: operator.email,
      });
      return { resolution, order: await detail(id) };
    },
  };
}
