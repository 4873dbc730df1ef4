import { useIntl } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBuybacks, recordBuyback } from '@brnd/contracts/api/burns';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import screen from '../shared/screen.module.css';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { BuybackForm, type BuybackValues } from './BuybackForm.tsx';
import { BuybackList } from './BuybackList.tsx';
import styles from './AdminBuybacks.module.css';

/** While a burn is on its way the list asks again, so it turns to Burned by itself. */
const PENDING_REFRESH_MS = 2_000;

export function adminBuybacksQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'buybacks'],
    queryFn: () => api.call(adminBuybacks),
    refetchInterval: (query) =>
      query.state.data?.buybacks.some((buyback) => buyback.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** The console's buyback-and-burn section: record the quarter's buyback, follow its burn. */
export function AdminBuybacksScreen() {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useApiErrorToast();
  const list = useQuery(adminBuybacksQueryOptions(api));
  const record = useMutation({
    mutationFn: (body: BuybackValues) => api.call(recordBuyback, { body }),
    onSuccess: ({ buyback }) => {
      toast.success(intl.formatMessage({ id: 'admin.buybacks.recorded' }, buyback));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'buybacks'] });
    },
    onError: (error) => {
      if (!serverFieldErrors(error)) showError(error);
    },
  });

  return (
    <Card title={intl.formatMessage({ id: 'admin.buybacks.heading' })}>
      <p className={screen.muted}>{intl.formatMessage({ id: 'admin.buybacks.intro' })}</p>
      {list.data?.wallet && (
        <p className={styles.wallet}>
          {intl.formatMessage({ id: 'admin.buybacks.wallet' })} <code>{list.data.wallet}</code>
        </p>
      )}
      <BuybackForm
        onSubmit={(values, done) => record.mutate(values, { onSettled: done })}
        submitting={record.isPending}
        serverErrors={serverFieldErrors(record.error)}
      />
      <h3>{intl.formatMessage({ id: 'admin.buybacks.list' })}</h3>
      {list.isPending ? (
        <LoadingPage label={intl.formatMessage({ id: 'common.loading' })} />
      ) : list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <BuybackList buybacks={list.data.buybacks} />
      )}
    </Card>
  );
}
