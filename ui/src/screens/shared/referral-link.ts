/** The spec's referral link form, {host}/ref/{code}. */
export function referralLink(origin: string, code: string): string {
  return `${origin}/ref/${encodeURIComponent(code)}`;
}
