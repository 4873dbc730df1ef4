import { useMutation } from '@tanstack/react-query';
import { signup } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import {
  LOCAL_EMAIL,
  LOCAL_REFERRAL,
  readStored,
  removeStored,
  writeStored,
} from '../shared/storage.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { RegisterView } from './RegisterView.tsx';

export function useSignupMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof signup>) => api.call(signup, { body }),
  });
}

export interface RegisterScreenProps {
  /** The `code` search parameter: a referral code from a shared link. */
  referralCode?: string;
  /** The `email` search parameter: the address a mail about waiting tokens was sent to. */
  email?: string;
}

export function RegisterScreen({ referralCode, email }: RegisterScreenProps) {
  const mutation = useSignupMutation();
  const navigation = useNavigation();
  const showError = useApiErrorToast();
  // A code in the address wins over one remembered from an earlier /ref/ visit.
  const referral = () => referralCode || readStored('local', LOCAL_REFERRAL);

  return (
    <RegisterView
      email={email}
      invited={Boolean(referral())}
      submitting={mutation.isPending}
      serverErrors={serverFieldErrors(mutation.error)}
      onSubmit={({ terms: _accepted, ...values }) => {
        const code = referral();
        mutation.mutate(code ? { ...values, referral_code: code } : values, {
          onSuccess: () => {
            removeStored('local', LOCAL_REFERRAL);
            writeStored('local', LOCAL_EMAIL, values.email);
            navigation.navigate('/confirmemail');
          },
          // A registered address is answered like a new one (decision 028): no "exists" case.
          onError: showError,
        });
      }}
    />
  );
}
