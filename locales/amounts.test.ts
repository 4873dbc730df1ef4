import { expect, test } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { formatAmount } from './amounts.ts';
import { NBSP } from './typography.ts';

const en = createIntl({ locale: 'en' });
const pl = createIntl({ locale: 'pl' });
const shown = (text: string) => text.replace(/[\u00a0\u202f]/g, '~');

test('a crypto amount is written in the reader’s language with its unit after a non-breaking space', () => {
  expect(formatAmount(en, '0.00123', 'BTC')).toBe(`0.00123${NBSP}BTC`);
  expect(formatAmount(pl, '0.00123', 'BTC')).toBe(`0,00123${NBSP}BTC`);
  expect(shown(formatAmount(pl, '12345.5', 'ETH'))).toBe('12~345,5~ETH');
  expect(formatAmount(en, '12345.5', 'ETH')).toBe(`12,345.5${NBSP}ETH`);
});

test('every digit of an exact decimal string survives, beyond what a JS number holds', () => {
  expect(formatAmount(en, '0.000000000000000001', 'ETH')).toBe(`0.000000000000000001${NBSP}ETH`);
  expect(formatAmount(en, '123456789.123456789012345678', 'ETH')).toBe(
    `123,456,789.123456789012345678${NBSP}ETH`,
  );
  expect(shown(formatAmount(pl, '9007199254740993', 'BRND'))).toBe('9~007~199~254~740~993~BRND');
});

test('money is shown with its currency sign and its cents', () => {
  expect(shown(formatAmount(pl, '101.5', 'PLN'))).toBe('101,50~zł');
  expect(formatAmount(en, '0.0025', 'USD')).toBe('$0.0025');
});

test('a signed change keeps its sign', () => {
  expect(shown(formatAmount(en, '-0.5', 'ETH', { signDisplay: 'always' }))).toBe('-0.5~ETH');
  expect(shown(formatAmount(en, '0.5', 'ETH', { signDisplay: 'always' }))).toBe('+0.5~ETH');
});

test('what is not a decimal amount is refused rather than shown wrong', () => {
  expect(() => formatAmount(en, '1e-7', 'BTC')).toThrow(RangeError);
  expect(() => formatAmount(en, '0,5', 'BTC')).toThrow(RangeError);
  expect(() => formatAmount(en, `0.${'1'.repeat(21)}`, 'ETH')).toThrow(RangeError);
});

test('the fraction digits an amount was quoted with are kept', () => {
  expect(formatAmount(pl, '0.00100000', 'BTC')).toBe(`0,00100000${NBSP}BTC`);
  expect(formatAmount(en, '2', 'ETH')).toBe(`2${NBSP}ETH`);
});
