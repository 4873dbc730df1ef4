import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkResetCode, resetPassword } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation } from '../../navigation.tsx';
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
 * The link's code is used, expired or unknown (`linkInvalid`), or so mangled that no code could
 * be read (refused under `code`): asking again will not help. An outage or a throttle is not a
 * dead link, nor is a password the server refused (it is said under its field).
 */
function isDeadResetLink(error: unknown): boolean {
  return (
    isEndpointError(error, resetPassword, 'linkInvalid') ||
    (isEndpointError(error, resetPassword, 'validation') &&
      serverFieldErrors(error)?.code !== undefined)
  );
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
  // The code is the check's only input: a refused one is a dead link too.
  const dead =
    isEndpointError(check.error, checkResetCode, 'linkInvalid') ||
    isEndpointError(check.error, checkResetCode, 'validation');
  return { dead };
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
  const linkInvalid = check.dead || isDeadResetLink(mutation.error);

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
              // A dead link is said on the page, a refused password under its field.
              if (
                !isEndpointError(error, resetPassword, 'linkInvalid') &&
                !isEndpointError(error, resetPassword, 'validation')
              ) {
                showError(error);
              }
            },
          },
        )
      }
    />
  );
}
