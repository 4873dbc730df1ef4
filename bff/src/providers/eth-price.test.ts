import { afterEach, expect, test } from 'vitest';
import { DomainError } from '../services/errors.ts';
import { createEthPriceFeed } from './eth-price.ts';
import { startEthPriceSimulator, type EthPriceSimulator } from './eth-price-simulator.ts';

let simulator: EthPriceSimulator | undefined;
afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
});

test('quotes the exchange’s last price and asks again once the price is 30 s old', async () => {
  simulator = await startEthPriceSimulator(3_120.5);
  let clock = 0;
  const feed = createEthPriceFeed({ url: simulator.url, now: () => clock });
  expect(await feed()).toBe(3_120.5);

  simulator.setPrice(2_900);
  clock = 29_999;
  expect(await feed()).toBe(3_120.5);
  clock = 30_000;
  expect(await feed()).toBe(2_900);
});

test('an unreachable exchange keeps the last price for 5 minutes, then quotes nobody', async () => {
  simulator = await startEthPriceSimulator(3_000);
  let clock = 0;
  const feed = createEthPriceFeed({ url: simulator.url, now: () => clock });
  expect(await feed()).toBe(3_000);
  await simulator.close();
  simulator = undefined;

  clock = 60_000;
  expect(await feed()).toBe(3_000);
  clock = 5 * 60_000;
  const refused = await feed().catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DomainError);
  expect(refused).toMatchObject({ status: 503, messageId: 'orders.errors.priceUnavailable' });
});

test('an answer without a price is refused, never read as a price of 0', async () => {
  simulator = await startEthPriceSimulator(0);
  const feed = createEthPriceFeed({ url: simulator.url });
  await expect(feed()).rejects.toMatchObject({ messageId: 'orders.errors.priceUnavailable' });
});
