import { isOverdueEthOrder } from '@brnd/contracts/domain/orders';
import type { CryptoOrder } from '@brnd/contracts/api/orders';
import { ORDER_STATUS, ORDER_TEXT_STATUS } from '@brnd/contracts/domain/constants';
import {
  CARD_TRANSACTION_STATUS,
  btcPaymentUri,
  ethPaymentUri,
  orderTransactionStatus,
  paymentSituation,
  type CardOrderState,
} from '@brnd/contracts/domain/sale';
import { satsToBtc } from '../../providers/crypto-gateway.ts';
import type { OrderService } from './types.ts';
import {
  type OrderRow,
  type DecisionColumns,
  ORDER_COLUMNS,
  DECISION_COLUMNS,
  LATEST_DECISION,
  formatUnits,
} from './rows.ts';
import type { OrderContext, PaymentContext } from './context.ts';

/** What the buyer sees of an order. */
export function orderViews(ctx: PaymentContext) {
  const { deps, now } = ctx;

  /**
   * What the buyer sees: an open ETH order past its expiry reads as expired before the sweep
   * runs. A BTC order's expiry is the gateway's call (a payment made in time may settle after
   * it), so it shows what the gateway last said.
   */
  function view(row: OrderRow & Partial<DecisionColumns>): CryptoOrder {
    const expected = BigInt(row.expected_units);
    const paid = BigInt(row.paid_units);
    const due = paid >= expected ? 0n : expected - paid;
    const overdue = isOverdueEthOrder(
      { currency: row.currency, status: row.status, expiresAt: row.expires_at },
      now(),
    );
    const status = overdue ? ORDER_STATUS.EXPIRED : row.status;
    const decidedNow =
      row.decided && row.decided_units !== null && BigInt(row.decided_units ?? -1) === paid
        ? row.decided
        : null;
    return {
      uuid: row.uuid,
      status,
      value: Number(row.usd),
      destination_currency: row.currency,
      destination_amount: formatUnits(expected, row.currency),
      blockchain_address: row.deposit_address,
      shop_order_id: row.shop_order_id,
      expires_at: row.expires_at.toISOString(),
      text_status: ORDER_TEXT_STATUS[status],
      created_at: row.created_at.toISOString(),
      token_price: Number(row.token_price),
      brnd_tokens: Number(row.tokens),
      payment_uri: paid > 0n && due > 0n ? dueUri(row, due) : row.payment_uri,
      paid_amount: formatUnits(paid, row.currency),
      due_amount: formatUnits(due, row.currency),
      confirmations: row.confirmations,
      required_confirmations: row.required_confirmations,
      payment_exception: row.payment_exception,
      checkout_url: row.checkout_url,
      payment_seen_at: row.payment_seen_at ? row.payment_seen_at.toISOString() : null,
      payment_situation: paymentSituation(
        {
          status,
          exception: row.payment_exception,
          received: paid > 0n,
          quoteOver: overdue,
        },
        decidedNow,
      ),
      decision:
        row.decided && row.decided_at
          ? {
              decision: row.decided,
              paid_amount: formatUnits(BigInt(row.decided_units ?? 0), row.currency),
              brnd_tokens: Number(row.decided_tokens ?? 0),
              reference: row.decided_reference ?? null,
              decided_at: row.decided_at.toISOString(),
            }
          : null,
    };
  }

  /**
   * After a partial payment the wallet link and QR code ask for the rest: a buyer who scans
   * again must not send the whole amount a second time.
   */
  function dueUri(row: OrderRow, due: bigint): string {
    if (row.currency === 'ETH') return ethPaymentUri(row.deposit_address, deps.chainId, due);
    return btcPaymentUri(row.deposit_address, satsToBtc(due));
  }

  return { view, dueUri };
}

/** The buyer's list of orders and payouts. */
export function viewOperations(ctx: OrderContext): Pick<OrderService, 'transactions'> {
  const { deps, view } = ctx;
  const { db } = deps;

  return {
    async transactions(userId) {
      const [crypto, card] = await Promise.all([
        // With what operators credited on the order's partial, over- or late payments.
        db.query<OrderRow & DecisionColumns & { credited_tokens: string; credited_usd: string }>(
          `SELECT ${ORDER_COLUMNS}, ${DECISION_COLUMNS}, credit.credited_tokens,
             credit.credited_usd
           FROM crypto_orders ${LATEST_DECISION},
             LATERAL (SELECT coalesce(sum(tokens), 0)::text AS credited_tokens,
                        coalesce(sum(usd), 0)::text AS credited_usd
                      FROM payment_resolutions
                      WHERE order_uuid = crypto_orders.uuid AND decision = 'credit') AS credit
           WHERE user_id = $1 ORDER BY created_at DESC`,
          [userId],
        ),
        db.query<{
          cash_tx_hash: string;
          status: CardOrderState;
          usd: string;
          token_price: string;
          tokens: string;
          created_at: Date;
        }>(
          `SELECT cash_tx_hash, status, usd::text, token_price::text, tokens::text, created_at
           FROM card_orders WHERE user_id = $1 ORDER BY created_at DESC`,
          [userId],
        ),
      ]);
      return [
        ...crypto.map((row) => {
          const shown = view(row);
          const credited = Number(row.credited_tokens);
          // An operator's credit on a partial, over- or late payment brought the buyer tokens:
          // the row shows what the order credited in all.
          const paid = shown.status === ORDER_STATUS.PAID;
          return {
            session_id: row.uuid,
            created_at: shown.created_at,
            brnd_tokens: credited ? (paid ? shown.brnd_tokens : 0) + credited : shown.brnd_tokens,
            token_price: shown.token_price,
            amount: credited ? (paid ? shown.value : 0) + Number(row.credited_usd) : shown.value,
            signature: row.currency,
            status: credited ? 'Confirmed' : orderTransactionStatus(shown.status),
            payment_situation: shown.payment_situation,
            paid_amount: shown.paid_amount,
          };
        }),
        ...card.map((row) => ({
          session_id: row.cash_tx_hash,
          created_at: row.created_at.toISOString(),
          brnd_tokens: Number(row.tokens),
          token_price: Number(row.token_price),
          amount: Number(row.usd),
          signature: 'PLN',
          status: CARD_TRANSACTION_STATUS[row.status],
          payment_situation: null,
          paid_amount: null,
        })),
      ];
    },
  };
}
