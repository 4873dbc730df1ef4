import { orderStatusSql } from './status-sql.ts';
import { randomUUID } from 'node:crypto';
import {
  MAX_OPEN_ORDERS_PER_METHOD,
  ORDER_EXPIRY_MS,
  type CryptoPayMethod,
} from '@brnd/contracts/domain/constants';
import { ethPaymentUri, tokensForUsd } from '@brnd/contracts/domain/sale';
import type { Transaction } from 'sequelize';
import type { CardExchange } from '../../providers/card-exchange.ts';
import {
  btcToSats,
  type CryptoGateway,
  type GatewayInvoice,
  type GatewayPaymentMethod,
} from '../../providers/crypto-gateway.ts';
import { DomainError } from '../errors.ts';
import type { OrderService } from './types.ts';
import {
  type OrderRow,
  type DecisionColumns,
  ORDER_COLUMNS,
  DECISION_COLUMNS,
  LATEST_DECISION,
  quoteWei,
  isUuid,
} from './rows.ts';
import type { OrderContext, ViewContext } from './context.ts';

/** Placing an order: the providers it needs and the bound on open orders. */
export function orderPlacing(ctx: ViewContext) {
  const { deps } = ctx;
  const { db } = deps;

  function requireGateway(): CryptoGateway {
    if (!deps.gateway) throw new DomainError(503, 'orders.errors.gatewayUnavailable');
    return deps.gateway;
  }

  function requireCard(): CardExchange {
    if (!deps.card) throw new DomainError(503, 'orders.errors.gatewayUnavailable');
    return deps.card;
  }

  async function insertOrder(
    values: {
      uuid: string;
      userId: string;
      currency: CryptoPayMethod;
      usd: number;
      price: number;
      tokens: number;
      expectedUnits: bigint;
      address: string;
      depositIndex: bigint | null;
      invoiceId: string | null;
      checkoutUrl: string | null;
      paymentUri: string;
      requiredConfirmations: number;
      expiresAt: Date;
    },
    onInserted?: (row: OrderRow, transaction: Transaction) => Promise<void>,
  ): Promise<OrderRow> {
    return db.transaction(async (transaction) => {
      // Serialises one user's order creation, so parallel requests cannot pass the cap together.
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`orders:${values.userId}`], {
        transaction,
      });
      await refuseTooManyOpen(values.userId, values.currency, transaction);
      const row = await insertOrderRow(values, transaction);
      await onInserted?.(row, transaction);
      return row;
    });
  }

  /** Waiting orders of the method whose quote still holds: at most MAX_OPEN_ORDERS_PER_METHOD. */
  async function refuseTooManyOpen(
    userId: string,
    currency: CryptoPayMethod,
    transaction?: Transaction,
  ) {
    const [open] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM crypto_orders
       WHERE user_id = $1 AND currency = $2 AND ${orderStatusSql.awaitingPayment()}
         AND expires_at > now()`,
      [userId, currency],
      transaction ? { transaction } : {},
    );
    if ((open?.count ?? 0) >= MAX_OPEN_ORDERS_PER_METHOD) {
      throw new DomainError(409, 'orders.errors.tooManyOpenOrders', {
        values: { limit: MAX_OPEN_ORDERS_PER_METHOD },
      });
    }
  }

  async function insertOrderRow(
    values: Parameters<typeof insertOrder>[0],
    transaction: Transaction,
  ): Promise<OrderRow> {
    const [row] = await db.query<OrderRow>(
      `INSERT INTO crypto_orders (uuid, user_id, currency, usd, token_price, tokens, expected_units,
         deposit_address, deposit_index, gateway_invoice_id, checkout_url, payment_uri,
         required_confirmations, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${ORDER_COLUMNS}`,
      [
        values.uuid,
        values.userId,
        values.currency,
        values.usd.toFixed(2),
        values.price,
        values.tokens,
        values.expectedUnits.toString(),
        values.address,
        values.depositIndex?.toString() ?? null,
        values.invoiceId,
        values.checkoutUrl,
        values.paymentUri,
        values.requiredConfirmations,
        values.expiresAt,
      ],
      { transaction },
    );
    if (!row) throw new Error('crypto order insert returned no row');
    return row;
  }

  return { requireGateway, requireCard, insertOrder, refuseTooManyOpen, insertOrderRow };
}

/** Buying tokens: a crypto order (ETH or BTC) and its check. */
export function buyOperations(ctx: OrderContext): Pick<OrderService, 'buyTokens' | 'verify'> {
  const { deps, now, view, requireGateway, insertOrder, refuseTooManyOpen } = ctx;
  const { db, logger } = deps;

  return {
    async buyTokens(userId, { usd, currency }, commit) {
      const onInserted =
        commit && ((row: OrderRow, transaction: Transaction) => commit(view(row), transaction));
      const terms = await deps.sale.terms();
      if (terms.endsAt && terms.endsAt <= now())
        throw new DomainError(409, 'orders.errors.saleEnded');
      const roundedUsd = Math.round(usd * 100) / 100;
      const tokens = tokensForUsd(roundedUsd, terms.price);
      if (tokens < 1) {
        throw new DomainError(400, 'validation.amount', {
          fields: { amount: 'validation.amount' },
        });
      }

      const uuid = randomUUID();
      if (currency === 'ETH') {
        const [next] = await db.query<{ index: string }>(
          "SELECT nextval('deposit_address_index_seq')::text AS index",
        );
        const index = BigInt(next?.index ?? '0');
        const address = deps.deposits.address(index);
        const wei = quoteWei(roundedUsd, await deps.usdPerEth());
        const row = await insertOrder(
          {
            uuid,
            userId,
            currency,
            usd: roundedUsd,
            price: terms.price,
            tokens,
            expectedUnits: wei,
            address,
            depositIndex: index,
            invoiceId: null,
            checkoutUrl: null,
            paymentUri: ethPaymentUri(address, deps.chainId, wei),
            requiredConfirmations: deps.ethConfirmations,
            expiresAt: new Date(now().getTime() + (deps.ethQuoteMs ?? ORDER_EXPIRY_MS)),
          },
          onInserted,
        );
        return view(row);
      }
      const gateway = requireGateway();
      // Checked again with the insert; this first look spares a gateway invoice.
      await refuseTooManyOpen(userId, currency);
      let invoice: GatewayInvoice;
      let method: GatewayPaymentMethod;
      try {
        invoice = await gateway.createInvoice({
          orderId: uuid,
          usd: roundedUsd.toFixed(2),
          expirationMinutes: ORDER_EXPIRY_MS / 60_000,
          redirectUrl: `${deps.appUrl}/user/buytoken/${uuid}`,
        });
        method = await gateway.paymentMethod(invoice.id);
      } catch (error) {
        logger.error('gateway invoice failed', { err: error });
        throw new DomainError(503, 'orders.errors.gatewayUnavailable');
      }
      const row = await insertOrder(
        {
          uuid,
          userId,
          currency,
          usd: roundedUsd,
          price: terms.price,
          tokens,
          expectedUnits: btcToSats(method.amount),
          address: method.destination,
          depositIndex: null,
          invoiceId: invoice.id,
          checkoutUrl: invoice.checkoutLink,
          paymentUri: method.paymentLink,
          requiredConfirmations: gateway.requiredConfirmations,
          expiresAt: new Date(invoice.expirationTime * 1000),
        },
        onInserted,
      );
      return view(row);
    },

    async verify(userId, uuid) {
      if (!isUuid(uuid)) throw new DomainError(404, 'errors.notFound');
      const [row] = await db.query<OrderRow & DecisionColumns>(
        `SELECT ${ORDER_COLUMNS}, ${DECISION_COLUMNS} FROM crypto_orders ${LATEST_DECISION}
         WHERE uuid = $1 AND user_id = $2`,
        [uuid, userId],
      );
      if (!row) throw new DomainError(404, 'errors.notFound');
      return view(row);
    },
  };
}
