import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText } from './api-error.ts';

/** The spec's rule for failed calls: a danger toast ('Warning') with the server's message. */
export function useApiErrorToast(): (error: unknown) => void {
  const intl = useIntl();
  const toast = useToast();
  return useCallback((error) => toast.danger(apiErrorText(error, intl)), [intl, toast]);
}
