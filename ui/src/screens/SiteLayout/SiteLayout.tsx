import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '@brnd/contracts/api/session';
import { useApiClient } from '../../api.tsx';
import { Footer } from '../../components/Footer/Footer.tsx';
import { Navbar } from '../../components/Navbar/Navbar.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import styles from './SiteLayout.module.css';

/** Every page: the navigation bar, the page itself, the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const api = useApiClient();

  const handleLogout = () => {
    // Off the signed-in page first: its queries would otherwise poll or refetch with the
    // revoked session and fill the console with 401s.
    navigation.navigate('/');
    void queryClient.cancelQueries();
    // The server revokes the token; the browser forgets it even when that call fails, so
    // "Log Out" always logs out of this browser. A plain call, not a mutation: nothing shows its
    // state, and TanStack Query's mutation observer would weigh ~0.5 kB on every first page.
    const forget = () => {
      signOut();
      queryClient.clear();
    };
    api.call(logout).then(forget, forget);
  };

  return (
    <div className={styles.site}>
      <Navbar
        session={session ? { email: session.email, operator: session.operator } : null}
        onLogout={handleLogout}
      />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
