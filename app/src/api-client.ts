import { contractValidator } from '@brnd/contracts/api/response-validator';
import { createApiTransport, type ApiClient } from '@brnd/contracts/api/transport';
import { ApiError } from '@brnd/contracts/api/errors';
import type { Language } from '@brnd/contracts/domain/constants';
import type { Session } from '@brnd/ui/session';

/**
 * The contracts client of the web app. It sends no bearer header: the browser sends the bff's
 * HttpOnly session cookie with every same-origin call (decision 029). When the server answers
 * 401 to a call made while signed in, the session was revoked (logout elsewhere, password
 * change, expiry): the app forgets it and sends the user to log in.
 */
export function createAppApiClient(options: {
  getSession(): Session | null;
  /** The language the page shows: sent with every call, so messages it causes are written in it. */
  getLanguage(): Language;
  onSessionRevoked(): void;
  fetch?: typeof globalThis.fetch;
}): ApiClient {
  const client = createApiTransport({
    getLanguage: options.getLanguage,
    fetch: options.fetch,
    // None in the production build (app/strip-contract-schemas.ts): the browser trusts the bff,
    // which validates every answer before sending it (decision 050). Development, `dev:mock` and
    // tests check every answer.
    validator: contractValidator,
  });
  return {
    async call(endpoint, input) {
      const session = endpoint.auth === 'none' ? null : options.getSession();
      try {
        return await client.call(endpoint, input);
      } catch (error) {
        if (
          session &&
          // A reply to an older session must not end the one that replaced it.
          options.getSession() === session &&
          // Logging out with a dead session is still a logout; the screen finishes it.
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
    // A refused stream only means polling: the next call notices a revoked session.
    stream: (stream, input) => client.stream(stream, input),
  };
}
