import { redirect } from '@tanstack/react-router';
import type { Session } from '@brnd/ui/session';

/**
 * The user area needs a session. Without one the user logs in first and comes back to the page
 * they asked for (`redirect` carries its path, query and hash).
 */
export function requireSession({
  session,
  location,
}: {
  session: Session | null;
  location: { href: string };
}): void {
  if (!session) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}
