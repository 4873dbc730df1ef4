import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMobile, profile } from '@brnd/contracts/api/profile';
import { ApiError } from '@brnd/contracts/api/errors';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { useSession } from '../../session.tsx';

export function mobileQueryOptions(api: ApiClient, code: string) {
  return queryOptions({
    queryKey: ['user', 'mobile', code],
    queryFn: () => api.call(getMobile, { params: { code } }),
  });
}

export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: async () => (await api.call(profile)).user,
  });
}

/**
 * The signed-in user's profile. Only asked for with a session: right after logging out or a
 * password change the page is still on screen for a moment, and a fetch then would only earn a
 * 401 (which the app answers by sending the user to the login page instead of where they went).
 */
export function useProfileQuery() {
  const api = useApiClient();
  const { session } = useSession();
  return useQuery({ ...profileQueryOptions(api), enabled: session !== null });
}

/**
 * A code the server refused or could not read: the link is dead and trying again will not help.
 * An outage or a throttle is different, and the same link may work a moment later.
 */
export function isDeadLink(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status !== 0 && error.status !== 429 && error.status < 500;
}
