import { expect, test } from 'vitest';
import {
  acceptTokensInput,
  acceptUsdInput,
  tokensToUsd,
  usdToPln,
  usdToTokens,
} from './converter.ts';

test('money takes up to 4 decimals, tokens only whole numbers', () => {
  expect(acceptUsdInput('1.2345', '1.234')).toBe('1.2345');
  expect(acceptUsdInput('1.23456', '1.2345')).toBe('1.2345');
  expect(acceptUsdInput('1.2.', '1.2')).toBe('1.2');
  expect(acceptUsdInput('', '5')).toBe('');
  expect(acceptTokensInput('333', '33')).toBe('333');
  expect(acceptTokensInput('33.5', '33')).toBe('33');
  expect(acceptTokensInput('3e3', '3')).toBe('3');
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

test('the card route gets the PLN amount at the sale rate', () => {
  expect(usdToPln('100', 4.04)).toBe('404.00');
  expect(usdToPln('0.5', 4.04)).toBe('2.02');
  expect(usdToPln('', 4.04)).toBeUndefined();
});
