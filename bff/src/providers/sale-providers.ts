import { randomBytes } from 'node:crypto';
import { CARD_CALLBACK_PATH } from '@brnd/contracts/api/card-provider';
import type { SaleSettings } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createCardExchange, type CardExchange } from './card-exchange.ts';
import { startCardSimulator } from './card-exchange-simulator.ts';
import {
  GATEWAY_WEBHOOK_PATH,
  createGreenfieldGateway,
  type CryptoGateway,
} from './crypto-gateway.ts';
import { startGatewaySimulator } from './crypto-gateway-simulator.ts';
import { createEthPriceFeed, type EthPriceFeed } from './eth-price.ts';
import { startEthPriceSimulator } from './eth-price-simulator.ts';

export interface SaleProviders {
  usdPerEth: EthPriceFeed;
  gateway: CryptoGateway;
  card: CardExchange;
  /** Simulators only: where their notifications go, once the bff listens. */
  pointAt(bffUrl: string): void;
  /** For the start-up banner and /dev/info: the simulators' addresses (none with real providers). */
  simulators: { name: string; url: string }[];
  stop(): Promise<void>;
}

/**
 * The real adapters when configured; otherwise each provider's local simulator on its own port,
 * with fresh secrets shared only between it and this process.
 */
export async function startSaleProviders({
  settings,
  appUrl,
  logger,
}: {
  settings: SaleSettings;
  appUrl: string;
  logger: Logger;
}): Promise<SaleProviders> {
  const stops: (() => Promise<void>)[] = [];
  const pointers: ((bffUrl: string) => void)[] = [];
  const simulators: { name: string; url: string }[] = [];

  let usdPerEth: EthPriceFeed;
  if (settings.ethPriceFeedUrl) {
    usdPerEth = createEthPriceFeed({ url: settings.ethPriceFeedUrl });
  } else {
    const simulator = await startEthPriceSimulator(settings.simulatedUsdPerEth);
    stops.push(() => simulator.close());
    simulators.push({ name: 'ETH price simulator', url: simulator.url });
    usdPerEth = createEthPriceFeed({ url: simulator.url });
  }

  let gateway: CryptoGateway;
  if (settings.gateway) {
    gateway = createGreenfieldGateway({
      baseUrl: settings.gateway.url,
      apiKey: settings.gateway.apiKey,
      storeId: settings.gateway.storeId,
      webhookSecret: settings.gateway.webhookSecret,
    });
  } else {
    const secret = randomBytes(32).toString('hex');
    const apiKey = randomBytes(16).toString('hex');
    const simulator = await startGatewaySimulator({
      apiKey,
      storeId: 'dev-store',
      webhookSecret: secret,
      webhookUrl: `${appUrl}${GATEWAY_WEBHOOK_PATH}`,
      logger,
    });
    stops.push(() => simulator.close());
    pointers.push((bffUrl) => simulator.setWebhookUrl(`${bffUrl}${GATEWAY_WEBHOOK_PATH}`));
    simulators.push({ name: 'BTC gateway simulator', url: simulator.url });
    gateway = createGreenfieldGateway({
      baseUrl: simulator.url,
      apiKey,
      storeId: 'dev-store',
      webhookSecret: secret,
    });
  }

  let card: CardExchange;
  if (settings.card) {
    card = createCardExchange({
      baseUrl: settings.card.url,
      publicUrl: settings.card.publicUrl,
      apiKey: settings.card.apiKey,
      callbackSecret: settings.card.callbackSecret,
    });
  } else {
    const secret = randomBytes(32).toString('hex');
    const apiKey = randomBytes(16).toString('hex');
    const simulator = await startCardSimulator({
      apiKey,
      callbackSecret: secret,
      callbackUrl: `${appUrl}${CARD_CALLBACK_PATH}`,
      appUrl,
      logger,
    });
    stops.push(() => simulator.close());
    pointers.push((bffUrl) =>
      simulator.setAppUrls({ callbackUrl: `${bffUrl}${CARD_CALLBACK_PATH}`, appUrl }),
    );
    simulators.push({ name: 'Card provider simulator', url: simulator.url });
    card = createCardExchange({ baseUrl: simulator.url, apiKey, callbackSecret: secret });
  }

  return {
    usdPerEth,
    gateway,
    card,
    simulators,
    pointAt(bffUrl) {
      for (const point of pointers) point(bffUrl);
    },
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
