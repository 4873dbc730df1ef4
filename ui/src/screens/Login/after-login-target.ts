import type { NavigateOptions } from '../../navigation.tsx';

export interface NavigationTarget {
  to: string;
  options?: NavigateOptions;
}

/** The buy page's amount parameters: the login page passes exactly one of them on. */
const BUY_AMOUNT_PARAMS = ['btc_brands', 'pln_brands'] as const;
const AMOUNT = /^\d+(\.\d+)?$/;

function says(search: Record<string, unknown>, key: string): boolean {
  return search[key] !== undefined && search[key] !== null && search[key] !== false;
}

/**
 * Only a path on this site: '//evil.example' and '/\evil.example' are read by browsers as
 * another host, so an attacker could otherwise bounce a fresh login to their page.
 */
function sameSitePath(value: unknown): NavigationTarget | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  const hasControlCharacter = [...value].some((char) => char.charCodeAt(0) < 0x20);
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacter) return undefined;
  const base = 'https://brnd.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || url.pathname.startsWith('/login')) return undefined;
  const search = Object.fromEntries(url.searchParams);
  const options: NavigateOptions = {};
  if (Object.keys(search).length > 0) options.search = search;
  if (url.hash.length > 1) options.hash = url.hash.slice(1);
  return Object.keys(options).length > 0 ? { to: url.pathname, options } : { to: url.pathname };
}

/** Where a successful login goes, from the login page's search (docs/product.md#routes). */
export function afterLoginTarget(search: Record<string, unknown>): NavigationTarget {
  if (says(search, 'buytoken')) {
    for (const key of BUY_AMOUNT_PARAMS) {
      const amount = search[key];
      if (
        (typeof amount === 'string' || typeof amount === 'number') &&
        AMOUNT.test(String(amount))
      ) {
        return { to: '/user/buytoken', options: { search: { [key]: String(amount) } } };
      }
    }
    return { to: '/user/buytoken' };
  }
  if (says(search, 'voting')) return { to: '/voting' };
  return sameSitePath(search.redirect) ?? { to: '/user/dashboard' };
}
