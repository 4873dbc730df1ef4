import { afterEach, expect, test, vi } from 'vitest';
import Cookies from 'js-cookie';
import { createCookieSessionStore } from './cookie-session.ts';

// A Polish name: written and read back as js-cookie, which set these cookies before, encodes it.
const session = { email: 'ada@example.com', mobile: '+48600100200', name: 'Ada Łęcka; ok' };

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  vi.restoreAllMocks();
});

test('signing in stores e-mail, mobile and name as cookies, and never a token', () => {
  const store = createCookieSessionStore();
  store.signIn(session);
  expect(Cookies.get()).toEqual(session);
  expect(store.getSession()).toEqual(session);
});

test('the profile cookies last two days, are SameSite=Strict and Secure only on https', () => {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((cookie: string) => {
    written.push(cookie);
    descriptor.set!.call(document, cookie);
  });
  const now = Date.now();
  createCookieSessionStore({ secure: true }).signIn(session);
  // The three profile cookies; a plain sign-in then clears the operator flag.
  const profile = written.filter((cookie) => !cookie.startsWith('operator='));
  expect(profile.map((cookie) => cookie.split('=')[0])).toEqual(['email', 'mobile', 'name']);
  for (const cookie of profile) {
    expect(cookie).toMatch(/; path=\/; samesite=Strict; secure$/);
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.round((expires - now) / 86_400_000)).toBe(2);
  }
  written.length = 0;
  createCookieSessionStore({ secure: false }).signIn(session);
  expect(written[0]).not.toContain('secure');
});

test('an operator is remembered as such, and a later plain sign-in forgets it', () => {
  const store = createCookieSessionStore();
  store.signIn({ ...session, operator: true });
  expect(createCookieSessionStore().getSession()).toEqual({ ...session, operator: true });
  store.signIn(session);
  expect(Cookies.get()).toEqual(session);
  expect(store.getSession()).toEqual(session);
});

test('signing out clears the three cookies', () => {
  const store = createCookieSessionStore();
  store.signIn(session);
  Cookies.set('lang', 'po');
  store.signOut();
  expect(Cookies.get()).toEqual({ lang: 'po' });
  expect(store.getSession()).toBeNull();
});

test('a store created later reads the session the cookies already hold', () => {
  createCookieSessionStore().signIn(session);
  expect(createCookieSessionStore().getSession()).toEqual(session);
});

test('listeners hear sign-in and sign-out, and the snapshot only changes when cookies change', () => {
  const store = createCookieSessionStore();
  const listener = vi.fn();
  const unsubscribe = store.subscribe(listener);
  store.signIn(session);
  const first = store.getSession();
  expect(store.getSession()).toBe(first);
  store.signOut();
  expect(listener).toHaveBeenCalledTimes(2);
  unsubscribe();
  store.signIn(session);
  expect(listener).toHaveBeenCalledTimes(2);
});

test('cookies removed elsewhere (expiry, another tab) end the session', () => {
  const store = createCookieSessionStore();
  store.signIn(session);
  Cookies.remove('email', { path: '/' });
  expect(store.getSession()).toBeNull();
});
