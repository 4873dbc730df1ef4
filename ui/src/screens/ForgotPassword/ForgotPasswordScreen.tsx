import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { forgotPassword } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { ApiError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { SESSION_RESET_REQUEST, writeStored } from '../shared/storage.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
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
  const showError = useApiErrorToast();

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
              // A throttle says how long to wait; anything else is the spec's plain failure.
              if (error instanceof ApiError && error.status === 429) showError(error);
              else toast.danger(intl.formatMessage({ id: 'accounts.forgotPassword.failed' }));
            },
          },
        )
      }
    />
  );
}
