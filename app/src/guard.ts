import { redirect } from '@tanstack/react-router';

/**
 * The user area needs a session token. Without one the user logs in first and comes back to the
 * page they asked for (`redirect` carries its path, query and hash).
 */
export function requireToken({
  token,
  location,
}: {
  token: string | undefined;
  location: { href: string };
}): void {
  if (!token) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}
