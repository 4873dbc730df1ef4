import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { SUCCESS, confirmEmail } from '@brnd/contracts/api/accounts';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';

export function useConfirmEmailMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const answer = await api.call(confirmEmail, { body: { verification_code: code } });
      if (answer.message !== SUCCESS) throw new Error(answer.message);
      return answer;
    },
  });
}

export interface VerifyEmailScreenProps {
  /** The code from the e-mail's link, /verify/{code}. */
  code: string;
}

/** Opened from the verification e-mail: confirms the address, then continues with the phone. */
export function VerifyEmailScreen({ code }: VerifyEmailScreenProps) {
  const intl = useIntl();
  const navigation = useNavigation();
  const { mutate, isError, error } = useConfirmEmailMutation();
  const confirmedCode = useRef<string | null>(null);

  const confirm = useCallback(
    () =>
      mutate(code, {
        // The same code authorises the phone steps that follow.
        onSuccess: () =>
          navigation.navigate('/editPhone', { search: { edit: '', code }, replace: true }),
      }),
    [mutate, navigation, code],
  );

  useEffect(() => {
    // Once per code, also when React runs effects twice in development.
    if (confirmedCode.current === code) return;
    confirmedCode.current = code;
    confirm();
  }, [code, confirm]);

  if (isError) {
    return (
      <LoadFailure
        title={intl.formatMessage({ id: 'accounts.verifyEmail.failedTitle' })}
        error={error}
        onRetry={confirm}
      />
    );
  }
  return <LoadingPage label={intl.formatMessage({ id: 'accounts.verifyEmail.pending' })} />;
}
