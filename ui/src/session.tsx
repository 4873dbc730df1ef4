import { createContext, useContext, type ReactNode } from 'react';

/**
 * Who is signed in, as the page may know it. The session token is not here: it lives in the
 * bff's HttpOnly cookie, out of every script's reach (decision 029).
 */
export interface Session {
  email: string;
  mobile: string;
  name: string;
  /** May open the operator console (only a convenience: its endpoints check the role). */
  operator?: boolean;
}

export interface SessionStore {
  session: Session | null;
  signIn(session: Session): void;
  /** Clears the cookies; the server-side revocation is the caller's logout call. */
  signOut(): void;
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ value, children }: { value: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a SessionProvider');
  return store;
}
