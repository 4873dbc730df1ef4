import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CardProviderInitSchema,
  type CardProviderTransaction,
} from '@brnd/contracts/api/card-provider';
import * as v from 'valibot';
import type { Logger } from '../logger.ts';
import { signCardCallback } from './card-exchange.ts';

/**
 * A local stand-in for the card (PLN) cash-exchange provider: the browser's initialisation call
 * (CORS-open, like the real provider's public endpoint), the transaction read the bff makes,
 * a second-step page with "pay" and "fail" buttons in place of a card form, and the signed
 * callback to the bff, retried until it answers 2xx.
 */

export interface CardSimulatorOptions {
  apiKey: string;
  callbackSecret: string;
  /** The bff's CARD_CALLBACK_PATH. */
  callbackUrl: string;
  /** Where the browser goes after the second step (the app's origin). */
  appUrl: string;
  port?: number;
  retryDelaysMs?: number[];
  logger?: Logger;
}

export interface CardSimulator {
  url: string;
  /** What the buyer does on the second-step page. */
  act(cashTxHash: string, action: 'pay' | 'fail'): Promise<void>;
  /** Sends the last callback of a transaction again, signed now. */
  redeliver(cashTxHash: string): Promise<void>;
  deliveries: { cashTxHash: string; status: number | null }[];
  /** Points the callbacks and the browser's return at another app (known only after start). */
  setAppUrls(urls: { callbackUrl: string; appUrl: string }): void;
  /** While down, every request is answered 503, as a provider in an outage would. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

interface SimTransaction extends CardProviderTransaction {
  lastCallback: 'paid' | 'failed' | null;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

function json(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startCardSimulator(options: CardSimulatorOptions): Promise<CardSimulator> {
  const delays = options.retryDelaysMs ?? [1_000, 3_000, 10_000, 30_000];
  const transactions = new Map<string, SimTransaction>();
  const deliveries: CardSimulator['deliveries'] = [];
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = '';
  let { callbackUrl, appUrl } = options;
  let down = false;

  async function deliver(tx: SimTransaction, attempt = 0): Promise<void> {
    if (!tx.lastCallback) return;
    const body = JSON.stringify({
      cashTxHash: tx.cashTxHash,
      status: tx.lastCallback,
      quotedCurrencyAmount: tx.quotedCurrencyAmount,
      baseCurrencyAmount: tx.baseCurrencyAmount,
    });
    const signature = signCardCallback(options.callbackSecret, body, Math.floor(Date.now() / 1000));
    // null: the receiver could not be reached at all.
    let status: number | null;
    try {
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
    } catch {
      status = null;
    }
    deliveries.push({ cashTxHash: tx.cashTxHash, status });
    if (status !== null && status >= 200 && status < 300) return;
    const delay = delays[attempt];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliver(tx, attempt + 1);
    }, delay);
    timers.add(timer);
  }

  async function act(cashTxHash: string, action: 'pay' | 'fail') {
    const tx = transactions.get(cashTxHash);
    if (!tx) throw new Error(`no transaction ${cashTxHash}`);
    if (tx.status === 'pending') tx.status = action === 'pay' ? 'paid' : 'failed';
    tx.lastCallback = tx.status === 'paid' ? 'paid' : 'failed';
    await deliver(tx);
  }

  function secondStepPage(tx: SimTransaction): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card payment (simulator)</title>
<style>body{font-family:system-ui;max-width:36rem;margin:2rem auto}form{display:inline-block;margin:.25rem}</style></head>
<body><h1>Card payment (simulator)</h1>
<p>Charge <strong>${tx.quotedCurrencyAmount.toFixed(2)} PLN</strong> for ${tx.baseCurrencyAmount} BRND.</p>
<p>Status: <strong>${tx.status}</strong></p>
<form method="post" action="/second-step/${tx.cashTxHash}/pay"><button type="submit">pay</button></form>
<form method="post" action="/second-step/${tx.cashTxHash}/fail"><button type="submit">fail</button></form>
</body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (down) return json(res, 503, { message: 'Service unavailable' }, CORS);
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (url.pathname === '/v1/transactions/init') {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        return res.end();
      }
      let input: unknown;
      try {
        input = JSON.parse(await readBody(req));
      } catch {
        return json(res, 400, { message: 'Invalid JSON' }, CORS);
      }
      const parsed = v.safeParse(CardProviderInitSchema, input);
      if (!parsed.success) {
        return json(res, 400, { message: 'Your phone number was invalid' }, CORS);
      }
      const cashTxHash = randomBytes(32).toString('hex');
      const tx: SimTransaction = {
        cashTxHash,
        status: 'pending',
        quotedCurrency: 'PLN',
        quotedCurrencyAmount: Math.round(parsed.output.fiatValue * 100) / 100,
        baseCurrency: 'BRND',
        baseCurrencyAmount: parsed.output.cryptoValue,
        secondStepUrl: `${baseUrl}/second-step/${cashTxHash}`,
        createdAt: new Date().toISOString(),
        lastCallback: null,
      };
      transactions.set(cashTxHash, tx);
      return json(
        res,
        200,
        {
          cashTxHash,
          quotedCurrencyAmount: tx.quotedCurrencyAmount,
          baseCurrencyAmount: tx.baseCurrencyAmount,
          secondStepUrl: tx.secondStepUrl,
        },
        CORS,
      );
    }
    const read = /^\/v1\/transactions\/([0-9a-f]{64})$/.exec(url.pathname);
    if (read && req.method === 'GET') {
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return json(res, 401, { message: 'Unauthorized' });
      }
      const tx = transactions.get(read[1] ?? '');
      if (!tx) return json(res, 404, { message: 'Not found' });
      const { lastCallback: _last, ...record } = tx;
      return json(res, 200, record);
    }
    const step = /^\/second-step\/([0-9a-f]{64})(?:\/(pay|fail))?$/.exec(url.pathname);
    const tx = step?.[1] ? transactions.get(step[1]) : undefined;
    if (step && tx) {
      if (req.method === 'POST' && step[2]) {
        await act(tx.cashTxHash, step[2] as 'pay' | 'fail');
        const back =
          tx.status === 'paid'
            ? `${appUrl}/buysuccess?tokens=${Math.floor(tx.baseCurrencyAmount)}`
            : `${appUrl}/buysuccess?status=failed`;
        res.writeHead(303, { location: back });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(secondStepPage(tx));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger?.error('card simulator failed', { err: error });
      if (!res.headersSent) json(res, 500, { message: 'simulator error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    act,
    async redeliver(cashTxHash) {
      const tx = transactions.get(cashTxHash);
      if (!tx) throw new Error(`no transaction ${cashTxHash}`);
      await deliver(tx);
    },
    deliveries,
    setAppUrls(urls) {
      ({ callbackUrl, appUrl } = urls);
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
