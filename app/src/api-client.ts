import { createApiClient, type ApiClient } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import type { Language } from '@brnd/contracts/domain/constants';

/**
 * The contracts client with the session token from the cookie. When the server answers 401 to a
 * call made with a session, the token was revoked (logout elsewhere, password change, expiry):
 * the app drops the dead session and sends the user to log in.
 */
export function createAppApiClient(options: {
  getToken(): string | undefined;
  /** The language the page shows: sent with every call, so messages it causes are written in it. */
  getLanguage(): Language;
  onSessionRevoked(): void;
  fetch?: typeof globalThis.fetch;
}): ApiClient {
  const client = createApiClient({
    getToken: options.getToken,
    getLanguage: options.getLanguage,
    fetch: options.fetch,
  });
  return {
    async call(endpoint, input) {
      const token = endpoint.auth === 'none' ? undefined : options.getToken();
      try {
        return await client.call(endpoint, input);
      } catch (error) {
        if (
          token &&
          // A reply to an older session must not end the one that replaced it.
          options.getToken() === token &&
          // Logging out with a dead token is still a logout; the screen finishes it.
          endpoint.id !== 'logout' &&
          error instanceof ApiError &&
          error.status === 401 &&
          (error.body.messageId === undefined || error.body.messageId === 'errors.unauthorized')
        ) {
          options.onSessionRevoked();
        }
        throw error;
      }
    },
  };
}
