import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { login } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { afterLoginTarget } from './after-login-target.ts';
import { LoginView } from './LoginView.tsx';

export function useLoginMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof login>) => api.call(login, { body }),
  });
}

export interface LoginScreenProps {
  /** The login page's search: buytoken + btc_brands/pln_brands, voting, or redirect. */
  search?: Record<string, unknown>;
}

export function LoginScreen({ search = {} }: LoginScreenProps) {
  const mutation = useLoginMutation();
  const { session, signIn } = useSession();
  const navigation = useNavigation();
  const showError = useApiErrorToast();
  // Already signed in (a bookmark, the back button, a link from a mail): go where a login would.
  const signedIn = session !== null && !mutation.isSuccess;
  useEffect(() => {
    if (!signedIn) return;
    const target = afterLoginTarget(search);
    navigation.navigate(target.to, { ...target.options, replace: true });
  }, [signedIn, search, navigation]);
  if (signedIn) return null;

  return (
    <LoginView
      submitting={mutation.isPending}
      serverErrors={serverFieldErrors(mutation.error)}
      onSubmit={(body) =>
        // A cookie session: the bff keeps the token in an HttpOnly cookie this page never reads.
        mutation.mutate(
          { ...body, session: 'cookie' },
          {
            onSuccess: (answer) => {
              if ('code' in answer) {
                // The phone is not verified yet: the answer's code continues the phone steps.
                navigation.navigate('/editPhone', { search: { edit: '', code: answer.code } });
                return;
              }
              const { email, mobile, name, operator } = answer;
              signIn({ email, mobile, name, ...(operator ? { operator } : {}) });
              const target = afterLoginTarget(search);
              navigation.navigate(target.to, target.options);
            },
            onError: showError,
          },
        )
      }
    />
  );
}
