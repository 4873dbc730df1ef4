/**
 * The header the app adds to every API call: the language its page shows (`en` or `po`). A
 * message caused by the call (a sign-up's verification mail, a gift to someone without an
 * account, a company's application receipt) is written in it; `Accept-Language` is only the
 * fallback, because the browser's language is not the one the person chose on the site.
 */
export const LANGUAGE_HEADER = 'x-brnd-language';
