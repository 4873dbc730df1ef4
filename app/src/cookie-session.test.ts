import { afterEach, expect, test, vi } from 'vitest';
import Cookies from 'js-cookie';
import { createCookieSessionStore } from './cookie-session.ts';

const session = { email: 'ada@example.com', mobile: '+48600100200', name: 'Ada' };

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
  const set = vi.spyOn(Cookies, 'set');
  createCookieSessionStore({ secure: true }).signIn(session);
  expect(set).toHaveBeenCalledTimes(3);
  for (const call of set.mock.calls) {
    expect(call[2]).toMatchObject({ expires: 2, sameSite: 'Strict', secure: true, path: '/' });
  }
  set.mockClear();
  createCookieSessionStore({ secure: false }).signIn(session);
  expect(set.mock.calls[0]?.[2]).toMatchObject({ secure: false });
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
