import { useMutation } from '@tanstack/react-query';
import { contact } from '@brnd/contracts/api/content';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { ContactView } from './ContactView.tsx';

export function useContactMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof contact>) => api.call(contact, { body }),
  });
}

export function ContactScreen() {
  const { navigate } = useNavigation();
  const mutation = useContactMutation();
  const showError = useApiErrorToast();
  return (
    <ContactView
      submitting={mutation.isPending}
      serverErrors={serverFieldErrors(mutation.error)}
      onSubmit={(values) =>
        mutation.mutate(values, {
          onSuccess: () => navigate('/contactsuccess'),
          // A 400 shows under its fields; a throttle (with its wait) or a failure is a toast.
          onError: (error) => {
            if (!serverFieldErrors(error)) showError(error);
          },
        })
      }
    />
  );
}
