/**
 * The few cookie operations the app needs (the session's profile cookies, the language), in place
 * of a library on the first page. Values are URI-encoded as js-cookie wrote them, so cookies set
 * before still read back.
 */

export interface CookieAttributes {
  /** Days until the cookie expires; without it the cookie ends with the browser session. */
  expires?: number;
  path?: string;
  sameSite?: 'Strict' | 'Lax';
  secure?: boolean;
}

const DAY_MS = 86_400_000;

/** The build's prerender runs this code in Node, with no document: no cookies there. */
const cookieText = () => (typeof document === 'undefined' ? '' : document.cookie);

export function readCookie(name: string): string | undefined {
  const text = cookieText();
  for (const pair of text ? text.split('; ') : []) {
    const separator = pair.indexOf('=');
    if (decodeURIComponent(pair.slice(0, separator)) !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1));
    } catch {
      // Written by someone else with a malformed escape: not a value of ours.
      return undefined;
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, attributes: CookieAttributes = {}): void {
  if (typeof document === 'undefined') return;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  if (attributes.expires !== undefined) {
    cookie += `; expires=${new Date(Date.now() + attributes.expires * DAY_MS).toUTCString()}`;
  }
  if (attributes.path) cookie += `; path=${attributes.path}`;
  if (attributes.sameSite) cookie += `; samesite=${attributes.sameSite}`;
  if (attributes.secure) cookie += '; secure';
  document.cookie = cookie;
}

export function removeCookie(name: string, attributes: Pick<CookieAttributes, 'path'> = {}): void {
  writeCookie(name, '', { ...attributes, expires: -1 });
}
