import { randomBytes } from 'node:crypto';
import { CARD_CALLBACK_PATH } from '@brnd/contracts/api/card-provider';
import { createCardExchange, type CardExchange } from '../providers/card-exchange.ts';
import { startCardSimulator, type CardSimulator } from '../providers/card-exchange-simulator.ts';
import {
  GATEWAY_WEBHOOK_PATH,
  createGreenfieldGateway,
  type CryptoGateway,
} from '../providers/crypto-gateway.ts';
import {
  startGatewaySimulator,
  type GatewaySimulator,
} from '../providers/crypto-gateway-simulator.ts';
import { createEthPriceFeed, type EthPriceFeed } from '../providers/eth-price.ts';
import { startEthPriceSimulator } from '../providers/eth-price-simulator.ts';

/** The sale's outside providers a test can take down (and bring back). */
export const SALE_PROVIDERS = ['gateway', 'card', 'price'] as const;
export type SaleProvider = (typeof SALE_PROVIDERS)[number];

/**
 * The token sale's local simulators (the BTCPay gateway, the card provider, the ETH price feed)
 * with the adapters that talk to them, as `npm start` runs them (providers/sale-providers.ts):
 * fresh secrets shared only between each simulator and its adapter. For a test app
 * (`startTestApp({ sale: () => providers.sale })`), pointed at it once it listens.
 */
export interface TestSaleProviders {
  /** The adapters, for `startTestApp`'s `sale` option. */
  sale: { gateway: CryptoGateway; card: CardExchange; usdPerEth: EthPriceFeed };
  /** The buyer's choice on the card provider's second-step page; the signed callback follows. */
  cardAct: CardSimulator['act'];
  /** What the payer's wallet does on the gateway's checkout page; the signed webhook follows. */
  gatewayAct: GatewaySimulator['act'];
  /** Takes a provider down (every request answered 503) or brings it back. */
  setDown(provider: SaleProvider, down: boolean): void;
  pointAt(appBaseUrl: string): void;
  close(): Promise<void>;
}

export async function startTestSaleProviders(
  options: { usdPerEth?: number; now?: () => number } = {},
): Promise<TestSaleProviders> {
  const card = { apiKey: randomBytes(16).toString('hex'), secret: randomBytes(32).toString('hex') };
  const cardSimulator = await startCardSimulator({
    apiKey: card.apiKey,
    callbackSecret: card.secret,
    // Unknown until the app listens: pointAt sets both.
    callbackUrl: 'http://127.0.0.1:1',
    appUrl: 'http://127.0.0.1:1',
  });
  const gateway = {
    apiKey: randomBytes(16).toString('hex'),
    secret: randomBytes(32).toString('hex'),
  };
  const gatewaySimulator = await startGatewaySimulator({
    apiKey: gateway.apiKey,
    storeId: 'test-store',
    webhookSecret: gateway.secret,
    webhookUrl: 'http://127.0.0.1:1',
  });
  const priceSimulator = await startEthPriceSimulator(options.usdPerEth ?? 2000);
  const simulators = { gateway: gatewaySimulator, card: cardSimulator, price: priceSimulator };
  return {
    sale: {
      card: createCardExchange({
        baseUrl: cardSimulator.url,
        apiKey: card.apiKey,
        callbackSecret: card.secret,
      }),
      gateway: createGreenfieldGateway({
        baseUrl: gatewaySimulator.url,
        apiKey: gateway.apiKey,
        storeId: 'test-store',
        webhookSecret: gateway.secret,
      }),
      usdPerEth: createEthPriceFeed({
        url: priceSimulator.url,
        ...(options.now ? { now: options.now } : {}),
      }),
    },
    cardAct: (cashTxHash, action) => cardSimulator.act(cashTxHash, action),
    gatewayAct: (invoiceId, action) => gatewaySimulator.act(invoiceId, action),
    setDown: (provider, down) => simulators[provider].setDown(down),
    pointAt(appBaseUrl) {
      cardSimulator.setAppUrls({
        callbackUrl: `${appBaseUrl}${CARD_CALLBACK_PATH}`,
        appUrl: appBaseUrl,
      });
      gatewaySimulator.setWebhookUrl(`${appBaseUrl}${GATEWAY_WEBHOOK_PATH}`);
    },
    async close() {
      await cardSimulator.close();
      await gatewaySimulator.close();
      await priceSimulator.close();
    },
  };
}
