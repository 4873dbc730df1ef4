import { expect, test } from 'vitest';
import {
  CodeSearchSchema,
  EditPhoneSearchSchema,
  LoginSearchSchema,
  SuccessSearchSchema,
  isSafeRedirect,
  parseSearch,
  stringifySearch,
} from './search.ts';

const login = (query: string) => LoginSearchSchema(parseSearch(query));

test('login keeps the buy-token target with its amount, voting and a same-site redirect', () => {
  expect(login('?buytoken&btc_brands=500')).toEqual({ buytoken: '', btc_brands: '500' });
  expect(login('?buytoken&pln_brands=2500.5')).toEqual({ buytoken: '', pln_brands: '2500.5' });
  expect(login('?voting')).toEqual({ voting: '' });
  expect(login('?redirect=%2Fuser%2Fprofile%2Fperson')).toEqual({
    redirect: '/user/profile/person',
  });
});

test('login drops amounts that are not numbers and redirects that leave the site', () => {
  expect(login('?buytoken&btc_brands=lots')).toEqual({ buytoken: '' });
  expect(login('?redirect=https%3A%2F%2Fevil.example')).toEqual({});
  expect(login('?redirect=%2F%2Fevil.example')).toEqual({});
  expect(login('?redirect=%2F%5Cevil.example')).toEqual({});
});

test('login ignores parameters it does not know', () => {
  expect(login('?utm_source=newsletter&voting')).toEqual({ voting: '' });
});

test('redirects must be paths on this site', () => {
  expect(isSafeRedirect('/user/dashboard?tab=1#top')).toBe(true);
  expect(isSafeRedirect('user/dashboard')).toBe(false);
  expect(isSafeRedirect('//evil.example/path')).toBe(false);
});

test('the phone pages read the verification code and the edit flag', () => {
  expect(CodeSearchSchema(parseSearch('?code=abc_DEF-123'))).toEqual({
    code: 'abc_DEF-123',
  });
  expect(EditPhoneSearchSchema(parseSearch('?edit&code=abc'))).toEqual({
    edit: '',
    code: 'abc',
  });
  expect(EditPhoneSearchSchema(parseSearch('?code=abc'))).toEqual({ code: 'abc' });
});

test('the registration success page reads an individual or a brand code', () => {
  expect(SuccessSearchSchema(parseSearch('?indivi_code=AB12'))).toEqual({
    indivi_code: 'AB12',
  });
  expect(SuccessSearchSchema(parseSearch('?brand_code=CD34'))).toEqual({
    brand_code: 'CD34',
  });
});

test('search values stay text: a numeric code is not turned into a number', () => {
  expect(parseSearch('?code=1234')).toEqual({ code: '1234' });
});

test('search is written as the spec writes it, flags bare and values encoded', () => {
  expect(stringifySearch({ edit: '', code: 'a b/c' })).toBe('?edit&code=a%20b%2Fc');
  expect(stringifySearch({ btc_brands: 500, voting: undefined })).toBe('?btc_brands=500');
  expect(stringifySearch({})).toBe('');
  expect(parseSearch(stringifySearch({ edit: '', code: 'a b/c' }))).toEqual({
    edit: '',
    code: 'a b/c',
  });
});
