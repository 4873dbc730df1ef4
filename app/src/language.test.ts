import { afterEach, expect, test } from 'vitest';
import Cookies from 'js-cookie';
import { applyDocumentLanguage, readLanguage, storeLanguage } from './language.ts';

afterEach(() => {
  Cookies.remove('lang', { path: '/' });
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

test('the language defaults to English', () => {
  expect(readLanguage()).toBe('en');
});

test('a chosen language is remembered in the lang cookie and localStorage', () => {
  storeLanguage('po');
  expect(Cookies.get('lang')).toBe('po');
  expect(localStorage.getItem('lang')).toBe('po');
  expect(readLanguage()).toBe('po');
});

test('localStorage is used when the cookie is gone, and unknown values fall back to English', () => {
  localStorage.setItem('lang', 'po');
  expect(readLanguage()).toBe('po');
  Cookies.set('lang', 'de');
  localStorage.setItem('lang', 'de');
  expect(readLanguage()).toBe('en');
});

test('Polish (po) sets <html lang="pl">', () => {
  applyDocumentLanguage('po');
  expect(document.documentElement.lang).toBe('pl');
  applyDocumentLanguage('en');
  expect(document.documentElement.lang).toBe('en');
});

test("a mail's link names its language (?lang=pl): it wins over the stored one and is kept", () => {
  storeLanguage('en');
  window.history.replaceState(null, '', '/user/wallet?lang=pl');
  expect(readLanguage()).toBe('po');
  window.history.replaceState(null, '', '/user/wallet');
  expect(readLanguage()).toBe('po');
  // An unknown value is ignored.
  window.history.replaceState(null, '', '/login?lang=de');
  expect(readLanguage()).toBe('po');
});
