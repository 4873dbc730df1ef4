import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { resetPassword } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation } from '../../navigation.tsx';
import { isDeadLink } from '../shared/account-queries.ts';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { ResetPasswordView } from './ResetPasswordView.tsx';

export function useResetPasswordMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof resetPassword>) => api.call(resetPassword, { body }),
  });
}

export interface ResetPasswordScreenProps {
  /** The code from the reset e-mail's link, /resetpassword/{code}. */
  code: string;
}

export function ResetPasswordScreen({ code }: ResetPasswordScreenProps) {
  const intl = useIntl();
  const toast = useToast();
  const navigation = useNavigation();
  const showError = useApiErrorToast();
  const mutation = useResetPasswordMutation();
  const fieldErrors = serverFieldErrors(mutation.error);
  // A 400 about the password itself is shown on the field; any other refusal means the link.
  const linkInvalid = mutation.isError && !fieldErrors?.password && isDeadLink(mutation.error);

  return (
    <ResetPasswordView
      submitting={mutation.isPending}
      serverErrors={fieldErrors}
      linkInvalid={linkInvalid}
      onSubmit={(password) =>
        mutation.mutate(
          { password, code },
          {
            onSuccess: () => {
              toast.success(intl.formatMessage({ id: 'accounts.resetPassword.success' }));
              navigation.navigate('/login');
            },
            onError: (error) => {
              if (!isDeadLink(error)) showError(error);
            },
          },
        )
      }
    />
  );
}
