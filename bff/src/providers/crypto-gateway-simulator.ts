import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';
import {
  btcToSats,
  satsToBtc,
  signGatewayBody,
  type GatewayInvoice,
  type GatewayPaymentMethod,
} from './crypto-gateway.ts';

/**
 * A local stand-in for a BTCPay Server store, speaking the Greenfield subset the adapter uses:
 * create and read invoices, read the BTC payment method, and signed webhooks (retried until the
 * receiver answers 2xx). Its checkout page has "pay", "underpay", "overpay" and "expire" buttons
 * in place of a real wallet. A separate HTTP server, so the bff talks to it over the network
 * exactly as it would to the real gateway.
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
  logger?: Logger;
}

export interface GatewaySimulator {
  url: string;
  /** What a test's "wallet" does on the checkout page. */
  act(invoiceId: string, action: CheckoutAction): Promise<void>;
  /** Sends the last webhook of an invoice again (a redelivery). */
  redeliver(invoiceId: string): Promise<void>;
  /** Points the webhooks elsewhere (a test app whose port is known only after the simulator's). */
  setWebhookUrl(url: string): void;
  /** Webhook deliveries made, for tests. */
  deliveries: { invoiceId: string; type: string; status: number | null }[];
  close(): Promise<void>;
}

export const CHECKOUT_ACTIONS = ['pay', 'underpay', 'overpay', 'expire'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

interface SimInvoice extends GatewayInvoice {
  dueSats: bigint;
  paidSats: bigint;
  destination: string;
  redirectURL: string;
  lastEvent: string | null;
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
  let baseUrl = '';
  let webhookUrl = options.webhookUrl;

  function publicInvoice(invoice: SimInvoice): GatewayInvoice {
    return {
      id: invoice.id,
      status: invoice.status,
      additionalStatus: invoice.additionalStatus,
      amount: invoice.amount,
      currency: invoice.currency,
      checkoutLink: invoice.checkoutLink,
      expirationTime: invoice.expirationTime,
      metadata: invoice.metadata,
    };
  }

  function paymentMethod(invoice: SimInvoice): GatewayPaymentMethod {
    const amount = satsToBtc(invoice.dueSats);
    return {
      paymentMethod: 'BTC',
      destination: invoice.destination,
      paymentLink: `bitcoin:${invoice.destination}?amount=${amount}`,
      amount,
      totalPaid: satsToBtc(invoice.paidSats),
      confirmations: invoice.paidSats > 0n ? 1 : 0,
    };
  }

  async function deliver(invoice: SimInvoice, type: string, attempt = 0): Promise<void> {
    const body = JSON.stringify({
      deliveryId: randomBytes(8).toString('hex'),
      webhookId: 'brnd-sim',
      originalDeliveryId: null,
      isRedelivery: attempt > 0,
      type,
      timestamp: Math.floor(Date.now() / 1000),
      storeId: options.storeId,
      invoiceId: invoice.id,
      metadata: invoice.metadata,
    });
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
    deliveries.push({ invoiceId: invoice.id, type, status });
    if (status !== null && status >= 200 && status < 300) return;
    const delay = delays[attempt];
    if (delay === undefined) {
      options.logger?.warn('gateway simulator gave up a webhook', { invoice: invoice.id, type });
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliver(invoice, type, attempt + 1);
    }, delay);
    timers.add(timer);
  }

  async function act(invoiceId: string, action: CheckoutAction) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const expired = invoice.status === 'Expired' || invoice.expirationTime * 1000 <= Date.now();
    let type: string;
    if (action === 'expire') {
      invoice.status = 'Expired';
      if (invoice.paidSats > 0n) invoice.additionalStatus = 'PaidPartial';
      type = 'InvoiceExpired';
    } else {
      const part =
        action === 'underpay'
          ? invoice.dueSats / 2n
          : action === 'overpay'
            ? (invoice.dueSats * 6n) / 5n
            : invoice.dueSats - invoice.paidSats;
      invoice.paidSats += part > 0n ? part : 0n;
      if (expired) {
        invoice.status = 'Expired';
        invoice.additionalStatus = 'PaidLate';
        type = 'InvoiceReceivedPayment';
      } else if (invoice.paidSats < invoice.dueSats) {
        invoice.additionalStatus = 'PaidPartial';
        type = 'InvoiceReceivedPayment';
      } else {
        invoice.status = 'Settled';
        invoice.additionalStatus = invoice.paidSats > invoice.dueSats ? 'PaidOver' : 'None';
        type = 'InvoiceSettled';
      }
    }
    invoice.lastEvent = type;
    await deliver(invoice, type);
  }

  function checkoutPage(invoice: SimInvoice): string {
    const method = paymentMethod(invoice);
    const buttons = ['pay', 'underpay', 'overpay', 'expire']
      .map(
        (action) =>
          `<form method="post" action="/i/${invoice.id}/${action}"><button type="submit">${action}</button></form>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gateway simulator checkout</title>
<style>body{font-family:system-ui;max-width:36rem;margin:2rem auto}form{display:inline-block;margin:.25rem}</style></head>
<body><h1>BTC checkout (simulator)</h1>
<p>Invoice <code>${escapeHtml(invoice.id)}</code>: ${escapeHtml(invoice.amount)} USD = <strong>${escapeHtml(method.amount)} BTC</strong></p>
<p>Address <code>${escapeHtml(invoice.destination)}</code></p>
<p>Status: <strong id="status">${escapeHtml(invoice.status)}</strong> (${escapeHtml(invoice.additionalStatus)}), paid ${escapeHtml(method.totalPaid)} BTC</p>
<p>${buttons}</p>
<p><a href="${escapeHtml(invoice.redirectURL)}">Back to BRND</a></p></body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const api = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?(\/payment-methods)?$/.exec(
      url.pathname,
    );
    if (api) {
      if (req.headers.authorization !== `token ${options.apiKey}` || api[1] !== options.storeId) {
        return json(res, 401, { code: 'unauthenticated', message: 'Authentication is required' });
      }
      if (!api[2] && req.method === 'POST') {
        const input = JSON.parse(await readBody(req)) as {
          amount: string;
          currency: string;
          metadata?: { orderId?: string };
          checkout?: { expirationMinutes?: number; redirectURL?: string };
        };
        const usdCents = BigInt(Math.round(Number(input.amount) * 100));
        const id = randomBytes(11).toString('base64url');
        const dueSats =
          (usdCents * 100_000_000n + BigInt(usdPerBtc * 100) - 1n) / BigInt(usdPerBtc * 100);
        const invoice: SimInvoice = {
          id,
          status: 'New',
          additionalStatus: 'None',
          amount: input.amount,
          currency: input.currency,
          checkoutLink: `${baseUrl}/i/${id}`,
          expirationTime:
            Math.floor(Date.now() / 1000) + (input.checkout?.expirationMinutes ?? 15) * 60,
          metadata: input.metadata ?? {},
          dueSats,
          paidSats: 0n,
          destination: regtestAddress(),
          redirectURL: input.checkout?.redirectURL ?? baseUrl,
          lastEvent: null,
        };
        invoices.set(id, invoice);
        return json(res, 200, publicInvoice(invoice));
      }
      const invoice = api[2] ? invoices.get(api[2]) : undefined;
      if (!invoice) return json(res, 404, { code: 'invoice-not-found', message: 'Not found' });
      if (invoice.status === 'New' && invoice.expirationTime * 1000 <= Date.now()) {
        invoice.status = 'Expired';
      }
      return json(res, 200, api[3] ? [paymentMethod(invoice)] : publicInvoice(invoice));
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
    async redeliver(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice?.lastEvent) throw new Error(`nothing to redeliver for ${invoiceId}`);
      await deliver(invoice, invoice.lastEvent);
    },
    deliveries,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { btcToSats };
