import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkResetCode, resetPassword } from '@brnd/contracts/api/accounts';
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

/**
 * Whether the link still works, asked on load: a used or expired link is said before anyone
 * chooses a password. Only a dead link counts; an outage leaves the form (the submit tells).
 */
export function useResetCodeCheck(code: string) {
  const api = useApiClient();
  const check = useQuery({
    queryKey: ['user', 'resetCode', code],
    queryFn: () => api.call(checkResetCode, { params: { code } }),
    staleTime: Infinity,
  });
  return { dead: check.isError && isDeadLink(check.error) };
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
  const check = useResetCodeCheck(code);
  const fieldErrors = serverFieldErrors(mutation.error);
  // A 400 about the password itself is shown on the field; any other refusal means the link.
  const linkInvalid =
    check.dead || (mutation.isError && !fieldErrors?.password && isDeadLink(mutation.error));

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
