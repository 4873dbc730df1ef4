import { useIntl } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrder,
  resolveOrder,
  resyncOrder,
  type AdminOrderDetail,
} from '@brnd/contracts/api/admin-orders';
import type { ApiClient } from '@brnd/contracts/api/client';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText, serverFieldErrors } from '../shared/api-error.ts';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import { AdminOrderView, BackToOrders } from './AdminOrderView.tsx';
import type { ResolveBody } from './ResolveForm.tsx';

/** A decision refused because the order moved on: someone decided first, or more money came. */
const STALE_DECISION = [
  'alreadyResolved',
  'notDecidable',
  'paymentChanged',
  'nothingToCredit',
] as const;

export function adminOrderQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'detail', id],
    queryFn: async () => (await api.call(adminOrder, { params: { id } })).order,
  });
}

/** An order changed by a decision or a resync: shown at once, and the lists fetched again. */
function useShowUpdated(id: string) {
  const queryClient = useQueryClient();
  return (updated: AdminOrderDetail) => {
    queryClient.setQueryData(['admin', 'orders', 'detail', id], updated);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
  };
}

/**
 * The order's page (/admin/orders/{id}): the order, "fetch from the provider again" (the
 * gateway's invoice read back through the webhooks' own code path, for an order whose webhooks
 * were lost, docs/decisions/027) and the decision on an exception.
 */
export function AdminOrderScreen({ id }: { id: string }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showUpdated = useShowUpdated(id);
  const query = useQuery(adminOrderQueryOptions(api, id));

  const resync = useMutation({
    mutationFn: () => api.call(resyncOrder, { params: { id } }),
    onSuccess: ({ order: updated }) => {
      toast.success(
        t('finance.orders.resynced', { status: t(`finance.statuses.${updated.status}`) }),
      );
      showUpdated(updated);
    },
    onError: (error) => toast.danger(apiErrorText(error, intl)),
  });

  const resolve = useMutation({
    mutationFn: ({
      decision,
      reference,
      note,
      paid_amount,
    }: ResolveBody & Pick<AdminOrderDetail, 'paid_amount'>) =>
      api.call(resolveOrder, {
        params: { id },
        body: {
          decision,
          paid_amount,
          ...(reference.trim() ? { reference } : {}),
          ...(note.trim() ? { note } : {}),
        },
      }),
    onSuccess: ({ resolution, order: updated }) => {
      toast.success(
        resolution.decision === 'credit'
          ? t('finance.orders.resolvedCredit', {
              tokens: resolution.brnd_tokens,
              email: updated.user_email,
            })
          : t('finance.orders.resolvedRefund', { id: updated.id }),
      );
      showUpdated(updated);
    },
    onError: (error) => {
      if (serverFieldErrors(error)) return;
      toast.danger(apiErrorText(error, intl));
      // Someone decided first, or more money came: show the order as it is now.
      if (STALE_DECISION.some((kind) => isEndpointError(error, resolveOrder, kind))) {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      }
    },
  });

  if (query.isPending) return <LoadingPage label={t('common.loading')} />;
  if (query.isError) {
    return (
      <>
        <BackToOrders />
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const order = query.data;
  return (
    <AdminOrderView
      order={order}
      onResync={() => resync.mutate()}
      resyncing={resync.isPending}
      onResolve={(body) =>
        // The answer is shown by the mutation's own handlers; the form only waits for it.
        resolve.mutateAsync({ ...body, paid_amount: order.paid_amount }).catch(() => undefined)
      }
      resolving={resolve.isPending}
      resolveError={resolve.error}
    />
  );
}
