import Cookies from 'js-cookie';
import { SESSION_COOKIE_MAX_AGE_MS, SESSION_COOKIES } from '@brnd/contracts/domain/constants';
import type { Session } from '@brnd/ui/session';

const DAY_MS = 86_400_000;

/** The session as the spec keeps it: four cookies (token, email, mobile, name) that live 2 days. */
export interface CookieSessionStore {
  getSession(): Session | null;
  getToken(): string | undefined;
  signIn(session: Session): void;
  signOut(): void;
  subscribe(listener: () => void): () => void;
}

function readSession(): Session | null {
  const token = Cookies.get('token');
  if (!token) return null;
  return {
    token,
    email: Cookies.get('email') ?? '',
    mobile: Cookies.get('mobile') ?? '',
    name: Cookies.get('name') ?? '',
  };
}

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === null || b === null) return a === b;
  return SESSION_COOKIES.every((key) => a[key] === b[key]);
}

export function createCookieSessionStore(options: { secure?: boolean } = {}): CookieSessionStore {
  const secure = options.secure ?? globalThis.location?.protocol === 'https:';
  const attributes: Cookies.CookieAttributes = {
    expires: SESSION_COOKIE_MAX_AGE_MS / DAY_MS,
    path: '/',
    sameSite: 'Lax',
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
    getToken: () => Cookies.get('token') || undefined,
    signIn(session) {
      for (const key of SESSION_COOKIES) Cookies.set(key, session[key], attributes);
      changed();
    },
    signOut() {
      for (const key of SESSION_COOKIES) Cookies.remove(key, { path: '/' });
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
