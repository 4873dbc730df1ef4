import { expect, test } from 'vitest';
import {
  acceptTokensInput,
  acceptUsdInput,
  exceedsOffer,
  tokensToUsd,
  usdToPln,
  usdToTokens,
} from './converter.ts';

test('money takes up to 4 decimals; tokens take one decimal point, as the amount rule says', () => {
  expect(acceptUsdInput('1.2345', '1.234')).toBe('1.2345');
  expect(acceptUsdInput('1.23456', '1.2345')).toBe('1.2345');
  expect(acceptUsdInput('1.2.', '1.2')).toBe('1.2');
  expect(acceptUsdInput('', '5')).toBe('');
  expect(acceptTokensInput('333', '33')).toBe('333');
  expect(acceptTokensInput('3e3', '3')).toBe('3');
  expect(acceptTokensInput('1.5.', '1.5')).toBe('1.5');
  expect(acceptTokensInput('-1', '')).toBe('');
});

test('typing 1.5 BRND key by key gives 1.5, not 15', () => {
  let typed = '';
  for (const key of '1.5') typed = acceptTokensInput(typed + key, typed);
  expect(typed).toBe('1.5');
  expect(tokensToUsd(typed, 0.003)).toBe('0.0045');
  expect(tokensToUsd('1.', 0.003)).toBe('0.0030');
  expect(tokensToUsd('.5', 0.003)).toBe('0.0015');
  expect(tokensToUsd('.', 0.003)).toBe('');
});

test('USD converts to whole tokens at the price, rounded down', () => {
  expect(usdToTokens('1', 0.003)).toBe('333');
  expect(usdToTokens('100', 0.003)).toBe('33333');
  expect(usdToTokens('100', 0.0025)).toBe('40000');
  expect(usdToTokens('', 0.003)).toBe('');
  expect(usdToTokens('.', 0.003)).toBe('');
});

test('tokens convert to USD with 4 decimals', () => {
  expect(tokensToUsd('333', 0.003)).toBe('0.9990');
  expect(tokensToUsd('1', 0.0015)).toBe('0.0015');
  expect(tokensToUsd('80000000', 0.0035)).toBe('280000.0000');
  expect(tokensToUsd('', 0.003)).toBe('');
});

test('more than the sale offers is caught, whichever side was typed', () => {
  expect(exceedsOffer('400000000', 400_000_000)).toBe(false);
  expect(exceedsOffer('400000000.5', 400_000_000)).toBe(true);
  expect(exceedsOffer(usdToTokens('99999999999', 0.003), 400_000_000)).toBe(true);
  expect(exceedsOffer('', 400_000_000)).toBe(false);
});

test('the card route gets the PLN amount at the sale rate', () => {
  expect(usdToPln('100', 4.04)).toBe('404.00');
  expect(usdToPln('0.5', 4.04)).toBe('2.02');
  expect(usdToPln('', 4.04)).toBeUndefined();
});
