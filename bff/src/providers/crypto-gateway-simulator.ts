import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';
import {
  btcToSats,
  satsToBtc,
  signGatewayBody,
  type InvoiceAdditionalStatus,
  type InvoiceStatus,
  type PaymentStatus,
} from './crypto-gateway.ts';

/**
 * A local stand-in for a BTCPay Server 2.x store, answering as the published Greenfield document
 * says (docs/decisions/026; its fixtures in `greenfield-fixtures/` check that it does): create and
 * read invoices on store-scoped and storeless paths, the invoice's payment methods with their
 * payments, and webhooks with Greenfield's bodies signed `BTCPay-Sig`, retried on 5xx, 408, 429
 * or no answer, as BTCPay does. Its checkout page has "pay", "underpay", "overpay" and "expire"
 * buttons in place of a real wallet. A separate HTTP server, so the bff talks to it over the
 * network exactly as it would to the real gateway.
 */

export interface GatewaySimulatorOptions {
  apiKey: string;
  storeId: string;
  webhookSecret: string;
  /** Where webhooks go (the bff's GATEWAY_WEBHOOK_PATH). */
  webhookUrl: string;
  /** USD per BTC. */
  usdPerBtc?: number;
  port?: number;
  /** Delays between webhook attempts (ms); BTCPay retries after 10 s, 1 min and 10 min. */
  retryDelaysMs?: number[];
  /** Payments confirm as soon as they are made (default), or only on `confirm`. */
  settleOnPayment?: boolean;
  logger?: Logger;
}

export interface GatewaySimulator {
  url: string;
  /** What a test's "wallet" does on the checkout page. */
  act(invoiceId: string, action: CheckoutAction): Promise<void>;
  /** Sends the last webhook of an invoice again, as BTCPay's "redeliver" does. */
  redeliver(invoiceId: string): Promise<void>;
  /** Moves an invoice's received payments from Processing to Settled (confirmations arrived). */
  confirm(invoiceId: string): Promise<void>;
  /** Points the webhooks elsewhere (a test app whose port is known only after the simulator's). */
  setWebhookUrl(url: string): void;
  /** While down, every request is answered 503, as a gateway in an outage would. */
  setDown(down: boolean): void;
  /** Webhook deliveries made, for tests. */
  deliveries: { invoiceId: string; type: string; status: number | null; body: string }[];
  close(): Promise<void>;
}

export const CHECKOUT_ACTIONS = ['pay', 'underpay', 'overpay', 'expire'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

interface SimPayment {
  id: string;
  receivedDate: number;
  sats: bigint;
  status: PaymentStatus;
}

interface SimInvoice {
  id: string;
  status: InvoiceStatus;
  additionalStatus: InvoiceAdditionalStatus;
  amount: string;
  currency: string;
  createdTime: number;
  expirationTime: number;
  monitoringMinutes: number;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  dueSats: bigint;
  paidSats: bigint;
  payments: SimPayment[];
  destination: string;
  redirectURL: string;
  /** The body of the last webhook, for redelivery. */
  lastEvent: Record<string, unknown> | null;
}

function txid(): string {
  return randomBytes(32).toString('hex');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function regtestAddress(): string {
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  return `bcrt1q${Array.from(randomBytes(38), (byte) => alphabet[byte % 32]).join('')}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startGatewaySimulator(
  options: GatewaySimulatorOptions,
): Promise<GatewaySimulator> {
  const usdPerBtc = options.usdPerBtc ?? 60_000;
  const delays = options.retryDelaysMs ?? [1_000, 3_000, 10_000, 30_000];
  const invoices = new Map<string, SimInvoice>();
  const deliveries: GatewaySimulator['deliveries'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const webhookId = randomBytes(11).toString('base64url');
  let baseUrl = '';
  let webhookUrl = options.webhookUrl;
  let down = false;

  const seconds = () => Math.floor(Date.now() / 1000);

  /** InvoiceData, with every property the document lists. */
  function publicInvoice(invoice: SimInvoice) {
    return {
      id: invoice.id,
      storeId: options.storeId,
      amount: invoice.amount,
      paidAmount: ((Number(invoice.paidSats) * usdPerBtc) / 1e8).toFixed(2),
      currency: invoice.currency,
      type: 'Standard',
      checkoutLink: `${baseUrl}/i/${invoice.id}`,
      createdTime: invoice.createdTime,
      expirationTime: invoice.expirationTime,
      monitoringExpiration: invoice.expirationTime + invoice.monitoringMinutes * 60,
      status: invoice.status,
      additionalStatus: invoice.additionalStatus,
      availableStatusesForManualMarking:
        invoice.status === 'Settled' ? ['Invalid'] : ['Settled', 'Invalid'],
      archived: false,
      metadata: invoice.metadata,
      checkout: invoice.checkout,
      receipt: { enabled: null, showQR: null, showPayments: null },
    };
  }

  function publicPayment(payment: SimPayment, destination: string) {
    return {
      id: payment.id,
      receivedDate: payment.receivedDate,
      value: satsToBtc(payment.sats),
      fee: '0.00000000',
      status: payment.status,
      destination,
    };
  }

  /** InvoicePaymentMethodDataModel of a 2.x server: the on-chain BTC method only. */
  function paymentMethods(invoice: SimInvoice) {
    const amount = satsToBtc(invoice.dueSats);
    const due = invoice.dueSats - invoice.paidSats;
    const paid = satsToBtc(invoice.paidSats);
    return [
      {
        paymentMethodId: 'BTC-CHAIN',
        currency: 'BTC',
        destination: invoice.destination,
        paymentLink: `bitcoin:${invoice.destination}?amount=${satsToBtc(due > 0n ? due : 0n)}`,
        rate: usdPerBtc.toFixed(2),
        paymentMethodPaid: paid,
        totalPaid: paid,
        due: due < 0n ? `-${satsToBtc(-due)}` : satsToBtc(due),
        amount,
        paymentMethodFee: '0.00000000',
        payments: invoice.payments
          .filter((payment) => payment.status !== 'Invalid')
          .map((payment) => publicPayment(payment, invoice.destination)),
        activated: true,
        additionalData: { keyPath: '0/0', payjoinEnabled: false, accountDerivation: null },
      },
    ];
  }

  /** A webhook body as WebhookInvoiceEvent and its kinds describe it. */
  function event(invoice: SimInvoice, type: string, extra: Record<string, unknown>) {
    return {
      deliveryId: randomBytes(11).toString('base64url'),
      webhookId,
      originalDeliveryId: null,
      isRedelivery: false,
      type,
      timestamp: seconds(),
      storeId: options.storeId,
      invoiceId: invoice.id,
      metadata: invoice.metadata,
      ...extra,
    };
  }

  async function send(invoiceId: string, payload: Record<string, unknown>, attempt: number) {
    // Indented, as BTCPay serialises its webhooks.
    const body = JSON.stringify(payload, null, 2);
    // null: the receiver could not be reached at all.
    let status: number | null;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'btcpay-sig': signGatewayBody(options.webhookSecret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
    } catch {
      status = null;
    }
    deliveries.push({ invoiceId, type: String(payload.type), status, body });
    // BTCPay retries server errors, timeouts, rate limits and silence; a 4xx is final.
    const retry = status === null || status >= 500 || status === 408 || status === 429;
    const delay = delays[attempt];
    if (!retry) return;
    if (delay === undefined) {
      options.logger?.warn('gateway simulator gave up a webhook', { invoice: invoiceId });
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void send(invoiceId, redelivery(payload), attempt + 1);
    }, delay);
    timers.add(timer);
  }

  /** A redelivery: a new delivery id, the original's id and timestamp, flagged. */
  function redelivery(payload: Record<string, unknown>): Record<string, unknown> {
    return {
      ...payload,
      deliveryId: randomBytes(11).toString('base64url'),
      originalDeliveryId: payload.originalDeliveryId ?? payload.deliveryId,
      isRedelivery: true,
    };
  }

  async function deliver(invoice: SimInvoice, type: string, extra: Record<string, unknown> = {}) {
    const payload = event(invoice, type, extra);
    invoice.lastEvent = payload;
    await send(invoice.id, payload, 0);
  }

  function receivedPayment(invoice: SimInvoice, payment: SimPayment, afterExpiration: boolean) {
    return {
      afterExpiration,
      paymentMethodId: 'BTC-CHAIN',
      payment: publicPayment(payment, invoice.destination),
    };
  }

  async function act(invoiceId: string, action: CheckoutAction) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const expired = invoice.status === 'Expired' || invoice.expirationTime * 1000 <= Date.now();
    if (action === 'expire') {
      invoice.status = 'Expired';
      if (invoice.paidSats > 0n) invoice.additionalStatus = 'PaidPartial';
      await deliver(invoice, 'InvoiceExpired', { partiallyPaid: invoice.paidSats > 0n });
      return;
    }
    const part =
      action === 'underpay'
        ? invoice.dueSats / 2n
        : action === 'overpay'
          ? (invoice.dueSats * 6n) / 5n
          : invoice.dueSats - invoice.paidSats;
    if (part <= 0n) return;
    // A payment seen in the mempool: Processing until confirmations arrive (see `confirm`).
    const payment: SimPayment = {
      id: `${txid()}-0`,
      receivedDate: seconds(),
      sats: part,
      status: 'Processing',
    };
    invoice.payments.push(payment);
    invoice.paidSats += part;
    await deliver(invoice, 'InvoiceReceivedPayment', receivedPayment(invoice, payment, expired));
    if (expired) {
      invoice.status = 'Expired';
      invoice.additionalStatus = 'PaidLate';
      return;
    }
    if (invoice.paidSats < invoice.dueSats) {
      invoice.additionalStatus = 'PaidPartial';
      return;
    }
    const overPaid = invoice.paidSats > invoice.dueSats;
    invoice.status = 'Processing';
    invoice.additionalStatus = overPaid ? 'PaidOver' : 'None';
    await deliver(invoice, 'InvoiceProcessing', { overPaid });
    if (options.settleOnPayment ?? true) await confirm(invoice.id);
  }

  /** Confirmations arrive: each payment settles; a fully paid invoice (in time) settles too. */
  async function confirm(invoiceId: string) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    for (const payment of invoice.payments) {
      if (payment.status !== 'Processing') continue;
      payment.status = 'Settled';
      await deliver(
        invoice,
        'InvoicePaymentSettled',
        receivedPayment(invoice, payment, invoice.additionalStatus === 'PaidLate'),
      );
    }
    if (invoice.status === 'Processing') {
      invoice.status = 'Settled';
      await deliver(invoice, 'InvoiceSettled', {
        manuallyMarked: false,
        overPaid: invoice.additionalStatus === 'PaidOver',
      });
    }
  }

  function checkoutPage(invoice: SimInvoice): string {
    const [method] = paymentMethods(invoice);
    const buttons = CHECKOUT_ACTIONS.map(
      (action) =>
        `<form method="post" action="/i/${invoice.id}/${action}"><button type="submit">${action}</button></form>`,
    ).join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gateway simulator checkout</title>
<style>body{font-family:system-ui;max-width:36rem;margin:2rem auto}form{display:inline-block;margin:.25rem}</style></head>
<body><h1>BTC checkout (simulator)</h1>
<p>Invoice <code>${escapeHtml(invoice.id)}</code>: ${escapeHtml(invoice.amount)} USD = <strong>${escapeHtml(method?.amount ?? '')} BTC</strong></p>
<p>Address <code>${escapeHtml(invoice.destination)}</code></p>
<p>Status: <strong id="status">${escapeHtml(invoice.status)}</strong> (${escapeHtml(invoice.additionalStatus)}), paid ${escapeHtml(method?.totalPaid ?? '')} BTC</p>
<p>${buttons}</p>
<p><a href="${escapeHtml(invoice.redirectURL)}">Back to BRND</a></p></body></html>`;
  }

  function createInvoice(input: {
    amount?: unknown;
    currency?: unknown;
    metadata?: Record<string, unknown>;
    checkout?: { expirationMinutes?: number; monitoringMinutes?: number; redirectURL?: string };
  }): SimInvoice | string {
    if (typeof input.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(input.amount)) {
      return 'amount';
    }
    const usdCents = BigInt(Math.round(Number(input.amount) * 100));
    const rateCents = BigInt(Math.round(usdPerBtc * 100));
    const id = randomBytes(11).toString('base64url');
    const checkout = input.checkout ?? {};
    return {
      id,
      status: 'New',
      additionalStatus: 'None',
      amount: input.amount,
      currency: typeof input.currency === 'string' ? input.currency : 'USD',
      createdTime: seconds(),
      expirationTime: seconds() + (checkout.expirationMinutes ?? 15) * 60,
      monitoringMinutes: checkout.monitoringMinutes ?? 1440,
      metadata: input.metadata ?? {},
      checkout: {
        speedPolicy: 'MediumSpeed',
        paymentMethods: ['BTC-CHAIN'],
        defaultPaymentMethod: 'BTC-CHAIN',
        lazyPaymentMethods: false,
        expirationMinutes: checkout.expirationMinutes ?? 15,
        monitoringMinutes: checkout.monitoringMinutes ?? 1440,
        paymentTolerance: 0,
        redirectURL: checkout.redirectURL ?? null,
        redirectAutomatically: false,
        defaultLanguage: null,
      },
      dueSats: (usdCents * 100_000_000n + rateCents - 1n) / rateCents,
      paidSats: 0n,
      payments: [],
      destination: regtestAddress(),
      redirectURL: checkout.redirectURL ?? baseUrl,
      lastEvent: null,
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (down)
      return json(res, 503, { code: 'service-unavailable', message: 'Service unavailable' });
    const url = new URL(req.url ?? '/', 'http://simulator');
    // 2.4 serves both the store-scoped paths (all versions) and storeless ones.
    const api =
      /^\/api\/v1\/(?:stores\/([^/]+)\/)?invoices(?:\/([^/]+))?(\/payment-methods)?$/.exec(
        url.pathname,
      );
    if (api) {
      if (req.headers.authorization !== `token ${options.apiKey}`) {
        return json(res, 401, {
          code: 'unauthenticated',
          message: 'Authentication is required for accessing this endpoint',
        });
      }
      if (api[1] !== undefined && api[1] !== options.storeId) {
        return json(res, 403, { code: 'unauthorized', message: 'Unauthorized' });
      }
      if (!api[2] && req.method === 'POST' && api[1]) {
        const created = createInvoice(JSON.parse(await readBody(req)) as object);
        if (typeof created === 'string') {
          return json(res, 422, [{ path: created, message: `The ${created} is invalid` }]);
        }
        invoices.set(created.id, created);
        void deliver(created, 'InvoiceCreated');
        return json(res, 200, publicInvoice(created));
      }
      const invoice = api[2] ? invoices.get(api[2]) : undefined;
      if (!invoice || req.method !== 'GET') {
        return json(res, 404, {
          code: 'invoice-not-found',
          message: 'The invoice was not found',
        });
      }
      if (invoice.status === 'New' && invoice.expirationTime * 1000 <= Date.now()) {
        invoice.status = 'Expired';
        if (invoice.paidSats > 0n) invoice.additionalStatus = 'PaidPartial';
      }
      return json(res, 200, api[3] ? paymentMethods(invoice) : publicInvoice(invoice));
    }
    const page = /^\/i\/([^/]+)(?:\/(pay|underpay|overpay|expire))?$/.exec(url.pathname);
    const invoice = page?.[1] ? invoices.get(page[1]) : undefined;
    if (page && invoice) {
      if (req.method === 'POST' && page[2]) {
        await act(invoice.id, page[2] as CheckoutAction);
        res.writeHead(303, { location: `/i/${invoice.id}` });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(checkoutPage(invoice));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger?.error('gateway simulator failed', { err: error });
      if (!res.headersSent) json(res, 500, { message: 'simulator error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    act,
    confirm,
    async redeliver(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice?.lastEvent) throw new Error(`nothing to redeliver for ${invoiceId}`);
      await send(invoice.id, redelivery(invoice.lastEvent), delays.length);
    },
    deliveries,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setDown(next) {
      down = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { btcToSats };
