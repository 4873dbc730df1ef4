import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { WebsiteSchema } from '@brnd/contracts/domain/rules';

/** The refer modal checks the address once typing has stopped for this long (docs/product.md#validation). */
export const URL_CHECK_DELAY_MS = 1_000;

/**
 * The address to look up for what the user typed: a domain with a 2 to 5 letter ending (the
 * contract's website rule), given `https://` when it has no scheme; null when it is no such address.
 */
export function referUrl(typed: string): string | null {
  const text = typed.trim();
  if (!v.safeParse(WebsiteSchema, text).success) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

export type UrlCheck<T> =
  | { state: 'idle' }
  | { state: 'waiting' }
  | { state: 'invalid' }
  | { state: 'checking'; url: string }
  | { state: 'found'; url: string; preview: T }
  | { state: 'failed'; url: string; error: unknown };

/**
 * Checks what the user typed, URL_CHECK_DELAY_MS after the last keystroke: an invalid address
 * says so, a valid one is looked up with `lookUp`. Typing again cancels the pending check and
 * drops an answer that arrives for an older text.
 */
export function useUrlCheck<T>(typed: string, lookUp: (url: string) => Promise<T>): UrlCheck<T> {
  const [check, setCheck] = useState<UrlCheck<T>>({ state: 'idle' });

  useEffect(() => {
    if (typed.trim() === '') {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'waiting' });
    let current = true;
    const timer = setTimeout(() => {
      const url = referUrl(typed);
      if (url === null) {
        setCheck({ state: 'invalid' });
        return;
      }
      setCheck({ state: 'checking', url });
      lookUp(url).then(
        (preview) => current && setCheck({ state: 'found', url, preview }),
        (error: unknown) => current && setCheck({ state: 'failed', url, error }),
      );
    }, URL_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // lookUp is a fresh function each render; the text alone decides when to check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  return check;
}
