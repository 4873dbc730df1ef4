import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import {
  confirmationsOf,
  createGreenfieldGateway,
  isBtcOnChain,
  parseGatewayWebhook,
  signGatewayBody,
  type CryptoGateway,
} from './crypto-gateway.ts';
import { startGatewaySimulator, type GatewaySimulator } from './crypto-gateway-simulator.ts';

/**
 * The adapter against answers written from BTCPay Server's published Greenfield document
 * (greenfield-fixtures/README.md), for 1.x and 2.x servers; then the simulator against the same
 * fixtures, so the simulator cannot drift into speaking the adapter's own assumptions.
 */

function fixture(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`./greenfield-fixtures/${name}`, import.meta.url), 'utf8'),
  );
}

const STORE = '9CiNzKoANXxmk5ayZngSXrHTiVvvgCrwrpFQd4m2K776';
const INVOICE = 'HMprBnL9BTXWuPvpoKBS6e';
const SECRET = 'webhook-secret';

interface Stub {
  url: string;
  requests: { method: string; path: string; authorization?: string; body: string }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString();
  return body;
}

/** A store answering only what the document lists, on the store-scoped paths. */
async function greenfieldStub(version: '1x' | '2x'): Promise<Stub> {
  const requests: Stub['requests'] = [];
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = request.url ?? '';
      requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body,
      });
      const send = (status: number, answer: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(answer));
      const invoices = `/api/v1/stores/${STORE}/invoices`;
      if (path === invoices && request.method === 'POST')
        return send(200, fixture(`invoice-${version}.json`));
      if (path === `${invoices}/${INVOICE}`) return send(200, fixture(`invoice-${version}.json`));
      if (path === `${invoices}/${INVOICE}/payment-methods`) {
        return send(200, fixture(`payment-methods-${version}.json`));
      }
      send(404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function gatewayAt(url: string): CryptoGateway {
  return createGreenfieldGateway({
    baseUrl: url,
    apiKey: 'key-1',
    storeId: STORE,
    webhookSecret: SECRET,
  });
}

test('a 2.x store: the adapter reads the invoice and the BTC-CHAIN method with its payments', async () => {
  stub = await greenfieldStub('2x');
  const gateway = gatewayAt(stub.url);
  const invoice = await gateway.getInvoice(INVOICE);
  expect(invoice).toMatchObject({
    id: INVOICE,
    status: 'New',
    additionalStatus: 'PaidPartial',
    amount: '5.00',
    currency: 'USD',
    expirationTime: 1592312918,
    metadata: { orderId: '6f1c2a9e-3b7d-4c1e-9a55-0d2b8e4f7a10' },
  });
  const method = await gateway.paymentMethod(INVOICE);
  // The Lightning method listed first is passed over.
  expect(method).toEqual({
    paymentMethodId: 'BTC-CHAIN',
    destination: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    paymentLink: 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00003765',
    amount: '0.00007765',
    totalPaid: '0.00004000',
    due: '0.00003765',
    payments: [
      {
        id: '7f4b0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c-0',
        receivedDate: 1592312318,
        value: '0.00004000',
        status: 'Processing',
      },
    ],
  });
  // A payment still Processing has not the confirmations the store waits for.
  expect(confirmationsOf(method, 2)).toBe(0);
  expect(stub.requests.map((request) => request.authorization)).toEqual([
    'token key-1',
    'token key-1',
  ]);
});

test('a 1.x store: the adapter reads `paymentMethod: "BTC"` as the on-chain method', async () => {
  stub = await greenfieldStub('1x');
  const gateway = gatewayAt(stub.url);
  expect(await gateway.getInvoice(INVOICE)).toMatchObject({
    status: 'Settled',
    additionalStatus: 'PaidOver',
  });
  const method = await gateway.paymentMethod(INVOICE);
  expect(method).toMatchObject({
    paymentMethodId: 'BTC',
    destination: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    amount: '0.00007765',
    totalPaid: '0.00008000',
    due: '-0.00000235',
  });
  expect(confirmationsOf(method, 2)).toBe(2);
});

test('the adapter creates an invoice with only fields CreateInvoiceRequest documents', async () => {
  stub = await greenfieldStub('2x');
  const invoice = await gatewayAt(stub.url).createInvoice({
    orderId: 'order-1',
    usd: '5.00',
    expirationMinutes: 15,
    redirectUrl: 'https://brnd.example/user/buytoken/order-1',
  });
  expect(invoice.checkoutLink).toBe('https://btcpay.example/i/HMprBnL9BTXWuPvpoKBS6e');
  const [sent] = stub.requests;
  expect(sent).toMatchObject({ method: 'POST', path: `/api/v1/stores/${STORE}/invoices` });
  expect(JSON.parse(sent?.body ?? '')).toEqual({
    amount: '5.00',
    currency: 'USD',
    metadata: { orderId: 'order-1' },
    checkout: {
      expirationMinutes: 15,
      redirectURL: 'https://brnd.example/user/buytoken/order-1',
      paymentMethods: ['BTC'],
    },
  });
});

test('an answer that is not Greenfield, or an invoice without on-chain BTC, is a clear gateway error', async () => {
  const server = createServer((request, response) => {
    const answer = request.url?.endsWith('/payment-methods')
      ? [{ ...(fixture('payment-methods-2x.json') as object[])[0] }]
      : { id: INVOICE, status: 'Complete' };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = gatewayAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    await expect(gateway.getInvoice(INVOICE)).rejects.toThrow(/not Greenfield's shape/);
    await expect(gateway.paymentMethod(INVOICE)).rejects.toThrow(/no BTC on-chain payment method/);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('every documented spelling of on-chain BTC is accepted, Lightning is not', () => {
  for (const id of ['BTC-CHAIN', 'BTC', 'BTC-OnChain', 'BTC_OnChain'])
    expect(isBtcOnChain(id)).toBe(true);
  for (const id of ['BTC-LN', 'BTC-LNURL', 'BTC-LightningNetwork', 'LTC-CHAIN']) {
    expect(isBtcOnChain(id)).toBe(false);
  }
});

const WEBHOOKS = [
  'webhook-created.json',
  'webhook-received-payment-2x.json',
  'webhook-received-payment-1x.json',
  'webhook-payment-settled.json',
  'webhook-processing.json',
  'webhook-settled.json',
  'webhook-settled-redelivery.json',
  'webhook-expired.json',
  'webhook-invalid.json',
];

test('every documented webhook body is read, signed as BTCPay-Sig documents', () => {
  const gateway = gatewayAt('http://127.0.0.1:1');
  for (const name of WEBHOOKS) {
    const raw = Buffer.from(JSON.stringify(fixture(name), null, 2));
    expect(gateway.verifyWebhook(raw, signGatewayBody(SECRET, raw))).toBe(true);
    expect(gateway.verifyWebhook(raw, signGatewayBody('other', raw))).toBe(false);
    expect(parseGatewayWebhook(raw)).toMatchObject({ invoiceId: INVOICE, storeId: STORE });
  }
  const redelivery = parseGatewayWebhook(
    Buffer.from(JSON.stringify(fixture('webhook-settled-redelivery.json'))),
  );
  expect(redelivery).toMatchObject({
    type: 'InvoiceSettled',
    isRedelivery: true,
    originalDeliveryId: 'KvCdkAtyDkXfJdrH3TdzRX',
    overPaid: true,
    manuallyMarked: false,
  });
  expect(parseGatewayWebhook(Buffer.from('{"invoiceId": 1}'))).toBeNull();
  expect(parseGatewayWebhook(Buffer.from('not json'))).toBeNull();
});

/** A value's shape: its keys (recursively) and JSON types, the values themselves aside. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value === null) return 'null';
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shape(item)]),
    );
  }
  return typeof value;
}

let sim: GatewaySimulator;
let received: { body: string; signature: string | undefined }[] = [];
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ body, signature: request.headers['btcpay-sig'] as string | undefined });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sim = await startGatewaySimulator({
    apiKey: 'key-1',
    storeId: STORE,
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    usdPerBtc: 64_392.23,
    settleOnPayment: false,
  });
});

afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function simGet(path: string): Promise<unknown> {
  const response = await fetch(`${sim.url}${path}`, { headers: { authorization: 'token key-1' } });
  expect(response.status).toBe(200);
  return response.json();
}

test('the simulator answers invoices and payment methods in the shapes of the 2.x fixtures', async () => {
  received = [];
  const gateway = gatewayAt(sim.url);
  const created = await gateway.createInvoice({
    orderId: '6f1c2a9e-3b7d-4c1e-9a55-0d2b8e4f7a10',
    usd: '5.00',
    expirationMinutes: 15,
    redirectUrl: 'https://brnd.example/user/buytoken/x',
  });
  await sim.act(created.id, 'underpay');
  const invoice = await simGet(`/api/v1/stores/${STORE}/invoices/${created.id}`);
  expect(shape(invoice)).toEqual(shape(fixture('invoice-2x.json')));
  // 2.4 also answers the storeless path the current document lists.
  expect(await simGet(`/api/v1/invoices/${created.id}`)).toEqual(invoice);
  const methods = await simGet(`/api/v1/stores/${STORE}/invoices/${created.id}/payment-methods`);
  const documented = fixture('payment-methods-2x.json') as unknown[];
  expect(shape(methods)).toEqual([shape(documented[1])]);
  expect(await gateway.paymentMethod(created.id)).toMatchObject({
    paymentMethodId: 'BTC-CHAIN',
    amount: '0.00007765',
    totalPaid: '0.00003882',
    due: '0.00003883',
  });
});

test("the simulator's webhooks have the documented bodies, signed, and a redelivery keeps the first timestamp", async () => {
  received = [];
  const gateway = gatewayAt(sim.url);
  const created = await gateway.createInvoice({
    orderId: '6f1c2a9e-3b7d-4c1e-9a55-0d2b8e4f7a10',
    usd: '5.00',
    expirationMinutes: 15,
    redirectUrl: 'https://brnd.example/user/buytoken/x',
  });
  await sim.act(created.id, 'overpay');
  await sim.confirm(created.id);
  await sim.redeliver(created.id);
  const expected: Record<string, string> = {
    InvoiceCreated: 'webhook-created.json',
    InvoiceReceivedPayment: 'webhook-received-payment-2x.json',
    InvoiceProcessing: 'webhook-processing.json',
    InvoicePaymentSettled: 'webhook-payment-settled.json',
    InvoiceSettled: 'webhook-settled.json',
  };
  await expect.poll(() => received.length).toBe(6);
  const bodies = received.map(({ body, signature }) => {
    expect(gateway.verifyWebhook(Buffer.from(body), signature)).toBe(true);
    return JSON.parse(body) as Record<string, unknown>;
  });
  // InvoiceCreated goes out while the invoice is answered, so it may arrive at any point.
  expect(bodies.map((body) => body.type).sort()).toEqual([
    'InvoiceCreated',
    'InvoicePaymentSettled',
    'InvoiceProcessing',
    'InvoiceReceivedPayment',
    'InvoiceSettled',
    'InvoiceSettled',
  ]);
  const [first, again] = bodies.filter((body) => body.type === 'InvoiceSettled');
  for (const body of [...bodies.filter((body) => body !== again)]) {
    const name = expected[String(body.type)] ?? '';
    expect(shape(body), name).toEqual(shape(fixture(name)));
  }
  expect(shape(again)).toEqual(shape(fixture('webhook-settled-redelivery.json')));
  expect(again).toMatchObject({
    isRedelivery: true,
    originalDeliveryId: first?.deliveryId,
    timestamp: first?.timestamp,
    overPaid: true,
  });
  expect(again?.deliveryId).not.toBe(first?.deliveryId);
});

test('the simulator refuses a wrong API key or another store as Greenfield does', async () => {
  const wrongKey = await fetch(`${sim.url}/api/v1/stores/${STORE}/invoices/x`, {
    headers: { authorization: 'token nope' },
  });
  expect(wrongKey.status).toBe(401);
  const otherStore = await fetch(`${sim.url}/api/v1/stores/other/invoices/x`, {
    headers: { authorization: 'token key-1' },
  });
  expect(otherStore.status).toBe(403);
  const unknown = await fetch(`${sim.url}/api/v1/stores/${STORE}/invoices/nope`, {
    headers: { authorization: 'token key-1' },
  });
  expect(unknown.status).toBe(404);
});
