import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassword, updateProfile } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { profileQueryOptions, useProfileQuery } from '../shared/account-queries.ts';
import { apiErrorText, serverFieldErrors } from '../shared/api-error.ts';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { ProfileView } from './ProfileView.tsx';

export function useUpdateProfileMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof updateProfile>) => api.call(updateProfile, { body }),
    onSuccess: (answer) => queryClient.setQueryData(profileQueryOptions(api).queryKey, answer.user),
  });
}

export function useChangePasswordMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof changePassword>) => api.call(changePassword, { body }),
  });
}

/** A wrong current password belongs under that field, however the server reports it. */
function passwordFieldErrors(error: unknown) {
  const fields = serverFieldErrors(error);
  if (fields) return fields;
  return isEndpointError(error, changePassword, 'wrongCurrentPassword')
    ? { currentpassword: 'errors.wrongCurrentPassword' }
    : undefined;
}

/** /user/profile/person: personal data and password. */
export function ProfileScreen() {
  const intl = useIntl();
  const toast = useToast();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const showError = useApiErrorToast();
  const profile = useProfileQuery();
  const save = useUpdateProfileMutation();
  const change = useChangePasswordMutation();
  const passwordErrors = useMemo(() => passwordFieldErrors(change.error), [change.error]);

  if (profile.isPending) {
    return <Spinner size="large" label={intl.formatMessage({ id: 'profile.loading' })} />;
  }
  if (profile.isError) {
    return (
      <div>
        <Alert variant="danger">
          {intl.formatMessage({ id: 'profile.loadFailed' })} {apiErrorText(profile.error, intl)}
        </Alert>
        <Button onClick={() => void profile.refetch()}>
          {intl.formatMessage({ id: 'accounts.common.tryAgain' })}
        </Button>
      </div>
    );
  }

  const user = profile.data;
  return (
    <ProfileView
      user={user}
      savingProfile={save.isPending}
      profileErrors={serverFieldErrors(save.error)}
      onSaveProfile={(values) =>
        save.mutate(
          // The original client sends e-mail and mobile along; the server ignores them.
          { ...values, email: user.email, mobile: user.mobile },
          {
            onSuccess: () => toast.success(intl.formatMessage({ id: 'profile.personal.success' })),
            onError: (error) => {
              if (!serverFieldErrors(error)) showError(error);
            },
          },
        )
      }
      changingPassword={change.isPending}
      passwordErrors={passwordErrors}
      onChangePassword={(values) =>
        change.mutate(values, {
          onSuccess: () => {
            toast.success(intl.formatMessage({ id: 'profile.password.success' }));
            // The server ended every session; this browser follows and signs in anew.
            signOut();
            queryClient.clear();
            navigation.navigate('/login');
          },
          onError: (error) => {
            if (!passwordFieldErrors(error)) showError(error);
          },
        })
      }
    />
  );
}
