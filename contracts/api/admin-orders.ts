import { PageOffsetSchema } from '../domain/rules.ts';
import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  notFound,
  operatorErrors,
  operatorReadErrors,
} from './error-catalogue.ts';
import { gatewayUnavailable } from './orders.ts';
import { ORDER_STATUS } from '../domain/constants.ts';
import {
  PAYMENT_EXCEPTIONS,
  RESOLUTION_DECISIONS,
  type ResolutionDecision,
} from '../domain/sale.ts';

/**
 * The console's orders and payments: search every order (crypto and card), read what we recorded
 * about its payment (deposits the chain watcher saw, provider notifications with their outcome,
 * earlier decisions), and resolve a partial, over- or late payment with a recorded decision.
 * See docs/decisions/016-operator-payment-decisions.md.
 */

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const ADMIN_ORDER_METHODS = ['BTC', 'ETH', 'PLN'] as const;
export type AdminOrderMethod = (typeof ADMIN_ORDER_METHODS)[number];

/** Crypto status codes 0..6 and card statuses in one vocabulary, for filtering and badges. */
export const ADMIN_ORDER_STATUSES = [
  'waiting',
  'confirming',
  'paid',
  'canceled',
  'refunded',
  'expired',
  'failed',
] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/** A crypto status code in the console's vocabulary (card orders map pending/paid/failed). */
export function adminOrderStatus(code: number): AdminOrderStatus {
  if (code < ORDER_STATUS.CONFIRMING) return 'waiting';
  if (code === ORDER_STATUS.CONFIRMING) return 'confirming';
  if (code === ORDER_STATUS.PAID) return 'paid';
  if (code === ORDER_STATUS.CANCELED) return 'canceled';
  if (code === ORDER_STATUS.REFUNDED) return 'refunded';
  return 'expired';
}

export { RESOLUTION_DECISIONS, type ResolutionDecision };

export const AdminOrderSchema = v.object({
  /** The crypto order's uuid, or the card provider's transaction hash. */
  id: v.string(),
  method: v.picklist(ADMIN_ORDER_METHODS),
  user_email: v.string(),
  status: v.picklist(ADMIN_ORDER_STATUSES),
  /** USD. */
  usd: v.number(),
  /** USD per BRND the order was priced at. */
  token_price: v.number(),
  /** Whole BRND the order credits when paid. */
  brnd_tokens: v.number(),
  payment_exception: v.nullable(v.picklist(PAYMENT_EXCEPTIONS)),
  /** An exception no operator has decided yet (for the payment as it stands now). */
  needs_decision: v.boolean(),
  /** ISO 8601. */
  created_at: v.string(),
});
export type AdminOrder = v.InferOutput<typeof AdminOrderSchema>;

const trimmedFilter = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max),
      v.transform((text) => text || undefined),
    ),
  );
const dateFilter = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((text) => text || undefined),
    v.optional(v.pipe(v.string(), v.isoDate('finance.orders.errors.date'))),
  ),
);
const emptyToUndefined = (text: unknown) => (text === '' ? undefined : text);

/** Newest first, ADMIN_ORDERS_PAGE_SIZE a page. Every filter is optional and they combine. */
export const adminOrders = defineEndpoint({
  id: 'adminOrders',
  method: 'GET',
  path: '/api/admin/orders',
  auth: 'admin',
  query: v.object({
    /** Part of the buyer's e-mail, any case. */
    email: trimmedFilter(200),
    /** The whole uuid (or card transaction hash). */
    id: trimmedFilter(100),
    status: v.optional(
      v.pipe(
        v.unknown(),
        v.transform(emptyToUndefined),
        v.optional(v.picklist(ADMIN_ORDER_STATUSES)),
      ),
    ),
    method: v.optional(
      v.pipe(
        v.unknown(),
        v.transform(emptyToUndefined),
        v.optional(v.picklist(ADMIN_ORDER_METHODS)),
      ),
    ),
    /** Only orders whose exception awaits a decision. */
    undecided: v.optional(
      v.pipe(
        v.union([v.boolean(), v.string()]),
        v.transform((flag) => flag === true || flag === 'true'),
      ),
    ),
    /** `YYYY-MM-DD`, inclusive, UTC. */
    from: dateFilter,
    to: dateFilter,
    offset: v.optional(PageOffsetSchema),
  }),
  response: v.object({ orders: v.array(AdminOrderSchema), count: v.number() }),
  errors: { ...operatorReadErrors, ...inputErrors },
});

/** A change of a deposit address's balance, as the chain watcher saw it. */
export const DepositObservationSchema = v.object({
  block: v.number(),
  /** Decimal ETH the address held at that block, and the change since the last observation. */
  balance: v.string(),
  change: v.string(),
  /** The transfers into the address found in the blocks since the previous look (may be empty). */
  transactions: v.array(v.object({ hash: v.string(), from: v.string(), value: v.string() })),
  /** ISO 8601. */
  observed_at: v.string(),
});
export type DepositObservation = v.InferOutput<typeof DepositObservationSchema>;

/** `ignored`: signed, but about nothing of ours (another store's invoice; decision 026). */
export const NOTIFICATION_OUTCOMES = ['accepted', 'refused', 'ignored'] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];
export const NOTIFICATION_PROVIDERS = ['gateway', 'card'] as const;
export const ADMIN_NOTIFICATIONS_PAGE_SIZE = 50;

/** A gateway webhook or card-provider callback as it arrived, with what we did with it. */
export const PaymentNotificationSchema = v.object({
  id: v.string(),
  provider: v.picklist(NOTIFICATION_PROVIDERS),
  /** ISO 8601. */
  received_at: v.string(),
  /** The order it named (crypto uuid or card hash), or what it named when that is none of ours. */
  order_ref: v.nullable(v.string()),
  /** What it said it was (`InvoiceSettled`, `paid`…); null when unsigned or unreadable. */
  event_type: v.nullable(v.string()),
  /** The gateway's delivery id, and whether the gateway sent it again. */
  delivery_id: v.nullable(v.string()),
  redelivery: v.boolean(),
  signature_valid: v.boolean(),
  outcome: v.picklist(NOTIFICATION_OUTCOMES),
  /** The answer we gave (200, 401 for a bad signature…). */
  http_status: v.number(),
  /** Why it was refused: a message id such as `orders.errors.badSignature`. */
  reason: v.nullable(v.string()),
  /** The raw body (cut at 4,000 characters). */
  body: v.string(),
});
export type PaymentNotification = v.InferOutput<typeof PaymentNotificationSchema>;

export const ResolutionSchema = v.object({
  id: v.string(),
  decision: v.picklist(RESOLUTION_DECISIONS),
  /** The crypto received when the operator decided (decimal string). */
  paid_amount: v.string(),
  /** BRND credited by this decision (0 for a refund). */
  brnd_tokens: v.number(),
  /** USD the credit stands for (0 for a refund). */
  usd: v.number(),
  /** The refund's reference (bank transfer, chain transaction…); null for a credit. */
  reference: v.nullable(v.string()),
  note: v.nullable(v.string()),
  operator_email: v.string(),
  /** ISO 8601. */
  created_at: v.string(),
});
export type Resolution = v.InferOutput<typeof ResolutionSchema>;

export const AdminOrderDetailSchema = v.object({
  ...AdminOrderSchema.entries,
  /** Crypto orders: the gateway's code 0..6; null for card orders. */
  status_code: v.nullable(v.number()),
  /** What was asked, received and is still due, in the order's coin (card orders: PLN). */
  currency: v.string(),
  expected_amount: v.string(),
  paid_amount: v.string(),
  due_amount: v.string(),
  /** The ETH deposit address, the BTC gateway's address, or null (card). */
  address: v.nullable(v.string()),
  gateway_invoice_id: v.nullable(v.string()),
  confirmations: v.number(),
  required_confirmations: v.number(),
  /** ISO 8601. */
  expires_at: v.nullable(v.string()),
  paid_at: v.nullable(v.string()),
  /** What a credit decision would add now: BRND at the order's price for the crypto received. */
  credit_preview: v.nullable(v.object({ brnd_tokens: v.number(), usd: v.number() })),
  deposits: v.array(DepositObservationSchema),
  notifications: v.array(PaymentNotificationSchema),
  resolutions: v.array(ResolutionSchema),
  /** A chain explorer's transaction page with `{hash}` to fill, when one is configured. */
  explorer_tx_url: v.nullable(v.string()),
});
export type AdminOrderDetail = v.InferOutput<typeof AdminOrderDetailSchema>;

const OrderIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,100}$/, 'errors.notFound')),
});

export const adminOrder = defineEndpoint({
  id: 'adminOrder',
  method: 'GET',
  path: '/api/admin/orders/:id',
  auth: 'admin',
  params: OrderIdParams,
  response: v.object({ order: AdminOrderDetailSchema }),
  errors: { ...operatorReadErrors, ...inputErrors, notFound },
});

/** This payment (the crypto received as it stands) was decided already. */
export const alreadyResolved = declareError({
  status: 409,
  messageId: 'finance.orders.errors.alreadyResolved',
});
/** No exception awaits a decision: a payment as asked, or one still on its way. */
export const notDecidable = declareError({
  status: 409,
  messageId: 'finance.orders.errors.notDecidable',
});
/** More money arrived since the operator looked: they decided on an amount that is gone. */
export const paymentChanged = declareError({
  status: 409,
  messageId: 'finance.orders.errors.paymentChanged',
});
/** A credit would add no BRND: what was received is credited already. */
export const nothingToCredit = declareError({
  status: 409,
  messageId: 'finance.orders.errors.nothingToCredit',
});
/** Only a BTC order has a gateway invoice to read back. */
export const notGatewayOrder = declareError({
  status: 409,
  messageId: 'finance.orders.errors.notGatewayOrder',
});

const optionalText = (max: number, messageId: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, messageId),
      v.transform((text) => text || undefined),
    ),
  );

export const ResolveOrderInputSchema = v.pipe(
  v.object({
    decision: v.picklist(RESOLUTION_DECISIONS, 'finance.orders.errors.decision'),
    /**
     * The amount received that the operator decided on, as shown to them: if more money arrived
     * meanwhile the server refuses (409) instead of deciding on a payment nobody looked at.
     */
    paid_amount: v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/, 'errors.validation')),
    reference: optionalText(200, 'finance.orders.errors.referenceLength'),
    note: optionalText(1000, 'finance.orders.errors.noteLength'),
  }),
  v.forward(
    v.check(
      (input) => input.decision !== 'refund' || Boolean(input.reference),
      'finance.orders.errors.referenceRequired',
    ),
    ['reference'],
  ),
);
export type ResolveOrderInput = v.InferInput<typeof ResolveOrderInputSchema>;

/**
 * Decides an exception once: `credit` posts the BRND for the crypto received at the order's
 * price (one ledger transaction, the operator's id in its metadata), `refund` records that the
 * money goes back, with its reference. A second decision on the same payment answers 409.
 */
export const resolveOrder = defineEndpoint({
  id: 'resolveOrder',
  method: 'POST',
  path: '/api/admin/orders/:id/resolve',
  auth: 'admin',
  status: 201,
  params: OrderIdParams,
  body: ResolveOrderInputSchema,
  response: v.object({ resolution: ResolutionSchema, order: AdminOrderDetailSchema }),
  errors: {
    ...operatorErrors,
    ...inputErrors,
    notFound,
    alreadyResolved,
    notDecidable,
    paymentChanged,
    nothingToCredit,
  },
});

/**
 * Every provider notification as received, newest first (docs/decisions/027): refused ones are
 * kept 7 days and at most 10,000. Filters combine.
 */
export const adminNotifications = defineEndpoint({
  id: 'adminNotifications',
  method: 'GET',
  path: '/api/admin/notifications',
  auth: 'admin',
  query: v.object({
    /** The order's uuid or card hash (or the invoice id a notification named). */
    order: trimmedFilter(200),
    provider: v.optional(
      v.pipe(
        v.unknown(),
        v.transform(emptyToUndefined),
        v.optional(v.picklist(NOTIFICATION_PROVIDERS)),
      ),
    ),
    outcome: v.optional(
      v.pipe(
        v.unknown(),
        v.transform(emptyToUndefined),
        v.optional(v.picklist(NOTIFICATION_OUTCOMES)),
      ),
    ),
    offset: v.optional(PageOffsetSchema),
  }),
  response: v.object({ notifications: v.array(PaymentNotificationSchema), count: v.number() }),
  errors: { ...operatorReadErrors, ...inputErrors },
});

/**
 * Reads a BTC order's invoice from the gateway again and applies it through the code path every
 * webhook takes (for an order whose webhooks were lost); audited as `order.resync`.
 */
export const resyncOrder = defineEndpoint({
  id: 'resyncOrder',
  method: 'POST',
  path: '/api/admin/orders/:id/resync',
  auth: 'admin',
  params: OrderIdParams,
  response: v.object({ order: AdminOrderDetailSchema }),
  errors: { ...operatorErrors, ...inputErrors, notFound, notGatewayOrder, gatewayUnavailable },
});

export const adminOrderEndpoints = {
  adminOrders,
  adminOrder,
  resolveOrder,
  adminNotifications,
  resyncOrder,
} as const;
