import type * as v from 'valibot';
import type { ErrorDeclaration } from './error-kinds.ts';

/**
 * `declareError` and the error answers many endpoints share whose values need no schema
 * (decision 051). Without valibot: the first page's endpoints (brand-listings.ts) declare their
 * errors from here, and the production build keeps `errors` while it strips the schemas
 * (decision 050), so importing a schema module here would put valibot back into the first page.
 * The catalogue (error-catalogue.ts) re-exports all of it with the answers that carry values.
 */

/* @__NO_SIDE_EFFECTS__ */
export function declareError<
  const TValues extends v.GenericSchema | undefined = undefined,
>(definition: {
  status: number;
  messageId?: string;
  values?: TValues;
  retryAfter?: boolean;
}): ErrorDeclaration<TValues> {
  return {
    messageId: definition.messageId,
    values: definition.values as TValues,
    retryAfter: definition.retryAfter ?? false,
    status: definition.status,
  };
}

/** A request part broke the endpoint's schemas; `errors` maps each field to its message id. */
export const validation = declareError({ status: 400 });
/** No valid session (bearer token or cookie) for an endpoint that needs one. */
export const unauthorized = declareError({ status: 401, messageId: 'errors.unauthorized' });
/** A session riding on the cookie from another site (decision 029); never a safe method. */
export const crossSite = declareError({ status: 403, messageId: 'errors.crossSite' });
/** Signed in, but not an operator. */
export const forbidden = declareError({ status: 403, messageId: 'errors.forbidden' });
/** The id in the path (or body) names nothing this caller may see. */
export const notFound = declareError({ status: 404, messageId: 'errors.notFound' });

/**
 * No database connection was free in time (a rush): the platform's answer to any request, so no
 * endpoint declares it; like a 500, it is outside every catalogue (decision 088).
 */
export const busy = declareError({ status: 503, messageId: 'errors.busy', retryAfter: true });

/** The code of an e-mailed link (verification, reset, phone step) is unknown, used or expired. */
export const linkInvalid = declareError({ status: 400, messageId: 'errors.linkInvalid' });

/** The account's password, asked again before a sensitive change, is wrong (under its field). */
export const wrongCurrentPassword = declareError({
  status: 400,
  messageId: 'errors.wrongCurrentPassword',
});

/** A POST with `auth: 'required'`: no session, or a session from another site. */
export const sessionErrors = { unauthorized, crossSite } as const;
/** A GET with `auth: 'required'` (safe methods are never refused as cross-site). */
export const readSessionErrors = { unauthorized } as const;
/** An operator's GET. */
export const operatorReadErrors = { unauthorized, forbidden } as const;
/** An operator's POST. */
export const operatorErrors = { unauthorized, crossSite, forbidden } as const;
/** A call with params, query or a body. */
export const inputErrors = { validation } as const;
