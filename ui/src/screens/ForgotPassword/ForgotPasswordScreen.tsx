import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { forgotPassword } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { SESSION_RESET_REQUEST, writeStored } from '../shared/storage.ts';
import { ForgotPasswordView } from './ForgotPasswordView.tsx';

export function useForgotPasswordMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof forgotPassword>) => api.call(forgotPassword, { body }),
  });
}

export function ForgotPasswordScreen() {
  const intl = useIntl();
  const toast = useToast();
  const mutation = useForgotPasswordMutation();

  return (
    <ForgotPasswordView
      submitting={mutation.isPending}
      serverErrors={serverFieldErrors(mutation.error)}
      sentTo={mutation.isSuccess ? mutation.variables.email : undefined}
      onSubmit={(email) =>
        mutation.mutate(
          { email },
          {
            onSuccess: () => {
              writeStored('session', SESSION_RESET_REQUEST, 'true');
              toast.success(intl.formatMessage({ id: 'accounts.forgotPassword.success' }));
            },
            onError: (error) => {
              if (serverFieldErrors(error)) return;
              // The server answers every address alike and never throttles in the answer (its
              // catalogue declares no 429): anything else is the spec's plain failure.
              toast.danger(intl.formatMessage({ id: 'accounts.forgotPassword.failed' }));
            },
          },
        )
      }
    />
  );
}
