import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createBrand } from '@brnd/contracts/api/brands';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation } from '../../navigation.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { BRANDS_KEY } from '../shared/brand-votes.ts';
import { LOCAL_REFERRAL, readStored } from '../shared/storage.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { AddBrandView } from './AddBrandView.tsx';

type AddBrandBody = EndpointBody<typeof createBrand>;

export function useCreateBrandMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBrandBody) => api.call(createBrand, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BRANDS_KEY] }),
  });
}

/** /user/mybrands/addbrand: every field of a brand and its logo, sent as one multipart form. */
export function AddBrandScreen() {
  const intl = useIntl();
  const toast = useToast();
  const showError = useApiErrorToast();
  const { navigate } = useNavigation();
  const create = useCreateBrandMutation();
  return (
    <AddBrandView
      submitting={create.isPending}
      serverErrors={serverFieldErrors(create.error)}
      onSubmit={(values) => {
        // The referral code the visitor arrived with, as for a registration.
        const referral = readStored('local', LOCAL_REFERRAL);
        create.mutate(
          { ...values, ...(referral ? { referral_code: referral } : {}) },
          {
            onSuccess: ({ details }) => {
              toast.success(
                intl.formatMessage({ id: 'brands.form.created' }, { name: details.name }),
              );
              navigate('/user/mybrands/lists');
            },
            onError: (error) => {
              if (!serverFieldErrors(error)) showError(error);
            },
          },
        );
      }}
    />
  );
}
