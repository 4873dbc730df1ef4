import { useNavigation } from '../../navigation.tsx';

/** The spec's referral link form, {host}/ref/{code}. */
export function referralLink(origin: string, code: string): string {
  return `${origin}/ref/${encodeURIComponent(code)}`;
}

/** Referral links on the site's own address (Navigation.origin). */
export function useReferralLink(): (code: string) => string {
  const { origin } = useNavigation();
  return (code) => referralLink(origin, code);
}
