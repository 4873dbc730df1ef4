import { createHmac, timingSafeEqual } from 'node:crypto';
import { requestIdHeader } from '../logger.ts';
import * as v from 'valibot';

/**
 * A crypto payment gateway speaking BTCPay Server's Greenfield API as published in
 * `BTCPayServer/wwwroot/swagger/v1/swagger.template.invoices.json` and `…webhooks.json`
 * (docs/decisions/026): invoices priced in USD, paid in BTC at a rate the gateway locks for the
 * invoice's lifetime, and webhooks signed `BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body>`.
 * Servers 1.x and 2.x differ in the payment method's field names (`paymentMethod: "BTC"`,
 * `cryptoCode` against `paymentMethodId: "BTC-CHAIN"`, `currency`); both are read. The bff trusts
 * a webhook only as a hint: it reads the invoice back from the gateway before it changes an order.
 */

export const INVOICE_STATUSES = ['New', 'Processing', 'Expired', 'Invalid', 'Settled'] as const;
export const INVOICE_ADDITIONAL_STATUSES = [
  'None',
  'PaidLate',
  'PaidPartial',
  'Marked',
  'Invalid',
  'PaidOver',
] as const;
export const PAYMENT_STATUSES = ['Invalid', 'Processing', 'Settled'] as const;

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type InvoiceAdditionalStatus = (typeof INVOICE_ADDITIONAL_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const Decimal = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/));

/** The fields of Greenfield's InvoiceData the bff reads; the rest is allowed and ignored. */
const InvoiceSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1)),
  status: v.picklist(INVOICE_STATUSES),
  additionalStatus: v.picklist(INVOICE_ADDITIONAL_STATUSES),
  amount: Decimal,
  currency: v.string(),
  checkoutLink: v.string(),
  expirationTime: v.number(),
  metadata: v.optional(v.looseObject({ orderId: v.nullish(v.string()) }), {}),
});

const PaymentSchema = v.looseObject({
  id: v.string(),
  receivedDate: v.number(),
  value: Decimal,
  status: v.picklist(PAYMENT_STATUSES),
});

/** InvoicePaymentMethodDataModel of 1.x (`paymentMethod`) or 2.x (`paymentMethodId`). */
const PaymentMethodSchema = v.looseObject({
  paymentMethodId: v.optional(v.string()),
  paymentMethod: v.optional(v.string()),
  destination: v.string(),
  paymentLink: v.nullish(v.string()),
  amount: Decimal,
  totalPaid: Decimal,
  due: Decimal,
  payments: v.optional(v.array(PaymentSchema), []),
});

export type GatewayInvoice = v.InferOutput<typeof InvoiceSchema>;

export interface GatewayPayment {
  id: string;
  /** Unix seconds. */
  receivedDate: number;
  /** BTC, decimal string. */
  value: string;
  status: PaymentStatus;
}

/** The invoice's BTC on-chain payment method, the same for 1.x and 2.x servers. */
export interface GatewayPaymentMethod {
  /** As the server names it: `BTC-CHAIN` (2.x), `BTC` or `BTC-OnChain` (1.x). */
  paymentMethodId: string;
  destination: string;
  /** BIP21 URI with the amount. */
  paymentLink: string;
  /** BTC due in total, decimal string. */
  amount: string;
  /** BTC received so far (every accounted payment). */
  totalPaid: string;
  /** BTC still due; negative when overpaid. */
  due: string;
  payments: GatewayPayment[];
}

/** Greenfield's webhook body (WebhookInvoiceEvent and its kinds). */
const WebhookSchema = v.looseObject({
  deliveryId: v.string(),
  webhookId: v.string(),
  originalDeliveryId: v.nullish(v.string()),
  isRedelivery: v.boolean(),
  type: v.string(),
  timestamp: v.number(),
  storeId: v.nullish(v.string()),
  invoiceId: v.nullish(v.string()),
  metadata: v.nullish(v.looseObject({ orderId: v.nullish(v.string()) })),
  manuallyMarked: v.optional(v.boolean()),
  overPaid: v.optional(v.boolean()),
  afterExpiration: v.optional(v.boolean()),
  partiallyPaid: v.optional(v.boolean()),
  paymentMethodId: v.optional(v.string()),
  paymentMethod: v.optional(v.string()),
  payment: v.optional(PaymentSchema),
});

export type GatewayWebhookEvent = v.InferOutput<typeof WebhookSchema>;

export interface CreateInvoiceInput {
  orderId: string;
  usd: string;
  expirationMinutes: number;
  redirectUrl: string;
}

export interface CryptoGateway {
  createInvoice(input: CreateInvoiceInput): Promise<GatewayInvoice>;
  getInvoice(invoiceId: string): Promise<GatewayInvoice>;
  paymentMethod(invoiceId: string): Promise<GatewayPaymentMethod>;
  /** True when the header carries the HMAC of exactly these bytes. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): boolean;
  /** The store whose webhooks are ours. */
  storeId: string;
  /** Confirmations the gateway waits for before it settles an invoice. */
  requiredConfirmations: number;
}

export interface GreenfieldSettings {
  /** e.g. https://btcpay.example.com */
  baseUrl: string;
  apiKey: string;
  storeId: string;
  webhookSecret: string;
  requiredConfirmations?: number;
  fetch?: typeof fetch;
}

export const BTCPAY_SIGNATURE_HEADER = 'btcpay-sig';
export const GATEWAY_WEBHOOK_PATH = '/api/providers/crypto-gateway/webhook';

/** BTC on-chain in every spelling Greenfield has used: 2.x `BTC-CHAIN`, 1.x `BTC`/`BTC-OnChain`. */
export function isBtcOnChain(paymentMethodId: string): boolean {
  return /^BTC(?:[-_](?:CHAIN|OnChain))?$/i.test(paymentMethodId.trim());
}

export function signGatewayBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function verifyHmacHeader(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signGatewayBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

function parsed<S extends v.GenericSchema>(schema: S, value: unknown, what: string) {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue ? v.getDotPath(issue) : null;
    throw new GatewayError(`the gateway's ${what} is not Greenfield's shape (${path ?? 'body'})`);
  }
  return result.output as v.InferOutput<S>;
}

/** The BTC on-chain method out of a payment-methods answer of a 1.x or 2.x server. */
export function btcPaymentMethod(invoiceId: string, answer: unknown): GatewayPaymentMethod {
  const methods = parsed(v.array(PaymentMethodSchema), answer, 'payment methods');
  for (const method of methods) {
    const id = method.paymentMethodId ?? method.paymentMethod;
    if (id === undefined || !isBtcOnChain(id)) continue;
    return {
      paymentMethodId: id,
      destination: method.destination,
      paymentLink: method.paymentLink ?? `bitcoin:${method.destination}?amount=${method.amount}`,
      amount: method.amount,
      totalPaid: method.totalPaid,
      due: method.due,
      payments: method.payments.map((payment) => ({
        id: payment.id,
        receivedDate: payment.receivedDate,
        value: payment.value,
        status: payment.status,
      })),
    };
  }
  throw new GatewayError(`invoice ${invoiceId} has no BTC on-chain payment method`);
}

export function parseInvoice(answer: unknown): GatewayInvoice {
  return parsed(InvoiceSchema, answer, 'invoice');
}

/** A webhook body, already known to be signed by the gateway; null when it is not one. */
export function parseGatewayWebhook(rawBody: Buffer): GatewayWebhookEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const result = v.safeParse(WebhookSchema, body);
  return result.success ? result.output : null;
}

/**
 * Confirmations the order shows: Greenfield gives no count, only each payment's status, so an
 * invoice whose every payment is settled has the confirmations the store requires, else none.
 */
export function confirmationsOf(method: GatewayPaymentMethod, required: number): number {
  const counted = method.payments.filter((payment) => payment.status !== 'Invalid');
  return counted.length > 0 && counted.every((payment) => payment.status === 'Settled')
    ? required
    : 0;
}

/** The adapter production runs; the simulator speaks the same protocol. */
export function createGreenfieldGateway(settings: GreenfieldSettings): CryptoGateway {
  const doFetch = settings.fetch ?? fetch;
  // Store-scoped paths: every server from 1.x to 2.4 answers them (2.4 also has storeless ones).
  const base = `${settings.baseUrl.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(settings.storeId)}`;

  async function request(path: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: {
          authorization: `token ${settings.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...requestIdHeader(),
        },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new GatewayError(`gateway unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new GatewayError(`gateway answered ${response.status} for ${path}`, response.status);
    }
    try {
      return await response.json();
    } catch {
      throw new GatewayError(`gateway answered no JSON for ${path}`);
    }
  }

  return {
    storeId: settings.storeId,
    requiredConfirmations: settings.requiredConfirmations ?? 1,
    async createInvoice(input) {
      return parseInvoice(
        await request('/invoices', {
          method: 'POST',
          body: JSON.stringify({
            amount: input.usd,
            currency: 'USD',
            metadata: { orderId: input.orderId },
            checkout: {
              expirationMinutes: input.expirationMinutes,
              redirectURL: input.redirectUrl,
              // 1.x's name for on-chain BTC; 2.x reads it as BTC-CHAIN.
              paymentMethods: ['BTC'],
            },
          }),
        }),
      );
    },
    async getInvoice(invoiceId) {
      return parseInvoice(await request(`/invoices/${encodeURIComponent(invoiceId)}`));
    },
    async paymentMethod(invoiceId) {
      return btcPaymentMethod(
        invoiceId,
        await request(`/invoices/${encodeURIComponent(invoiceId)}/payment-methods`),
      );
    },
    verifyWebhook(rawBody, header) {
      return verifyHmacHeader(settings.webhookSecret, rawBody, header);
    },
  };
}

/** BTC decimal string → satoshi. */
export function btcToSats(amount: string): bigint {
  const match = /^(\d+)(?:\.(\d{0,8}))?$/.exec(amount.trim());
  if (!match) throw new GatewayError(`not a BTC amount: ${amount}`);
  return BigInt(match[1] ?? '0') * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
}

export function satsToBtc(sats: bigint): string {
  const whole = sats / 100_000_000n;
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}
