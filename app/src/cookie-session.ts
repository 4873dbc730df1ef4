import { readCookie, removeCookie, writeCookie, type CookieAttributes } from './cookies.ts';
import {
  SESSION_COOKIE_MAX_AGE_MS,
  SESSION_OPERATOR_COOKIE,
  SESSION_PROFILE_COOKIES,
} from '@brnd/contracts/domain/constants';
import type { Session } from '@brnd/ui/session';

const DAY_MS = 86_400_000;

/**
 * The session as the page sees it: who is signed in (the e-mail, mobile and name cookies, which
 * live 2 days as the spec's session cookies do). The token itself is in the bff's HttpOnly
 * `token` cookie (decision 029): no script here can read it, and the browser sends it with the
 * app's own API calls.
 */
export interface CookieSessionStore {
  getSession(): Session | null;
  signIn(session: Session): void;
  /** Forgets who was signed in; the bff's logout (or a 401) ends the token. */
  signOut(): void;
  subscribe(listener: () => void): () => void;
}

function readSession(): Session | null {
  const email = readCookie('email');
  if (!email) return null;
  const session: Session = {
    email,
    mobile: readCookie('mobile') ?? '',
    name: readCookie('name') ?? '',
  };
  if (readCookie(SESSION_OPERATOR_COOKIE) === '1') session.operator = true;
  return session;
}

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    SESSION_PROFILE_COOKIES.every((key) => a[key] === b[key]) &&
    Boolean(a.operator) === Boolean(b.operator)
  );
}

export function createCookieSessionStore(options: { secure?: boolean } = {}): CookieSessionStore {
  const secure = options.secure ?? globalThis.location?.protocol === 'https:';
  const attributes: CookieAttributes = {
    expires: SESSION_COOKIE_MAX_AGE_MS / DAY_MS,
    path: '/',
    sameSite: 'Strict',
    secure,
  };
  const listeners = new Set<() => void>();
  let snapshot = readSession();

  // Cookies can change behind our back (expiry, another tab), so every read re-checks them and
  // keeps the previous object while nothing changed, as useSyncExternalStore requires.
  function current(): Session | null {
    const next = readSession();
    if (!sameSession(next, snapshot)) snapshot = next;
    return snapshot;
  }

  function changed() {
    current();
    for (const listener of listeners) listener();
  }

  return {
    getSession: current,
    signIn(session) {
      for (const key of SESSION_PROFILE_COOKIES) writeCookie(key, session[key], attributes);
      if (session.operator) writeCookie(SESSION_OPERATOR_COOKIE, '1', attributes);
      else removeCookie(SESSION_OPERATOR_COOKIE, { path: '/' });
      changed();
    },
    signOut() {
      for (const key of [...SESSION_PROFILE_COOKIES, SESSION_OPERATOR_COOKIE]) {
        removeCookie(key, { path: '/' });
      }
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
