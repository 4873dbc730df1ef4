import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { SUCCESS } from './accounts.ts';
import {
  AmountSchema,
  CryptoPayMethodSchema,
  PageLimitSchema,
  PageOffsetSchema,
} from '../domain/rules.ts';
import { CRYPTO_PAY_METHODS, ORDER_STATUS, TRANSACTION_STATUSES } from '../domain/constants.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_SITUATIONS, RESOLUTION_DECISIONS } from '../domain/sale.ts';
import { idempotencyErrors, IdempotentHeadersSchema } from './idempotency.ts';
import {
  declareError,
  inputErrors,
  notFound,
  readSessionErrors,
  sessionErrors,
} from './error-catalogue.ts';

/** Token sale orders: the transactions list, crypto orders and the card (PLN) order record. */

export const TransactionSchema = v.object({
  session_id: v.string(),
  /** ISO 8601. */
  created_at: v.string(),
  brnd_tokens: v.number(),
  /** USD per BRND at the time of the order. */
  token_price: v.number(),
  /** USD. */
  amount: v.number(),
  /** The payment type: BTC, ETH or PLN. */
  signature: v.string(),
  status: v.picklist(TRANSACTION_STATUSES),
  /**
   * Crypto orders only: money the order received that it could not simply take, and where it
   * stands (see paymentSituation); null otherwise. With it, the crypto received so far.
   */
  payment_situation: v.nullable(v.picklist(PAYMENT_SITUATIONS)),
  /** Crypto received, in the currency named by `signature` (decimal string); null for others. */
  paid_amount: v.nullable(v.string()),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

/** Newest first. Without `limit` every order comes back; `count` is the total either way. */
export const orders = defineEndpoint({
  id: 'orders',
  method: 'GET',
  path: '/api/user/orders',
  auth: 'required',
  query: v.object({ limit: v.optional(PageLimitSchema), offset: v.optional(PageOffsetSchema) }),
  response: v.object({ orders: v.object({ rows: v.array(TransactionSchema), count: v.number() }) }),
  errors: { ...readSessionErrors, ...inputErrors },
});

const ORDER_STATUS_CODES = Object.values(ORDER_STATUS);

export const CryptoOrderSchema = v.object({
  uuid: v.string(),
  /** See ORDER_STATUS: below 3 waiting, 3 paid, above 3 cancelled, refunded or expired. */
  status: v.picklist(ORDER_STATUS_CODES),
  /** USD; the token count is value / token price. */
  value: v.number(),
  destination_currency: v.picklist(CRYPTO_PAY_METHODS),
  /** Decimal string, so satoshi and wei precision survives JSON. */
  destination_amount: v.string(),
  blockchain_address: v.string(),
  shop_order_id: v.string(),
  /** ISO 8601. */
  expires_at: v.string(),
  text_status: v.string(),
  /** ISO 8601. */
  created_at: v.string(),
  /** USD per BRND the order was quoted at. */
  token_price: v.number(),
  /** Whole BRND credited when the order is paid: value / token_price, rounded down. */
  brnd_tokens: v.number(),
  /**
   * "Open your wallet" and the QR code: EIP-681 (`ethereum:…@chainId?value=wei`) or BIP21
   * (`bitcoin:…?amount=`), asking for what is still due (the full amount before any payment).
   */
  payment_uri: v.string(),
  /** Crypto received so far, same unit as destination_amount (decimal string). */
  paid_amount: v.string(),
  /** Of destination_amount, what is still to pay (decimal string, "0" once covered). */
  due_amount: v.string(),
  /** Blocks on top of the payment (ETH) or gateway confirmations (BTC); 0 before any payment. */
  confirmations: v.number(),
  required_confirmations: v.number(),
  /** Partial, over- or late payment; null when none happened. */
  payment_exception: v.nullable(v.picklist(PAYMENT_EXCEPTIONS)),
  /** The payment gateway's own checkout page (BTC), when it has one. */
  checkout_url: v.nullable(v.string()),
  /** ISO 8601: when money for the order last arrived; null before any. */
  payment_seen_at: v.nullable(v.string()),
  /** What the buyer is told about money beyond "paid exactly, in time" (see paymentSituation). */
  payment_situation: v.nullable(v.picklist(PAYMENT_SITUATIONS)),
  /** The operator's latest decision on this order's money, if any. */
  decision: v.nullable(
    v.object({
      decision: v.picklist(RESOLUTION_DECISIONS),
      /** Crypto the decision was taken on (decimal string). */
      paid_amount: v.string(),
      /** BRND credited by it (0 for a refund). */
      brnd_tokens: v.number(),
      /** The refund's reference; null for a credit. */
      reference: v.nullable(v.string()),
      /** ISO 8601. */
      decided_at: v.string(),
    }),
  ),
});
export type CryptoOrder = v.InferOutput<typeof CryptoOrderSchema>;

/** The sale's end has passed: no new orders. */
export const saleEnded = declareError({ status: 409, messageId: 'orders.errors.saleEnded' });
/** MAX_OPEN_ORDERS_PER_METHOD unpaid orders of this method are open: `limit` says how many. */
export const tooManyOpenOrders = declareError({
  status: 409,
  messageId: 'orders.errors.tooManyOpenOrders',
  values: v.object({ limit: v.number() }),
});
/** The payment provider (BTC gateway, card exchange) is not configured or did not answer. */
export const gatewayUnavailable = declareError({
  status: 503,
  messageId: 'orders.errors.gatewayUnavailable',
});
/** No ETH price to quote an ETH order at. */
export const priceUnavailable = declareError({
  status: 503,
  messageId: 'orders.errors.priceUnavailable',
});

/** `amount` is the USD value of the order (under 1 BRND's worth: a 400 under `amount`). */
export const buyTokens = defineEndpoint({
  id: 'buyTokens',
  method: 'POST',
  path: '/api/orders/buytokens',
  auth: 'required',
  headers: IdempotentHeadersSchema,
  body: v.object({ amount: AmountSchema, selected_payMethod: CryptoPayMethodSchema }),
  response: v.object({ message: v.literal(SUCCESS), response: CryptoOrderSchema }),
  errors: {
    ...sessionErrors,
    ...inputErrors,
    saleEnded,
    tooManyOpenOrders,
    gatewayUnavailable,
    priceUnavailable,
    ...idempotencyErrors,
  },
});

export const verifyOrder = defineEndpoint({
  id: 'verifyOrder',
  method: 'GET',
  path: '/api/orders/verify/:uuid',
  auth: 'required',
  params: v.object({
    uuid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'validation.required')),
  }),
  response: v.object({ message: v.string(), response: CryptoOrderSchema }),
  // Someone else's order is the same 404 as an unknown one.
  errors: { ...readSessionErrors, ...inputErrors, notFound },
});

/** The card provider knows no such transaction. */
export const cardUnknown = declareError({ status: 404, messageId: 'orders.errors.cardUnknown' });
/** The provider's transaction is no longer pending (paid, cancelled). */
export const cardNotPending = declareError({
  status: 409,
  messageId: 'orders.errors.cardNotPending',
});
/** This transaction is recorded already. */
export const cardAlreadyRecorded = declareError({
  status: 409,
  messageId: 'orders.errors.cardAlreadyRecorded',
});
/** One card order per CARD_RETRY_GAP_MS: come back after `seconds`. */
export const cardRetry = declareError({
  status: 429,
  messageId: 'orders.errors.cardRetry',
  retryAfter: true,
  values: v.object({ seconds: v.number() }),
});

/**
 * Records a card purchase that was initialised at the card provider (see card-provider.ts). The
 * server checks the transaction with the provider and credits only on its signed callback.
 */
export const kantor = defineEndpoint({
  id: 'kantor',
  method: 'POST',
  path: '/api/orders/kantor',
  auth: 'required',
  headers: IdempotentHeadersSchema,
  body: v.object({
    cashTxHash: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required')),
    /** PLN. */
    amount: AmountSchema,
    brnd_tokens: AmountSchema,
    /** The provider's initialisation answer as JSON text. */
    tokeneo_response: v.pipe(v.string(), v.nonEmpty('validation.required')),
  }),
  response: v.object({ message: v.string(), secondStepUrl: v.string() }),
  // Under CARD_MIN_PLN at the provider is a 400 under `amount` (validation.cardMinimum).
  errors: {
    ...sessionErrors,
    ...inputErrors,
    cardUnknown,
    cardNotPending,
    cardAlreadyRecorded,
    saleEnded,
    cardRetry,
    gatewayUnavailable,
    ...idempotencyErrors,
  },
});

export const orderEndpoints = { orders, buyTokens, verifyOrder, kantor } as const;
