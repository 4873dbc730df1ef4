/**
 * The browser values the spec names (§3): local `email`, `referral`, `mobile`; session
 * `resetPasswordRequest`. Storage can throw (private mode, disabled cookies), and losing one of
 * these values must never break a page, so failures read as "not stored".
 */
export const LOCAL_EMAIL = 'email';
export const LOCAL_REFERRAL = 'referral';
export const LOCAL_MOBILE = 'mobile';
export const SESSION_RESET_REQUEST = 'resetPasswordRequest';

type Area = 'local' | 'session';

function storage(area: Area): Storage {
  return area === 'local' ? window.localStorage : window.sessionStorage;
}

export function readStored(area: Area, key: string): string | undefined {
  try {
    return storage(area).getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(area: Area, key: string, value: string): void {
  try {
    storage(area).setItem(key, value);
  } catch {
    // Nothing to do: the value only saves the user some typing later.
  }
}

export function removeStored(area: Area, key: string): void {
  try {
    storage(area).removeItem(key);
  } catch {
    // See writeStored.
  }
}
