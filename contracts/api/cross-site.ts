/**
 * The cross-site rule of the cookie session (decision 029), one rule for the bff and the mocks:
 * a state-changing request that authenticates by the session cookie must come from the app's own
 * origin. Fetch Metadata (`Sec-Fetch-Site`) decides when the browser sends it, else `Origin`.
 */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * true: from one of `ownOrigins` (or the user's own action, `Sec-Fetch-Site: none`); false: from
 * another site; undefined: the request carries neither header, so it cannot tell.
 */
export function fromOwnOrigin(
  header: (name: string) => string | null | undefined,
  ownOrigins: readonly string[],
): boolean | undefined {
  const site = header('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = header('origin');
  if (origin) return ownOrigins.includes(origin);
  return undefined;
}
