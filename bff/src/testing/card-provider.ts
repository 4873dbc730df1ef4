import { randomBytes } from 'node:crypto';
import { CARD_CALLBACK_PATH } from '@brnd/contracts/api/card-provider';
import { createCardExchange, type CardExchange } from '../providers/card-exchange.ts';
import { startCardSimulator, type CardSimulator } from '../providers/card-exchange-simulator.ts';

/**
 * The card provider's local simulator with the adapter that talks to it, as `npm start` runs
 * them (providers/sale-providers.ts): fresh secrets shared only between the two. For a test app
 * (`startTestApp({ sale: () => ({ card: provider.card }) })`), pointed at it once it listens.
 */
export interface TestCardProvider {
  card: CardExchange;
  /** The buyer's choice on the second-step page; the signed callback reaches the app. */
  act: CardSimulator['act'];
  pointAt(appBaseUrl: string): void;
  close(): Promise<void>;
}

export async function startTestCardProvider(): Promise<TestCardProvider> {
  const apiKey = randomBytes(16).toString('hex');
  const callbackSecret = randomBytes(32).toString('hex');
  const simulator = await startCardSimulator({
    apiKey,
    callbackSecret,
    // Unknown until the app listens: pointAt sets both.
    callbackUrl: 'http://127.0.0.1:1',
    appUrl: 'http://127.0.0.1:1',
  });
  return {
    card: createCardExchange({ baseUrl: simulator.url, apiKey, callbackSecret }),
    act: (cashTxHash, action) => simulator.act(cashTxHash, action),
    pointAt(appBaseUrl) {
      simulator.setAppUrls({
        callbackUrl: `${appBaseUrl}${CARD_CALLBACK_PATH}`,
        appUrl: appBaseUrl,
      });
    },
    close: () => simulator.close(),
  };
}
