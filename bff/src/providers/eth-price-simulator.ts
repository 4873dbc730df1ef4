import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ETH_PRICE_PAIR, ETH_PRICE_TICKER_PATH } from './eth-price.ts';

/**
 * A local stand-in for an exchange's public ticker (Kraken's format), for development and
 * tests: it answers the price it was given, which `setPrice` changes.
 */
export interface EthPriceSimulator {
  url: string;
  setPrice(usdPerEth: number): void;
  /** While down, every request is answered 503, as an exchange in an outage would. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startEthPriceSimulator(usdPerEth: number): Promise<EthPriceSimulator> {
  let price = usdPerEth;
  let down = false;
  const server: Server = createServer((req, res) => {
    if (down) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: ['EService:Unavailable'] }));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== ETH_PRICE_TICKER_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: ['EGeneral:Unknown method'] }));
      return;
    }
    const known = url.searchParams.get('pair') === ETH_PRICE_PAIR;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        known
          ? { error: [], result: { XETHZUSD: { c: [price.toFixed(2), '0.10000000'] } } }
          : { error: ['EQuery:Unknown asset pair'] },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setPrice(next) {
      price = next;
    },
    setDown(next) {
      down = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
