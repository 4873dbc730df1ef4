import { createHmac, timingSafeEqual } from 'node:crypto';
import { requestIdHeader } from '../logger.ts';

/**
 * A crypto payment gateway modelled on BTCPay Server's Greenfield API (v1): invoices priced in
 * USD, paid in BTC at a rate the gateway locks for the invoice's lifetime, and webhooks signed
 * with `BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body>`. The bff trusts a webhook only as
 * a hint: it reads the invoice back from the gateway before it changes an order.
 */

/** Greenfield's invoice statuses and the additional status that explains exceptions. */
export type InvoiceStatus = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
export type InvoiceAdditionalStatus =
  'None' | 'PaidPartial' | 'PaidOver' | 'PaidLate' | 'Marked' | 'Invalid';

export interface GatewayInvoice {
  id: string;
  status: InvoiceStatus;
  additionalStatus: InvoiceAdditionalStatus;
  /** USD, as a decimal string. */
  amount: string;
  currency: string;
  checkoutLink: string;
  /** Unix seconds. */
  expirationTime: number;
  metadata: { orderId?: string };
}

/** The BTC payment method of an invoice (GET …/invoices/{id}/payment-methods). */
export interface GatewayPaymentMethod {
  paymentMethod: string;
  destination: string;
  /** BIP21 URI with the amount. */
  paymentLink: string;
  /** BTC due in total, decimal string. */
  amount: string;
  /** BTC received so far. */
  totalPaid: string;
  /** Confirmations of the least-confirmed payment (0 when none). */
  confirmations?: number;
}

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

/** The adapter production runs; the simulator speaks the same protocol. */
export function createGreenfieldGateway(settings: GreenfieldSettings): CryptoGateway {
  const doFetch = settings.fetch ?? fetch;
  const base = `${settings.baseUrl.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(settings.storeId)}`;

  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
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
    return (await response.json()) as T;
  }

  return {
    requiredConfirmations: settings.requiredConfirmations ?? 1,
    createInvoice(input) {
      return request<GatewayInvoice>('/invoices', {
        method: 'POST',
        body: JSON.stringify({
          amount: input.usd,
          currency: 'USD',
          metadata: { orderId: input.orderId },
          checkout: {
            expirationMinutes: input.expirationMinutes,
            redirectURL: input.redirectUrl,
            paymentMethods: ['BTC'],
          },
        }),
      });
    },
    getInvoice(invoiceId) {
      return request<GatewayInvoice>(`/invoices/${encodeURIComponent(invoiceId)}`);
    },
    async paymentMethod(invoiceId) {
      const methods = await request<GatewayPaymentMethod[]>(
        `/invoices/${encodeURIComponent(invoiceId)}/payment-methods`,
      );
      const btc = methods.find((method) => /^BTC(-CHAIN)?$/.test(method.paymentMethod));
      if (!btc) throw new GatewayError(`invoice ${invoiceId} has no BTC payment method`);
      return btc;
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
