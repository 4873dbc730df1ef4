import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { visitReferral } from '@brnd/contracts/api/referrals';
import { referralLanding } from '@brnd/contracts/domain/referrals';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { LoadingPage } from '../shared/LoadStates.tsx';
import { LOCAL_REFERRAL, writeStored } from '../shared/storage.ts';

export interface ReferralLandingScreenProps {
  /** From /ref/{code}. */
  code: string;
}

/**
 * /ref/{code}: counts the click, remembers the code for sign-up (and brand creation), and sends
 * the visitor on: to the token sale or the voting page when the code names them, else to sign-up
 * (or, when already signed in, to the dashboard).
 */
export function ReferralLandingScreen({ code }: ReferralLandingScreenProps) {
  const intl = useIntl();
  const api = useApiClient();
  const navigation = useNavigation();
  const { session } = useSession();
  const { mutate } = useMutation({
    mutationFn: (referralCode: string) =>
      api.call(visitReferral, { body: { referral_code: referralCode } }),
  });
  const visited = useRef<string | null>(null);

  useEffect(() => {
    // Once per code, also when React runs effects twice in development.
    if (visited.current === code) return;
    visited.current = code;
    writeStored('local', LOCAL_REFERRAL, code);
    const target = referralLanding(code);
    // Someone already signed in has no account to create: their dashboard, not the sign-up form.
    const goOn = () =>
      session && target === '/register'
        ? navigation.navigate('/user/dashboard', { replace: true })
        : navigation.navigate(target, { search: { code }, replace: true });
    // An unknown or mistyped code still lets the visitor in; the click just is not counted.
    mutate(code, { onSettled: goOn });
  }, [code, mutate, navigation, session]);

  return <LoadingPage label={intl.formatMessage({ id: 'referrals.landing' })} />;
}
