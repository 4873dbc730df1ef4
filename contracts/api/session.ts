import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './message.ts';
import { sessionErrors } from './shared-errors.ts';

/**
 * Ending a session, which the site's frame offers on every page. Apart from the account pages'
 * endpoints (accounts.ts), so the first page does not carry their field rules.
 */
export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: '/api/user/logout',
  auth: 'required',
  response: MessageResponseSchema,
  errors: { ...sessionErrors },
});
