import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SUCCESS, changeMobile } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { mobileQueryOptions } from '../shared/account-queries.ts';
import { DeadLinkPage, LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import { LOCAL_MOBILE, writeStored } from '../shared/storage.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { ConfirmPhoneView } from './ConfirmPhoneView.tsx';

export function useChangeMobileMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof changeMobile>) => api.call(changeMobile, { body }),
  });
}

export interface ConfirmPhoneScreenProps {
  /** The e-mail verification code from the query string; a link without one is dead. */
  code?: string;
  /** True on /editPhone (the query has `edit`). */
  editable: boolean;
}

export function ConfirmPhoneScreen({ code, editable }: ConfirmPhoneScreenProps) {
  return code ? <ConfirmPhone code={code} editable={editable} /> : <DeadLinkPage />;
}

function ConfirmPhone({ code, editable }: { code: string; editable: boolean }) {
  const intl = useIntl();
  const api = useApiClient();
  const navigation = useNavigation();
  const showError = useApiErrorToast();
  const number = useQuery(mobileQueryOptions(api, code));
  const mutation = useChangeMobileMutation();

  if (number.isPending) {
    return <LoadingPage label={intl.formatMessage({ id: 'accounts.confirmPhone.loading' })} />;
  }
  if (number.isError) {
    return <LoadFailure error={number.error} onRetry={() => void number.refetch()} />;
  }

  const failure =
    mutation.data && mutation.data.message !== SUCCESS ? mutation.data.message : undefined;

  return (
    <ConfirmPhoneView
      // A re-fetched number starts the form afresh.
      key={number.data.mobile}
      mobile={number.data.mobile}
      editable={editable}
      code={code}
      submitting={mutation.isPending}
      serverErrors={serverFieldErrors(mutation.error)}
      failure={failure}
      onSubmit={(mobile) =>
        mutation.mutate(
          { verification_code: code, mobile },
          {
            onSuccess: (answer) => {
              if (answer.message !== SUCCESS) return;
              // code_resend sends the number along, as the original client did.
              writeStored('local', LOCAL_MOBILE, mobile);
              navigation.navigate('/phoneverify', { search: { code } });
            },
            onError: (error) => {
              if (!serverFieldErrors(error)) showError(error);
            },
          },
        )
      }
    />
  );
}
