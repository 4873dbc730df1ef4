import { createContext, useContext, type ReactNode } from 'react';

/** What the session cookies (token, email, mobile, name) hold; the app owns the cookies. */
export interface Session {
  token: string;
  email: string;
  mobile: string;
  name: string;
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
