import { expect, test } from 'vitest';
import type { Sale } from '@brnd/contracts/api/sale';
import { tokensForPln } from '@brnd/contracts/domain/sale';
import {
  acceptAmountInput,
  buyFormError,
  buyQuote,
  cardRetryWait,
  initialBuyState,
} from './buy-form.ts';
import { cardDetailsFromSession, checkCardDetails } from './card-details.ts';

const sale = { price: 0.0025, plnPerUsd: 4.04 } as Sale;

test('the amount takes digits and one decimal point only', () => {
  expect(acceptAmountInput('12', '1')).toBe('12');
  expect(acceptAmountInput('12.', '12')).toBe('12.');
  expect(acceptAmountInput('12.5', '12.')).toBe('12.5');
  expect(acceptAmountInput('.5', '')).toBe('.5');
  expect(acceptAmountInput('', '12')).toBe('');
  expect(acceptAmountInput('12.5.', '12.5')).toBe('12.5');
  expect(acceptAmountInput('12a', '12')).toBe('12');
  expect(acceptAmountInput('-3', '')).toBe('');
  expect(acceptAmountInput('1e5', '1')).toBe('1');
  expect(acceptAmountInput('1,5', '1')).toBe('1');
});

test('btc_brands and pln_brands choose the method and prefill the amount', () => {
  expect(initialBuyState({})).toEqual({ method: 'BTC', amount: '' });
  expect(initialBuyState({ btc_brands: '500' })).toEqual({ method: 'BTC', amount: '500' });
  expect(initialBuyState({ pln_brands: '100.5' })).toEqual({ method: 'PLN', amount: '100.5' });
  expect(initialBuyState({ btc_brands: 'abc' })).toEqual({ method: 'BTC', amount: '' });
});

test('a USD amount buys whole tokens at the active price', () => {
  expect(buyQuote('BTC', '100', sale)).toEqual({
    currency: 'USD',
    unitPrice: 0.0025,
    tokens: 40_000,
    usd: 100,
  });
  expect(buyQuote('ETH', '0.01', sale).tokens).toBe(4);
  expect(buyQuote('ETH', '', sale).tokens).toBe(0);
  expect(buyQuote('ETH', '.', sale).tokens).toBe(0);
});

test('a PLN amount is converted at the sale rate and priced in PLN', () => {
  const quote = buyQuote('PLN', '404', sale);
  expect(quote.currency).toBe('PLN');
  expect(quote.unitPrice).toBeCloseTo(0.0101, 10);
  expect(quote.usd).toBeCloseTo(100, 10);
  expect(quote.tokens).toBe(40_000);
});

test('the form needs an amount, 25 PLN on a card, and the non-US confirmation', () => {
  expect(buyFormError('BTC', '', true)).toEqual({ field: 'amount', message: 'validation.amount' });
  expect(buyFormError('BTC', '0', true)?.message).toBe('validation.amount');
  expect(buyFormError('PLN', '24.99', true)).toEqual({
    field: 'amount',
    message: 'validation.cardMinimum',
  });
  expect(buyFormError('PLN', '25', true)).toBeNull();
  expect(buyFormError('BTC', '10', false)?.field).toBe('notUsCitizen');
  expect(buyFormError('ETH', '10', true)).toBeNull();
});

test('card attempts are 30 seconds apart', () => {
  expect(cardRetryWait(undefined, 1_000)).toBe(0);
  expect(cardRetryWait(1_000, 1_000)).toBe(30_000);
  expect(cardRetryWait(1_000, 30_999)).toBe(1);
  expect(cardRetryWait(1_000, 31_000)).toBe(0);
});

test('card details: the phone is cleaned, the e-mails must match, each field says what is wrong', () => {
  const good = {
    name: 'Anna',
    surname: 'Nowak',
    emailAddress: 'anna@example.com',
    emailConfirm: 'anna@example.com',
    phoneNumber: '+48 500-100-200',
  };
  expect(checkCardDetails(good).details?.phoneNumber).toBe('+48500100200');
  expect(
    checkCardDetails({ ...good, emailConfirm: 'ann@example.com', phoneNumber: '' }).errors,
  ).toEqual({
    emailConfirm: 'sale.card.emailMismatch',
    phoneNumber: 'validation.phone',
  });
  expect(checkCardDetails({ ...good, surname: ' ' }).errors).toEqual({
    surname: 'validation.name',
  });
});

test('card details are prefilled from the session, the one name split into name and surname', () => {
  expect(
    cardDetailsFromSession({
      email: 'a@b.pl',
      mobile: '+48500100200',
      name: 'Anna Maria Nowak',
    }),
  ).toEqual({
    name: 'Anna',
    surname: 'Maria Nowak',
    emailAddress: 'a@b.pl',
    emailConfirm: 'a@b.pl',
    phoneNumber: '+48500100200',
  });
  expect(cardDetailsFromSession(null).name).toBe('');
});

test('a card quote is the one PLN rule the server credits by, with no rounding to cents first', () => {
  const live = { price: 0.003, plnPerUsd: 4.04 } as Sale;
  for (const pln of ['25', '49.99', '101', '333.33', '10000']) {
    expect(buyQuote('PLN', pln, live).tokens).toBe(tokensForPln(Number(pln), 4.04, 0.003));
  }
  expect(buyQuote('PLN', '49.99', live).tokens).toBe(4_124);
});
